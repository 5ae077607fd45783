import SproutMath
import SproutScene

/// MSFT_lod's levels read from the file itself: Assimp 5.2 imports only the meshes the default
/// scene reaches, and the levels' nodes lie outside it. Each listed node's mesh becomes parts:
/// every primitive mode (strips, loops and fans as lists, as Assimp gives the full model's),
/// with positions, normals (flat where absent, as glTF asks), both sets of texture coordinates,
/// tangents, `COLOR_0` and morph targets (positions, and normals and tangents where the level has them); a material the full model also uses is the one Assimp
/// made of it, another is read from the JSON (`SceneConverter.gltfMaterial(at:)`), textures and
/// all either way; lines and points are drawn unlit, as the full model's are.
struct GLTFLevels {
    let json: GLTFJSON
    let buffers: GLTFBuffers

    /// The parts of glTF mesh `index`, each with its primitive's index and its glTF material's;
    /// `material` gives the material of a glTF material index (a primitive without one is drawn
    /// with `Material()`). Primitives that cannot be read are skipped.
    func parts(ofMesh index: Int, material: (Int) throws -> Material) throws -> [(part: ModelPart, primitive: Int, material: Int?)] {
        guard let mesh = json["meshes"]?[index] else { return [] }
        var parts: [(part: ModelPart, primitive: Int, material: Int?)] = []
        for (p, primitive) in (mesh["primitives"]?.array ?? []).enumerated() {
            guard let built = self.mesh(primitive, name: mesh["name"]?.string ?? "") else { continue }
            let materialIndex = primitive["material"]?.int
            var chosen = try materialIndex.map(material) ?? Material()
            if built.primitive != .triangles { chosen = SceneConverter.unlit(chosen) }
            parts.append((ModelPart(mesh: SceneConverter.drawable(built, for: [chosen]), material: chosen), p, materialIndex))
        }
        return parts
    }

    /// Accessor `accessor`'s values, `components` a vertex (and `count` vertices, when given), as
    /// the vertices `make` builds (from the values and where a vertex's begin); nil when it is not that, or, when `finite`, holds
    /// a value that is not a finite number.
    private func vertices<T>(_ accessor: Int?, components: Int, count: Int? = nil, finite: Bool = true, _ make: ([Float], Int) -> T) -> [T]? {
        guard let accessor, let read = buffers.floats(accessor: accessor), read.components == components,
            !finite || read.values.allSatisfy(\.isFinite), count.map({ read.values.count == $0 * components }) ?? true
        else { return nil }
        return stride(from: 0, to: read.values.count, by: components).map { make(read.values, $0) }
    }

    private func vectors3(_ accessor: Int?, count: Int? = nil) -> [Vec3]? {
        vertices(accessor, components: 3, count: count) { v, i in Vec3(v[i], v[i + 1], v[i + 2]) }
    }

