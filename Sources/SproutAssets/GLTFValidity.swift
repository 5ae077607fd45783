/// What a glTF file's JSON must hold that Assimp 5.2 takes on trust, checked before it reads the
/// file (found by mutation under AddressSanitizer): a skin naming no joint crashed it, a
/// LINE_LOOP of one index corrupted its heap, a one-index strip or fan allocated without end.
enum GLTFValidity {
    /// The fewest vertices each primitive mode draws with (glTF 2.0 3.7.2.1: points one, lines
    /// two, triangles three).
    static let fewestVertices = [1, 2, 2, 2, 3, 3, 3]

    /// The first skin without joints, or primitive whose vertex count (its indices', else its
    /// positions') is below its mode's fewest, named; nil when there is none.
    static func problem(in json: GLTFJSON) -> String? {
        // A skin must name a joint (glTF 2.0's schema, minItems 1): Assimp 5.2 crashed on none.
        for (index, skin) in (json["skins"]?.array ?? []).enumerated() where (skin["joints"]?.array.count ?? 0) == 0 {
            return "skins[\(index)].joints names no joint"
        }
        for (m, mesh) in (json["meshes"]?.array ?? []).enumerated() {
            for (p, primitive) in (mesh["primitives"]?.array ?? []).enumerated() {
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
}
