internal import CAssimp
import SproutFiles
import SproutImage
import SproutMath
import SproutScene

/// Turns an `aiScene` into entities, meshes, materials and textures. One per import.
struct SceneConverter {
    let scene: UnsafePointer<aiScene>
    let modelPath: String
    let fileSystem: ConfinedFileSystem
    /// A glTF file's own JSON, for what Assimp does not keep (texture transforms and
    /// coordinate sets, emissive strength, unlit); nil for other formats.
    let gltf: GLTFJSON?
    var meshCache: [Int: ModelPart?] = [:]
    /// Sprout's material of each Assimp material made so far (`material(index:)`).
    var materialCache: [Int: Material] = [:]
    /// Textures made so far, by reference and sampler.
    var textureCache: [String: Texture] = [:]
    /// Images decoded ahead, together, by reference (`prefetchImages`), each with the name its
    /// file was found by when that was its file name alone (noted when the image is used).
    var prefetchedImages: [String: (image: Result<Image, any Error>, foundByName: String?)] = [:]
    var meshes: [Mesh] = []
    /// Vertices that had more joint influences than the eight Sprout keeps.
    var truncatedInfluences = 0
    /// Meshes with more morph targets than `maximumMorphTargets`.
    var truncatedMorphs = 0
    /// An OBJ's material libraries' names, as the preflight found them (`ModelPreflight`).
    var objLibraries: [String] = []
    /// Those libraries as read by Sprout (`applyOBJ`), once, at the first material.
    var objStatements: OBJMaterialStatements?
    /// Texture kinds Sprout does not draw (`unreadTextureKinds`), with how many materials name one.
    var unreadTextures: [String: Int] = [:]
    /// Nodes with EXT_mesh_gpu_instancing whose model is skinned or morphed: drawn once.
    var posedInstancedNodes = 0
    /// glTF orthographic cameras whose view the specification forbids (drawn in perspective).
    var invalidOrthographicCameras: [String] = []
    /// The Assimp node of each glTF node.
    let nodeMap: GLTFNodeMap
    /// For an Assimp mesh drawn by a skinned node: its skin's joints' names, in joint order
    /// (Assimp names each bone after its joint's node). glTF's from the file's `skins`, another
    /// format's from the bones of the node's meshes (`AssimpSkins`).
    var jointNamesByMesh: [Int: [String]] = [:]
    /// Another format's skinned nodes, whose skins are attached once every entity is made.
    var assimpSkins = AssimpSkins()
    /// The entity made of each Assimp node.
    var entities: [UnsafeMutablePointer<aiNode>: Entity] = [:]
    /// Where the file is (the `.glb`'s own binary chunk is read from it).
    private let absolutePath: String
    /// What the file may ask for: a buffer's bytes, the node hierarchy's depth, one texture's
    /// pixels (checked from its header before it is decoded), instances and their triangles.
    let limits: ModelLimits
    /// The glTF file's buffers (its rewritten GLB's when `GLTFRewrite` made one).
    private let buffers: GLTFBuffers?
    /// Textures read from the glTF file's JSON (those Assimp does not import).
    var gltfTextures: GLTFTextures?
    /// The texture pixels decoded so far, by either reader, against the model's limit.
    let texturePixels: TexturePixelBudget
    /// The glTF materials of each name, in the file's order (`gltfMaterial(named:assimpIndex:)`:
    /// a search of every material for each of 8,000 had taken 4 s).
    let gltfMaterialsByName: [String: [Int]]
    /// The Assimp material made of each glTF material the scene's primitives use, by glTF index
    /// (Assimp 5.2 imports only those, in the order it meets them).
    private(set) var assimpMaterialOfGLTF: [Int: Int] = [:]
    /// KHR_materials_variants: the variants' names and each Assimp mesh's variant materials.
    var variants = GLTFVariants()
    /// Materials read from the JSON alone (variants no primitive uses by default), by glTF index.
    var materialsReadFromJSON: [Int: Material] = [:]
    /// The glTF mesh and primitive each Assimp mesh was made of (Assimp makes one per primitive).
    var primitiveOfAssimpMesh: [Int: (mesh: Int, primitive: Int)] = [:]
    /// The glTF material each mesh made here is drawn with by default (what a material's
    /// KHR_animation_pointer channels drive), by the mesh's identity.
    var gltfMaterialOfMesh: [ObjectIdentifier: Int] = [:]