    private func mesh(_ primitive: GLTFJSON, name: String) -> Mesh? {
        let attributes = primitive["attributes"]
        guard let positions = vectors3(attributes?["POSITION"]?.int), !positions.isEmpty else { return nil }
        let count = positions.count
        var indices: [UInt32]
        if let accessor = primitive["indices"]?.int {
            guard let read = buffers.floats(accessor: accessor), read.components == 1,
                read.values.allSatisfy({ $0 >= 0 && Int($0) < count })
            else { return nil }
            indices = read.values.map { UInt32($0) }
        } else {
            indices = (0..<UInt32(count)).map { $0 }
        }
        guard let (kind, listed) = Self.lists(mode: primitive["mode"]?.int ?? 4, indices) else { return nil }
        indices = listed
        // Texture coordinates as the file writes them (v down the image), as Assimp's import
        // leaves them once aiProcess_FlipUVs has undone its own flip.
        func coordinates(_ name: String) -> [Vec2] {
            vertices(attributes?[name]?.int, components: 2, count: count, finite: false) { v, i in Vec2(v[i], v[i + 1]) } ?? []
        }
        let uvs = coordinates("TEXCOORD_0"), uvs1 = coordinates("TEXCOORD_1")
        var colors: [Vec4] = []
        if let accessor = attributes?["COLOR_0"]?.int, let read = buffers.floats(accessor: accessor), [3, 4].contains(read.components),
            read.values.count == count * read.components
        {
            let c = read.components
            colors = (0..<count).map { Vec4(read.values[$0 * c], read.values[$0 * c + 1], read.values[$0 * c + 2], c == 4 ? read.values[$0 * c + 3] : 1) }
        }
        // Each target's offsets of the attributes the level has (a NORMAL or TANGENT target of a
        // level without normals or tangents has nothing to move).
        func targets(normals: Bool = false, tangents: Bool = false) -> [MorphTarget] {
            (primitive["targets"]?.array ?? []).prefix(SceneConverter.maximumMorphTargets).map { target in
                MorphTarget(
                    positionOffsets: vectors3(target["POSITION"]?.int, count: count) ?? Array(repeating: .zero, count: count),
                    normalOffsets: normals ? vectors3(target["NORMAL"]?.int, count: count) ?? [] : [],
                    tangentOffsets: tangents ? vectors3(target["TANGENT"]?.int, count: count) ?? [] : [])
            }
        }
        if kind != .triangles {
            return Mesh(
                name: name, positions: positions, uvs: uvs, uvs1: uvs1, colors: colors, indices: indices, primitive: kind, morphTargets: targets())
        }
        guard let normals = vectors3(attributes?["NORMAL"]?.int, count: count) else {
            return Mesh.flatShaded(name: name, positions: positions, uvs: uvs, uvs1: uvs1, colors: colors, indices: indices, morphTargets: targets())
        }
        // glTF TANGENT (xyz and the bitangent's sign), only beside the normals it completes.
        let tangents =
            vertices(attributes?["TANGENT"]?.int, components: 4, count: count) { v, i in Vec4(v[i], v[i + 1], v[i + 2], v[i + 3] < 0 ? -1 : 1) } ?? []
        return Mesh(
            name: name, positions: positions, normals: normals, uvs: uvs, uvs1: uvs1, colors: colors, tangents: tangents, indices: indices,
            morphTargets: targets(normals: true, tangents: !tangents.isEmpty))
    }

    /// glTF's primitive `mode` (0 POINTS ... 6 TRIANGLE_FAN, glTF 2.0 3.7.2.1) over `indices` as
    /// a list of points, lines or triangles: a loop closed back to its first vertex, a strip's
    /// triangle i as {i, i + 1 + i % 2, i + 2 - i % 2} (the specification's, keeping the
    /// winding), a fan around its first vertex; an incomplete
    /// last primitive left out. nil for another mode or nothing to draw.
    static func lists(mode: Int, _ indices: [UInt32]) -> (Mesh.Primitive, [UInt32])? {
        let n = indices.count
        var listed: [UInt32] = []
        let kind: Mesh.Primitive
        switch mode {
        case 0:
            kind = .points
            listed = indices
        case 1, 2, 3:
            kind = .lines
            let segments = mode == 1 ? n / 2 : mode == 2 ? (n < 2 ? 0 : n) : max(n - 1, 0)
            for s in 0..<segments {
                let a = mode == 1 ? 2 * s : s
                listed += [indices[a], indices[mode == 2 ? (s + 1) % n : a + 1]]
            }
        case 4, 5, 6:
            kind = .triangles
            let triangles = mode == 4 ? n / 3 : max(n - 2, 0)
            for t in 0..<triangles {
                switch mode {
                case 4: listed += [indices[3 * t], indices[3 * t + 1], indices[3 * t + 2]]
                case 5: listed += [indices[t], indices[t + 1 + t % 2], indices[t + 2 - t % 2]]
                default: listed += [indices[0], indices[t + 1], indices[t + 2]]
                }
            }
        default: return nil
        }
        return listed.isEmpty ? nil : (kind, listed)
    }
}
