internal import CAssimp
import SproutImage
import SproutMath
import SproutScene

/// Assimp's meshes as Sprout's model parts: the primitive, its vertices (flat-shaded where the
/// file has no normals, with tangent frames where a material reads them), skin influences, morph
/// targets, and the material with its variants.
extension SceneConverter {
    mutating func modelPart(meshIndex: Int) throws -> ModelPart? {
        if let cached = meshCache[meshIndex] { return cached }
        guard meshIndex < Int(scene.pointee.mNumMeshes), let aiMeshPointer = scene.pointee.mMeshes[meshIndex] else { return nil }
        // A glTF primitive without positions is drawn as nothing (Assimp read a placeholder point for it: `GLTFAssimpView`).
        if let source = primitiveOfAssimpMesh[meshIndex], GLTFRewrite.hasNoPositions(gltf?["meshes"]?[source.mesh]?["primitives"]?[source.primitive]) {
            meshCache[meshIndex] = .some(nil)
            return nil
        }
        let m = aiMeshPointer.pointee
        // One kind of primitive a mesh (aiProcess_SortByPType); polygons were triangulated.
        let primitive: Mesh.Primitive? =
            m.mPrimitiveTypes & aiPrimitiveType_TRIANGLE.rawValue != 0
            ? .triangles
            : m.mPrimitiveTypes & aiPrimitiveType_LINE.rawValue != 0 ? .lines : m.mPrimitiveTypes & aiPrimitiveType_POINT.rawValue != 0 ? .points : nil
        guard let primitive, m.mNumVertices > 0, let vertices = m.mVertices else {
            meshCache[meshIndex] = .some(nil)
            return nil
        }
        let count = Int(m.mNumVertices)
        var positions = [Vec3](); positions.reserveCapacity(count)
        var normals = [Vec3](); normals.reserveCapacity(count)
        var uvs = [Vec2]()
        for v in 0..<count { let p = vertices[v]; positions.append(Vec3(p.x, p.y, p.z)) }
        // A NaN or infinite position poisons bounds, culling and a stage's ray tests: refused by name.
        if let bad = positions.firstIndex(where: { !($0.x.isFinite && $0.y.isFinite && $0.z.isFinite) }) {
            throw ModelImportError.malformed(
                path: modelPath, reason: "mesh '\(String(string(m.mName).prefix(80)))' has a position that is not a finite number (vertex \(bad))")
        }
        // Lines and points are drawn unlit: their normals are not read (Assimp's generated ones are NaN).
        if let n = m.mNormals, primitive == .triangles {
            for v in 0..<count { let q = n[v]; normals.append(Vec3(q.x, q.y, q.z)) }
        }
        if let t = m.mTextureCoords.0 {
            uvs.reserveCapacity(count)
            for v in 0..<count { uvs.append(Vec2(t[v].x, t[v].y)) }
        }
        var uvs1 = [Vec2]()
        if let t = m.mTextureCoords.1 {
            uvs1.reserveCapacity(count)
            for v in 0..<count { uvs1.append(Vec2(t[v].x, t[v].y)) }
        }
        // glTF COLOR_0 is linear (RGB ones arrive with alpha 1); other formats' vertex colours
        // (a scan's PLY, FBX, OBJ's) are sRGB-encoded, as Blender's importers read them.
        var colors = [Vec4]()
        if let c = m.mColors.0 {
            colors.reserveCapacity(count)
            if gltf != nil {
                for v in 0..<count { colors.append(Vec4(c[v].r, c[v].g, c[v].b, c[v].a)) }
            } else {
                for v in 0..<count { colors.append(Vec4(Self.linear(c[v].r), Self.linear(c[v].g), Self.linear(c[v].b), c[v].a)) }
            }
        }
        // glTF TANGENT: Assimp keeps xyz and makes the bitangent cross(normal, tangent) x w, so w
        // is the sign between them.
        var tangents = [Vec4]()
        if let t = m.mTangents, let b = m.mBitangents, normals.count == count {
            tangents.reserveCapacity(count)
            for v in 0..<count {
                let tangent = Vec3(t[v].x, t[v].y, t[v].z), bitangent = Vec3(b[v].x, b[v].y, b[v].z)
                tangents.append(Vec4(tangent.x, tangent.y, tangent.z, dot(cross(normals[v], tangent), bitangent) < 0 ? -1 : 1))
            }
        }
        let corners = primitive.indexCount
        var indices = [UInt32](); indices.reserveCapacity(Int(m.mNumFaces) * corners)
        for f in 0..<Int(m.mNumFaces) {
            let face = m.mFaces[f]
            guard face.mNumIndices == corners, let idx = face.mIndices else { continue }
            for k in 0..<corners { indices.append(idx[k]) }
        }
        guard !indices.isEmpty else { meshCache[meshIndex] = .some(nil); return nil }
        let (joints, weights) = skinInfluences(of: m, meshIndex: meshIndex)
        let targets = morphTargets(of: m, positions: positions, normals: normals, tangents: tangents)
        var mesh =
            primitive != .triangles
            ? Mesh(
                name: string(m.mName), positions: positions, uvs: uvs, uvs1: uvs1, colors: colors, indices: indices, primitive: primitive,
                joints: joints, weights: weights, morphTargets: targets)
            : normals.isEmpty
                ? Mesh.flatShaded(
                    name: string(m.mName), positions: positions, uvs: uvs, uvs1: uvs1, colors: colors, indices: indices,
                    joints: joints, weights: weights, morphTargets: targets)
                : Mesh(
                    name: string(m.mName), positions: positions, normals: normals, uvs: uvs, uvs1: uvs1, colors: colors,
                    tangents: tangents, indices: indices, joints: joints, weights: weights, morphTargets: targets)
        let gltfPrimitive = primitiveOfAssimpMesh[meshIndex]
        var defaultMaterial = try material(index: Int(m.mMaterialIndex))
        var variants = try materialVariants(gltfPrimitive.flatMap { self.variants.materials[$0.mesh]?[$0.primitive] }, defaultMaterial: defaultMaterial)
        let materials = [defaultMaterial] + (variants.map { $0.byName.sorted { $0.key < $1.key }.map(\.value) } ?? [])
        mesh = Self.drawable(mesh, for: materials)
        meshes.append(mesh)
        gltfMaterialOfMesh[ObjectIdentifier(mesh)] = gltfPrimitive.flatMap { gltf?["meshes"]?[$0.mesh]?["primitives"]?[$0.primitive]?["material"]?.int }
        if primitive != .triangles {
            defaultMaterial = Self.unlit(defaultMaterial)
            variants?.defaultMaterial = defaultMaterial
            if let byName = variants?.byName { variants?.byName = byName.mapValues(Self.unlit) }
        }
        let part = ModelPart(mesh: mesh, material: defaultMaterial, variants: variants)
        meshCache[meshIndex] = part
        return part
    }