    /// The most morph targets a mesh is drawn with (the shader's weight array); more are warned about.
    static let maximumMorphTargets = 64

    init(
        scene: UnsafePointer<aiScene>, modelPath: String, absolutePath: String? = nil, fileSystem: ConfinedFileSystem,
        gltf: GLTFJSON? = nil, buffers: GLTFBuffers? = nil, limits: ModelLimits = .standard
    ) {
        self.scene = scene
        self.modelPath = modelPath
        self.absolutePath = absolutePath ?? modelPath
        self.fileSystem = fileSystem
        self.gltf = gltf
        self.limits = limits
        gltfMaterialsByName = (gltf?["materials"]?.array ?? []).enumerated().reduce(into: [:]) { byName, material in
            if let name = material.element["name"]?.string { byName[name, default: []].append(material.offset) }
        }
        self.buffers =
            buffers
            ?? gltf.map {
                GLTFBuffers(
                    json: $0, path: absolutePath ?? modelPath, fileExtension: ModelImporter.fileExtension(modelPath), fileSystem: fileSystem,
                    maximumBytes: limits.maximumFileBytes)
            }
        texturePixels = TexturePixelBudget(limit: limits.maximumTexturePixels, modelPath: modelPath)
        gltfTextures = self.buffers.map { [texturePixels] in
            GLTFTextures(buffers: $0, modelPath: modelPath, maximumPixels: limits.maximumTexturePixels, budget: texturePixels)
        }
        nodeMap = GLTFNodeMap(json: gltf, root: scene.pointee.mRootNode)
        for (index, node) in (gltf?["nodes"]?.array ?? []).enumerated() {
            guard let skin = node["skin"]?.int, let aiNode = nodeMap.aiNodes[index] else { continue }
            let names = (gltf?["skins"]?[skin]?["joints"]?.array ?? []).map { $0.int.flatMap(nodeMap.name(of:)) ?? "" }
            for m in 0..<Int(aiNode.pointee.mNumMeshes) { jointNamesByMesh[Int(aiNode.pointee.mMeshes[m])] = names }
        }
        for (gltfMesh, aiMeshes) in gltfMeshes() {
            for (p, (primitive, m)) in zip(gltf?["meshes"]?[gltfMesh]?["primitives"]?.array ?? [], aiMeshes).enumerated() {
                primitiveOfAssimpMesh[m] = (gltfMesh, p)
                if let material = primitive["material"]?.int, let ai = scene.pointee.mMeshes[m] {
                    assimpMaterialOfGLTF[material] = Int(ai.pointee.mMaterialIndex)
                }
            }
        }
    }

