internal import CAssimp
import SproutMath
import SproutScene

/// What a glTF file's structure adds to Assimp's tree: which Assimp meshes each glTF mesh
/// became, MSFT_lod's levels, EXT_mesh_gpu_instancing's copies, and the parts each glTF
/// material draws (what KHR_animation_pointer's material channels drive).
extension SceneConverter {
    /// The Assimp meshes of each glTF mesh a node of the scene draws, one per primitive in the
    /// file's order (Assimp makes one mesh per primitive); meshes whose node's count disagrees are left out.
    func gltfMeshes() -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for (index, node) in (gltf?["nodes"]?.array ?? []).enumerated() {
            guard let aiNode = nodeMap.aiNodes[index], let meshIndex = node["mesh"]?.int, result[meshIndex] == nil,
                let primitives = gltf?["meshes"]?[meshIndex]?["primitives"]?.array, primitives.count == Int(aiNode.pointee.mNumMeshes)
            else { continue }
            let meshes = (0..<primitives.count).map { Int(aiNode.pointee.mMeshes[$0]) }
            guard meshes.allSatisfy({ $0 < Int(scene.pointee.mNumMeshes) }) else { continue }
            result[meshIndex] = meshes
        }
        return result
    }

    /// Triangles of TRIANGLES primitives that Assimp 5.2 left out because an index names a
    /// vertex the primitive does not have (glTF 3.7.2.1 forbids it; Assimp skips the face): each
    /// primitive's index count over 3 against the faces of its Assimp mesh.
    func trianglesWithIndicesOutOfRange() -> Int {
        primitiveOfAssimpMesh.reduce(0) { dropped, entry in
            guard let primitive = gltf?["meshes"]?[entry.value.mesh]?["primitives"]?[entry.value.primitive], (primitive["mode"]?.int ?? 4) == 4,
                primitive["extensions"]?["KHR_draco_mesh_compression"] == nil, let indices = primitive["indices"]?.int,
                let count = gltf?["accessors"]?[indices]?["count"]?.int, let mesh = scene.pointee.mMeshes[entry.key]?.pointee
            else { return dropped }
            return dropped + max(0, count / 3 - Int(mesh.mNumFaces))
        }
    }

    /// The parts under `root` drawn with each glTF material by default, levels of detail included.
    func partsOfMaterial(under root: Entity) -> [Int: [(entity: Entity, part: PartReference)]] {
        var result: [Int: [(entity: Entity, part: PartReference)]] = [:]
        for entity in [root] + root.descendants {
            guard let model = entity.model else { continue }
            let lists = [(nil as Int?, model.parts)] + model.levelsOfDetail.enumerated().map { ($0.offset as Int?, $0.element.parts) }
            for (level, parts) in lists {
                for (index, part) in parts.enumerated() {
                    if let material = gltfMaterialOfMesh[ObjectIdentifier(part.mesh)] {
                        result[material, default: []].append((entity, PartReference(level: level, index: index)))
                    }
                }
            }
        }
        return result
    }

    /// MSFT_lod: the meshes of the nodes a node lists in `extensions.MSFT_lod.ids` become its
    /// model's levels of detail (`GLTFLevels` reads them: Assimp imports only what the scene
    /// reaches), switching where `extras.MSFT_screencoverage` says (a level is drawn below the
    /// square root of the coverage before it, as a height: what `GLBWriter` writes) or at
    /// Sprout's own heights. The listed nodes' own transforms and children are not read.
    mutating func attachLevelsOfDetail(buffers: GLTFBuffers) throws {
        guard let gltf, let nodes = gltf["nodes"]?.array else { return }
        let reader = GLTFLevels(json: gltf, buffers: buffers)
        for (index, node) in nodes.enumerated() {
            guard let ids = node["extensions"]?["MSFT_lod"]?["ids"]?.array.compactMap(\.int), !ids.isEmpty,
                let aiNode = nodeMap.aiNodes[index], let entity = entities[aiNode], entity.model != nil
            else { continue }
            let coverage = node["extras"]?["MSFT_screencoverage"]?.array.compactMap(\.number) ?? []
            var levels: [LevelOfDetail] = []
            for (i, id) in ids.prefix(LevelOfDetail.screenHeights.count).enumerated() {
                guard let meshIndex = nodes.indices.contains(id) ? nodes[id]["mesh"]?.int : nil else { continue }
                var parts: [ModelPart] = []
                for (part, primitive, material) in try reader.parts(ofMesh: meshIndex, material: { try gltfMaterial(at: $0) }) {
                    var withVariants = part
                    withVariants.variants = try materialVariants(variants.materials[meshIndex]?[primitive], defaultMaterial: part.material)
                    parts.append(withVariants)
                    gltfMaterialOfMesh[ObjectIdentifier(part.mesh)] = material
                }
                meshes += parts.map(\.mesh)
                let height = i < coverage.count && coverage[i] > 0 && coverage[i] <= 1 ? Float(coverage[i].squareRoot()) : LevelOfDetail.screenHeights[i]
                if !parts.isEmpty { levels.append(LevelOfDetail(maxScreenHeight: height, parts: parts)) }
            }
            entity.model?.levelsOfDetail += levels
        }
    }

    /// EXT_mesh_gpu_instancing (`GLTFInstancing`): an instanced node's model moves to one child
    /// entity per instance, at the instance's transform under the node, so hit tests, bounds,
    /// shadows and animations of the node treat the copies as they would nodes. A skinned or
    /// morphed node keeps its model, drawn once (said in `unsupportedContent`). Malformed
    /// attributes fail the import, naming the node; so do more instances, or more triangles
    /// drawn through them, than the limits allow.
    mutating func expandInstances(buffers: GLTFBuffers) throws {
        guard let gltf, let nodes = gltf["nodes"]?.array else { return }
        var instances = 0, triangles = 0
        for (index, node) in nodes.enumerated() {
            let request = GLTFInstancing.request(of: node, in: gltf, buffers: buffers, maximumInstances: limits.maximumNodeInstances)
            if case .malformed(let why) = request {
                throw ModelImportError.malformed(path: modelPath, reason: "nodes[\(index)].extensions.EXT_mesh_gpu_instancing: \(why)")
            }
            if case .tooMany(let count) = request {
                throw ModelImportError.exceedsLimit(
                    path: modelPath, what: "more than \(limits.maximumNodeInstances) instances (EXT_mesh_gpu_instancing: nodes[\(index)] declares \(count))")
            }
            guard case .instances(let transforms) = request, let aiNode = nodeMap.aiNodes[index], let entity = entities[aiNode],
                let model = entity.model
            else { continue }
            if node["skin"] != nil || model.isDeformable {
                posedInstancedNodes += 1
                continue
            }
            instances += transforms.count
            triangles += transforms.count * model.parts.reduce(0) { $0 + $1.mesh.primitiveCount }
            guard instances <= limits.maximumNodeInstances else {
                throw ModelImportError.exceedsLimit(
                    path: modelPath, what: "more than \(limits.maximumNodeInstances) instances (EXT_mesh_gpu_instancing)")
            }
            guard triangles <= limits.maximumTriangles else {
                throw ModelImportError.exceedsLimit(
                    path: modelPath, what: "more than \(limits.maximumTriangles) triangles drawn through EXT_mesh_gpu_instancing's instances")
            }
            entity.model = nil
            for (i, transform) in transforms.enumerated() {
                entity.addChild(Entity(name: "\(entity.name) instance \(i)", transform: transform, model: model))
            }
        }
    }

    /// KHR_node_selectability: a node whose `selectable` is false is skipped by hit tests, with
    /// its descendants (`Entity.isSelectable`).
    func markUnselectableNodes() {
        for (index, node) in (gltf?["nodes"]?.array ?? []).enumerated()
        where node["extensions"]?["KHR_node_selectability"]?["selectable"]?.bool == false {
            if let aiNode = nodeMap.aiNodes[index] { entities[aiNode]?.isSelectable = false }
        }
    }

    /// KHR_node_visibility: a node whose `visible` is false is disabled, with its descendants
    /// (`Entity.isEnabled`: neither drawn, nor lighting, nor hit), until an animation shows it.
    func hideInvisibleNodes() {
        for (index, node) in (gltf?["nodes"]?.array ?? []).enumerated()
        where node["extensions"]?["KHR_node_visibility"]?["visible"]?.bool == false {
            if let aiNode = nodeMap.aiNodes[index] { entities[aiNode]?.isEnabled = false }
        }
    }
}