    /// `mesh` as it is drawn in `materials` (its own and its variants'): with the tangent frames
    /// they read (`withTangentFrames`), its triangles in the rasteriser's order where that cannot
    /// change a picture (`TriangleOrder`). Every primitive and level of detail a file gives comes
    /// through here.
    static func drawable(_ mesh: Mesh, for materials: [Material]) -> Mesh {
        TriangleOrder.optimized(withTangentFrames(mesh, for: materials), for: materials)
    }

    /// `mesh` with MikkTSpace tangents when one of `materials` reads a tangent frame (a normal
    /// or clear coat normal texture, anisotropy) and the file gave none, as glTF asks
    /// (`Mesh.withGeneratedTangents`), from the coordinates the normal texture reads.
    static func withTangentFrames(_ mesh: Mesh, for materials: [Material]) -> Mesh {
        guard mesh.tangents.isEmpty, mesh.primitive == .triangles,
            let reader = materials.first(where: { $0.normalTexture != nil || $0.clearcoatNormalTexture != nil || $0.anisotropyStrength > 0 })
        else { return mesh }
        let slot: TextureSlot = reader.normalTexture != nil ? .normal : reader.clearcoatNormalTexture != nil ? .clearcoatNormal : .anisotropy
        return mesh.withGeneratedTangents(uvSet: reader.textureMappings[slot]?.texCoord ?? 0)
    }

    /// `material` as lines and points are drawn: unlit (they have no surface to light), its
    /// colour through exposure and the tone mapper as an unlit glTF material's.
    static func unlit(_ material: Material) -> Material {
        var result = material
        result.isUnlit = true
        result.toneMapsUnlitColor = true
        return result
    }