    mutating func convert(extension ext: String) throws -> ModelAsset {
        let fileName = String(modelPath.split(separator: "/").last ?? Substring(modelPath))
        let wrapper = Entity(name: fileName, transform: Transform(matrix: normalisation(extension: ext)))
        if let gltf { variants = try GLTFVariants(json: gltf, path: modelPath) }
        prefetchImages()
        if let rootNode = scene.pointee.mRootNode {
            wrapper.addChild(try entity(for: rootNode, maximumDepth: limits.maximumNodeDepth))
        }
        if let buffers {
            try attachLevelsOfDetail(buffers: buffers)
            try expandInstances(buffers: buffers)
            hideInvisibleNodes()
            markUnselectableNodes()
        }
        let materials =
            materialCache.keys.sorted().compactMap { materialCache[$0] } + materialsReadFromJSON.keys.sorted().compactMap { materialsReadFromJSON[$0] }
        let made = gltfTextures?.made ?? [:]
        let textures = textureCache.keys.sorted().compactMap { textureCache[$0] } + made.keys.sorted().compactMap { made[$0] }
        var asset = ModelAsset(root: wrapper, meshes: meshes, materials: materials, textures: textures, sourcePath: modelPath)
        asset.cameras = cameras(in: wrapper)
        asset.materialVariants = variants.names
        asset.warnings = unsupportedContent()
        if gltf == nil {
            let broken = assimpSkins.attach(entities: entities, under: wrapper)
            if broken > 0 {
                asset.warnings.append(
                    "\(modelPath): has \(broken) skinned node(s) with a bone naming no node, which Sprout draws in their bind pose")
            }
        }
        if gltf == nil && scene.pointee.mNumAnimations > 0 {
            let (clips, dropped) = try assimpClips(under: wrapper, maximumChannels: limits.maximumAnimationChannels)
            wrapper.animationClips = clips
            if dropped > 0 {
                asset.warnings.append(
                    "\(modelPath): has \(dropped) animation channel(s) Sprout cannot play (keys not in time order or not finite, or on no node it draws)")
            }
        }
        if let gltf, let buffers {
            var animations = GLTFAnimations(
                json: gltf, buffers: buffers, entities: nodeMap.aiNodes.compactMapValues { entities[$0] }, root: wrapper,
                partsOfMaterial: partsOfMaterial(under: wrapper))
            animations.attachSkinsAndWeights()
            wrapper.animationClips = try animations.clips(maximumChannels: limits.maximumAnimationChannels, path: modelPath)
            asset.warnings += animations.warnings.map { "\(modelPath): \($0)" }
        }
        let lights = GLTFLights.declared(in: gltf)
        if !lights.isEmpty {
            let lost = GLTFLights.attach(lights, scene: scene, under: wrapper)
            if lost > 0 { asset.warnings.append("\(modelPath): has \(lost) light(s) on no node Sprout could find, which are not drawn") }
        }
        return asset
    }

