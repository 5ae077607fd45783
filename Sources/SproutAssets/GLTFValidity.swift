/// What a glTF file's JSON must hold that Assimp 5.2 takes on trust, checked before it reads the
/// file (found by mutation under AddressSanitizer): a skin naming no joint crashed it, a
/// LINE_LOOP of one index corrupted its heap, a one-index strip or fan allocated without end,
/// float indices, a sparse count past the accessor's and a buffer view's offset of 2^64 - 1
/// made it read outside its memory.
enum GLTFValidity {
    /// The fewest vertices each primitive mode draws with (glTF 2.0 3.7.2.1: points one, lines
    /// two, triangles three).
    static let fewestVertices = [1, 2, 2, 2, 3, 3, 3]

    /// The first of those problems, naming the field; nil when there is none.
    static func problem(in json: GLTFJSON) -> String? {
        // A skin must name a joint (glTF 2.0's schema, minItems 1): Assimp 5.2 crashed on none.
        for (index, skin) in (json["skins"]?.array ?? []).enumerated() where (skin["joints"]?.array.count ?? 0) == 0 {
            return "skins[\(index)].joints names no joint"
        }
        // Buffer views inside their buffers, as whole numbers: a byteOffset of 2^64 - 1 made
        // Assimp read before its buffer (its own check wraps).
        let buffers = json["buffers"]?.array ?? []
        for (v, view) in (json["bufferViews"]?.array ?? []).enumerated() {
            let offset = view["byteOffset"]?.number ?? 0, length = view["byteLength"]?.number ?? -1
            let size = view["buffer"]?.int.flatMap { buffers.indices.contains($0) ? buffers[$0]["byteLength"]?.number : nil }
            guard offset >= 0, offset == offset.rounded(), length >= 0, length == length.rounded(), let size, offset + length <= size else {
                return "bufferViews[\(v)] does not lie inside its buffer (byteOffset, byteLength and the buffer's byteLength)"
            }
        }
        // A sparse accessor substitutes no more values than it has (Assimp read past its copy).
        for (a, accessor) in (json["accessors"]?.array ?? []).enumerated() {
            if let sparse = accessor["sparse"]?["count"]?.number, sparse > (accessor["count"]?.number ?? 0) {
                return "accessors[\(a)].sparse.count is more than the accessor's count"
            }
        }
        for (m, mesh) in (json["meshes"]?.array ?? []).enumerated() {
            for (p, primitive) in (mesh["primitives"]?.array ?? []).enumerated() {
                // Indices are unsigned integers (glTF 2.0 3.7.2.1): Assimp dereferenced float ones as null.
                if let indices = primitive["indices"]?.int, let type = json["accessors"]?[indices]?["componentType"]?.int, ![5121, 5123, 5125].contains(type) {
                    return "meshes[\(m)].primitives[\(p)].indices: accessor \(indices) is not of unsigned bytes, shorts or ints"
                }
                let mode = primitive["mode"]?.int ?? 4
                guard fewestVertices.indices.contains(mode) else { continue }
                let accessor = primitive["indices"]?.int ?? primitive["attributes"]?["POSITION"]?.int
                guard let count = accessor.flatMap({ json["accessors"]?[$0]?["count"]?.int }) else { continue }
                if count < fewestVertices[mode] {
                    return "meshes[\(m)].primitives[\(p)]: mode \(mode) draws with at least \(fewestVertices[mode]) vertices, its accessor has \(count)"
                }
            }
        }
        return nil
    }

    /// Why a valid file has nothing to draw, or nil: glTF draws its default scene (`scene`, else
    /// the first one, as viewers do), and a file may have none, an empty one (a library of
    /// meshes) or one of lights, cameras and empty nodes; Assimp 5.2 answered "No scene" and
    /// "the file is incomplete".
    static func nothingToDraw(in json: GLTFJSON) -> String? {
        let scenes = json["scenes"]?.array ?? []
        guard !scenes.isEmpty else { return "it has no scenes (glTF's `scenes`), so nothing to draw" }
        let index = json["scene"]?.int ?? 0
        guard scenes.indices.contains(index) else { return "its default scene, scene \(index), is not one of its \(scenes.count) scenes" }
        let roots = scenes[index]["nodes"]?.array ?? []
        guard !roots.isEmpty else { return "its default scene, scenes[\(index)], has no nodes, so nothing to draw" }
        // The scene's node trees (a cycle was refused before: `GLTFNodeGraph`), each node once.
        let nodes = json["nodes"]?.array ?? []
        var seen = Set<Int>(), stack = roots.compactMap(\.int), meshes = Set<Int>()
        while let n = stack.popLast() {
            guard nodes.indices.contains(n), seen.insert(n).inserted else { continue }
            if let mesh = nodes[n]["mesh"]?.int {
                // A primitive without positions is skipped (glTF 2.0 3.7.2.1). A mesh that is not
                // there, or has no primitives, is malformed: Assimp's reading says what is wrong.
                guard case .array(let primitives)? = json["meshes"]?[mesh]?["primitives"], !primitives.isEmpty else { return nil }
                if !primitives.allSatisfy({ GLTFRewrite.hasNoPositions($0) }) { return nil }
                meshes.insert(mesh)
            }
            stack += (nodes[n]["children"]?.array ?? []).compactMap(\.int)
        }
        if !meshes.isEmpty {
            return "its default scene, scenes[\(index)], draws \(meshes.count) mesh(es) none of whose primitives has POSITION, so nothing to draw"
        }
        return "its default scene, scenes[\(index)], holds no mesh (none of its \(seen.count) nodes has a `mesh`), so nothing to draw"
    }
}