    /// Each vertex's joints and weights from Assimp's bones, in the skin's joint order (a bone is
    /// matched to its joint by name), strongest first, up to eight (two sets of four), rescaled
    /// to sum to 1. Empty when the mesh is not drawn by a skinned node.
    private mutating func skinInfluences(of m: aiMesh, meshIndex: Int) -> (joints: [[SIMD4<UInt16>]], weights: [[Vec4]]) {
        guard m.mNumBones > 0, let names = jointNamesByMesh[meshIndex], !names.isEmpty, names.count <= Skin.maximumJoints else { return ([], []) }
        var jointOfName: [String: Int] = [:]
        for (j, name) in names.enumerated() where jointOfName[name] == nil { jointOfName[name] = j }
        let count = Int(m.mNumVertices)
        var influences = [[(joint: Int, weight: Float)]](repeating: [], count: count)
        for b in 0..<Int(m.mNumBones) {
            guard let bone = m.mBones[b]?.pointee, let weights = bone.mWeights else { continue }
            // Assimp names bones after joints; the same name twice is the bone of the same index.
            let joint = jointOfName[string(bone.mName)] ?? (names.indices.contains(b) && names[b] == string(bone.mName) ? b : nil)
            guard let joint else { continue }
            for w in 0..<Int(bone.mNumWeights) {
                let vertex = Int(weights[w].mVertexId), weight = weights[w].mWeight
                if vertex < count, weight > 0, weight.isFinite { influences[vertex].append((joint, weight)) }
            }
        }
        let most = influences.map(\.count).max() ?? 0
        guard most > 0 else { return ([], []) }
        let sets = most > 4 ? 2 : 1
        var joints = [[SIMD4<UInt16>]](repeating: [], count: sets), weights = [[Vec4]](repeating: [], count: sets)
        for v in 0..<count {
            var list = influences[v].sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.joint < $1.joint }
            if list.count > 8 { truncatedInfluences += 1; list.removeLast(list.count - 8) }
            let total = list.reduce(0) { $0 + $1.weight }
            for set in 0..<sets {
                var j = SIMD4<UInt16>(repeating: 0), w = Vec4.zero
                for k in 0..<4 where set * 4 + k < list.count {
                    j[k] = UInt16(list[set * 4 + k].joint)
                    w[k] = list[set * 4 + k].weight / total
                }
                joints[set].append(j); weights[set].append(w)
            }
        }
        return (joints, weights)
    }

    /// The mesh's morph targets as offsets from its positions, normals and tangents (Assimp
    /// stores each target's vertices whole), up to `maximumMorphTargets`.
    private mutating func morphTargets(of m: aiMesh, positions: [Vec3], normals: [Vec3], tangents: [Vec4]) -> [MorphTarget] {
        guard m.mNumAnimMeshes > 0, let animMeshes = m.mAnimMeshes else { return [] }
        if Int(m.mNumAnimMeshes) > Self.maximumMorphTargets { truncatedMorphs += 1 }
        var targets: [MorphTarget] = []
        for a in 0..<min(Int(m.mNumAnimMeshes), Self.maximumMorphTargets) {
            guard let anim = animMeshes[a]?.pointee, Int(anim.mNumVertices) == positions.count else {
                targets.append(MorphTarget(positionOffsets: Array(repeating: .zero, count: positions.count)))
                continue
            }
            let p =
                anim.mVertices.map { v in positions.indices.map { Vec3(v[$0].x, v[$0].y, v[$0].z) - positions[$0] } }
                ?? Array(repeating: .zero, count: positions.count)
            let n = normals.isEmpty ? [] : anim.mNormals.map { v in normals.indices.map { Vec3(v[$0].x, v[$0].y, v[$0].z) - normals[$0] } } ?? []
            // glTF TANGENT targets move the direction only (VEC3); the bitangent's sign stays the mesh's.
            let t = tangents.isEmpty ? [] : anim.mTangents.map { v in tangents.indices.map { Vec3(v[$0].x, v[$0].y, v[$0].z) - tangents[$0].xyz } } ?? []
            targets.append(MorphTarget(positionOffsets: p, normalOffsets: n, tangentOffsets: t))
        }
        return targets
    }

    /// An sRGB-encoded colour component as linear light (`linearFromSRGB`), the 256 levels of
    /// 8-bit colours (a PLY's, an FBX's) from a table, so a scan of millions of vertices pays
    /// no power function per component.
    static func linear(_ c: Float) -> Float {
        let level = (c * 255).rounded()
        if level >= 0, level <= 255, abs(c * 255 - level) < 1e-3 { return linearLevels[Int(level)] }
        return linearFromSRGB(c)
    }

    /// `linearFromSRGB` of k / 255 for k in 0...255.
    static let linearLevels: [Float] = (0...255).map { linearFromSRGB(Float($0) / 255) }
}