    /// What the file has that Sprout does not draw, one line each: another format's animations
    /// and skins that cannot be played, what was cut to the shader's limits.
    private func unsupportedContent() -> [String] {
        var lines: [String] = []
        let s = scene.pointee
        if gltf == nil {
            // Node animations play (`assimpClips`); another format's vertex and morph animations do not.
            let meshChannels = (0..<Int(s.mNumAnimations)).reduce(0) { sum, a in
                sum + (s.mAnimations[a].map { Int($0.pointee.mNumMeshChannels + $0.pointee.mNumMorphMeshChannels) } ?? 0)
            }
            if meshChannels > 0 { lines.append("has \(meshChannels) mesh or morph animation channel(s), which Sprout plays from glTF files only") }
        }
        var skinned = 0
        for i in 0..<Int(s.mNumMeshes) {
            guard let mesh = s.mMeshes[i]?.pointee else { continue }
            if mesh.mNumBones > 0 && jointNamesByMesh[i] == nil { skinned += 1 }
        }
        if skinned > 0 {
            lines.append(
                "has \(skinned) skinned mesh(es) whose bones Sprout cannot follow (more than \(Skin.maximumJoints), an offset matrix that is not a number, or a mesh other nodes draw with other bones), drawn in their bind pose"
            )
        }
        if truncatedInfluences > 0 {
            lines.append("has \(truncatedInfluences) vertices moved by more than 8 joints: the 8 strongest are kept, their weights rescaled to sum to 1")
        }
        if truncatedMorphs > 0 {
            lines.append(
                "has \(truncatedMorphs) mesh(es) with more than \(Self.maximumMorphTargets) morph targets: the first \(Self.maximumMorphTargets) are drawn")
        }
        if posedInstancedNodes > 0 {
            lines.append(
                "has \(posedInstancedNodes) skinned or morphed node(s) with EXT_mesh_gpu_instancing, which Sprout draws once each, at the node")
        }
        if let gltf, case let later = Self.texturesOnALaterCoordinateSet(in: gltf), later > 0 {
            lines.append("has \(later) texture reference(s) to a third or later coordinate set (texCoord 2 on), which Sprout draws with TEXCOORD_0")
        }
        if let gltf, case let positionless = GLTFRewrite.primitivesWithoutPositions(of: gltf), let first = positionless.first {
            lines.append(
                "has \(positionless.count) primitive(s) without POSITION, which glTF skips: not drawn (the first: meshes[\(first.mesh)].primitives[\(first.primitive)])"
            )
        }
        if case let outOfRange = trianglesWithIndicesOutOfRange(), outOfRange > 0 {
            lines.append("has \(outOfRange) triangle(s) with an index past their primitive's vertices, which are not drawn")
        }
        if let gltf, case let imageless = Self.texturesWithoutImage(in: gltf), !imageless.isEmpty {
            let named = imageless.prefix(3).map { "textures[\($0)]" }.joined(separator: ", ") + (imageless.count > 3 ? ", ..." : "")
            lines.append("has \(imageless.count) texture(s) naming no image (no `source`, nor an image extension Sprout reads), drawn without: \(named)")
        }
        if let first = fileSystem.foundByName.first {
            let quoted = PrintableText.escaped(first, limit: 120)
            lines.append(
                "names \(fileSystem.foundByName.count) texture(s) by a path not beside it, found by file name in its folder instead (the first: '\(quoted)')")
        }
        if !unreadTextures.isEmpty {
            let kinds = unreadTextures.sorted { $0.key < $1.key }.map { "\($0.key) in \($0.value) material(s)" }
            lines.append("has textures Sprout does not draw: \(kinds.joined(separator: "; "))")
        }
        if let first = invalidOrthographicCameras.first {
            lines.append(
                "has \(invalidOrthographicCameras.count) orthographic camera(s) without a non-zero ymag and 0 <= znear < zfar (the first: \(first)), drawn in perspective"
            )
        }
        return lines.map { "\(modelPath): \($0)" }
    }

    func vector(_ v: aiVector3D) -> Vec3 { Vec3(v.x, v.y, v.z) }

    /// Metres and +Y up. glTF, OBJ, PLY, STL are taken as metres, +Y up (the formats' or the common
    /// convention); FBX says its unit (centimetres per unit) and up axis in its metadata.
    private func normalisation(extension ext: String) -> Matrix4 {
        guard ext == "fbx" else { return .identity }
        let unit = metadataNumber("UnitScaleFactor") ?? 1   // FBX default unit is the centimetre
        var m = Matrix4.scale(Vec3(repeating: Float(unit / 100)))
        if let up = metadataNumber("UpAxis"), Int(up) == 2 {
            let sign = Float(metadataNumber("UpAxisSign") ?? 1)
            m = Matrix4.rotationX(-.pi / 2 * sign) * m
        }
        return m
    }

    private func metadataNumber(_ key: String) -> Double? {
        guard let meta = scene.pointee.mMetaData?.pointee, let keys = meta.mKeys, let values = meta.mValues else { return nil }
        for i in 0..<Int(meta.mNumProperties) where string(keys[i]) == key {
            let entry = values[i]
            guard let data = entry.mData else { return nil }
            switch entry.mType {
            case AI_INT32: return Double(data.load(as: Int32.self))
            case AI_UINT64: return Double(data.load(as: UInt64.self))
            case AI_FLOAT: return Double(data.load(as: Float.self))
            case AI_DOUBLE: return data.load(as: Double.self)
            default: return nil
            }
        }
        return nil
    }

    /// The entity tree of Assimp's node tree, walked with an explicit stack (a hostile file's
    /// chain thousands deep must not exhaust the thread's stack; `ModelLimits.maximumNodeDepth`
    /// bounds it), children in the file's order. Throws when the tree is deeper than `maximumDepth`.
    private mutating func entity(for root: UnsafeMutablePointer<aiNode>, maximumDepth: Int) throws -> Entity {
        var top: Entity?
        var stack: [(node: UnsafeMutablePointer<aiNode>, parent: Entity?, depth: Int)] = [(root, nil, 1)]
        while let (node, parent, depth) = stack.popLast() {
            guard depth <= maximumDepth else {
                throw ModelImportError.exceedsLimit(path: modelPath, what: "a node hierarchy more than \(maximumDepth) levels deep")
            }
            let result = Entity(name: string(node.pointee.mName), transform: Transform(matrix: matrix(node.pointee.mTransformation)))
            entities[node] = result
            if let parent { parent.addChild(result) } else { top = result }
            if gltf == nil { assimpSkins.gather(node: node, scene: scene, jointNamesByMesh: &jointNamesByMesh) }
            let parts = try modelParts(of: node.pointee)
            var levels: [LevelOfDetail] = []
            var children: [UnsafeMutablePointer<aiNode>] = []
            for i in 0..<Int(node.pointee.mNumChildren) {
                guard let child = node.pointee.mChildren[i] else { continue }
                // A child named NAME_LOD1 ... NAME_LOD3 of a node with meshes is that node's cheaper
                // level, not an entity of its own (its own transform and children are not read).
                if !parts.isEmpty, let level = Self.levelNumber(string(child.pointee.mName)) {
                    let levelParts = try modelParts(of: child.pointee)
                    if !levelParts.isEmpty {
                        levels.append(LevelOfDetail(maxScreenHeight: LevelOfDetail.screenHeights[level - 1], parts: levelParts))
                    }
                    continue
                }
                children.append(child)
            }
            // Last pushed, first made: the children are added in the file's order.
            stack += children.reversed().map { ($0, result, depth + 1) }
            if !parts.isEmpty {
                result.model = ModelComponent(parts: parts, levelsOfDetail: levels, morphWeights: defaultMorphWeights(of: node.pointee))
            }
        }
        return top!
    }

    /// The weights Assimp gives a node's first morphed mesh's targets (glTF `mesh.weights`).
    private func defaultMorphWeights(of node: aiNode) -> [Float] {
        for i in 0..<Int(node.mNumMeshes) {
            let index = Int(node.mMeshes[i])
            guard index < Int(scene.pointee.mNumMeshes), let m = scene.pointee.mMeshes[index]?.pointee, m.mNumAnimMeshes > 0 else { continue }
            return (0..<min(Int(m.mNumAnimMeshes), Self.maximumMorphTargets)).map { m.mAnimMeshes[$0]?.pointee.mWeight ?? 0 }
        }
        return []
    }

    private mutating func modelParts(of node: aiNode) throws -> [ModelPart] {
        var parts: [ModelPart] = []
        for i in 0..<Int(node.mNumMeshes) {
            if let part = try modelPart(meshIndex: Int(node.mMeshes[i])) { parts.append(part) }
        }
        return parts
    }

    /// 1...3 for a name ending in `_LOD1` ... `_LOD3` (any case), else nil.
    static func levelNumber(_ name: String) -> Int? {
        let upper = name.uppercased()
        guard upper.count > 5, let last = upper.last, let level = last.wholeNumberValue, (1...LevelOfDetail.screenHeights.count).contains(level),
            upper.dropLast().hasSuffix("_LOD")
        else { return nil }
        return level
    }
}

/// aiString holds its bytes in a fixed C array.
func string(_ s: aiString) -> String {
    withUnsafeBytes(of: s.data) { String(decoding: $0.prefix(Int(s.length)), as: UTF8.self) }
}

/// aiMatrix4x4 is row-major (a1 a2 a3 a4 is the first row).
func matrix(_ m: aiMatrix4x4) -> Matrix4 {
    Matrix4(Vec4(m.a1, m.b1, m.c1, m.d1), Vec4(m.a2, m.b2, m.c2, m.d2), Vec4(m.a3, m.b3, m.c3, m.d3), Vec4(m.a4, m.b4, m.c4, m.d4))
}
