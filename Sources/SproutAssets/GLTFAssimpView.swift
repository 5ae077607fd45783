/// What of a glTF document Assimp 5.2 is not shown: what it cannot take as it is, and Sprout
/// reads from the document itself. It refuses a file whose `extras` somewhere is not an object
/// ("Member extras was not of type object"), where glTF 2.0 allows any JSON value (5.30,
/// "extras": it should be an object); it copies a node's `extras` and extensions into the
/// node's metadata one value at a time, growing the list by one each time, so a node with 5,000
/// numbers there took 5 s to import and one with 20,000 took 70 s; and its check of the scene
/// searches the node tree by name for each camera, so 32,000 camera nodes took 5 s. Sprout reads
/// none of Assimp's metadata for glTF (what it takes from `extras`, MSFT_lod's screen coverages,
/// it reads from the document) nor its cameras (`SceneConverter+Cameras`), so the copy Assimp
/// reads (the rewrite's GLB) goes without them; the document Sprout reads keeps them.
enum GLTFAssimpView {
    /// The most JSON values a node's `extras` and extensions may hold before the rewrite keeps
    /// them from Assimp: 256 take it about a millisecond.
    static let mostNodeValues = 256

    /// The most nodes with a `camera` before the rewrite keeps cameras from Assimp: 1,000 take
    /// it about 10 ms.
    static let mostCameraNodes = 1000

    /// The node extensions Assimp 5.2 reads for Sprout: KHR_lights_punctual places the file's
    /// lights (`GLTFLights`); Sprout reads every other from the document itself.
    static let nodeExtensionsForAssimp: Set = ["KHR_lights_punctual"]

    /// Whether `gltf` has an `extras` that is not an object, a node whose `extras` and
    /// extensions hold more than `mostNodeValues` values, or more than `mostCameraNodes` nodes
    /// with a camera.
    static func mustBeKeptFromAssimp(_ gltf: GLTFJSON) -> Bool {
        let nodes = gltf["nodes"]?.array ?? []
        if nodes.lazy.filter({ $0["camera"] != nil }).count > mostCameraNodes { return true }
        for node in nodes {
            var budget = mostNodeValues
            if !fits(node["extras"], within: &budget) || !fits(node["extensions"], within: &budget) { return true }
        }
        var found = false
        visitExtras(of: gltf) { extras in
            if case .object = extras {} else { found = true }
        }
        return found
    }

    /// `document` as Assimp reads it: every `extras` that is not an object left out, no cameras,
    /// every node without `extras`, `camera` and extensions other than
    /// `nodeExtensionsForAssimp`, and each primitive without POSITION a single point of
    /// accessor `positionPlaceholder` (the rewrite's): one Assimp mesh still stands for each
    /// primitive, as `SceneConverter` counts them, and the converter draws none of these.
    static func forAssimp(_ document: GLTFJSON, positionPlaceholder: Int? = nil) -> GLTFJSON {
        guard case .object(var root) = withoutNonObjectExtras(document) else { return document }
        root["cameras"] = nil
        if let placeholder = positionPlaceholder, case .array(let meshes)? = root["meshes"] {
            root["meshes"] = .array(
                meshes.map { mesh in
                    guard case .object(var fields) = mesh, case .array(let primitives)? = fields["primitives"] else { return mesh }
                    fields["primitives"] = .array(
                        primitives.map { primitive in
                            guard GLTFRewrite.hasNoPositions(primitive) else { return primitive }
                            var point: [String: GLTFJSON] = ["attributes": .object(["POSITION": .number(Double(placeholder))]), "mode": .number(0)]
                            point["material"] = primitive["material"]
                            return .object(point)
                        })
                    return .object(fields)
                })
        }
        if case .array(let nodes)? = root["nodes"] {
            root["nodes"] = .array(
                nodes.map { node in
                    guard case .object(var fields) = node else { return node }
                    fields["extras"] = nil
                    fields["camera"] = nil
                    if case .object(let extensions)? = fields["extensions"] {
                        let kept = extensions.filter { nodeExtensionsForAssimp.contains($0.key) }
                        fields["extensions"] = kept.isEmpty ? nil : .object(kept)
                    }
                    return .object(fields)
                })
        }
        return .object(root)
    }

    /// Whether `value` holds at most `budget` JSON values, counting them off the budget.
    private static func fits(_ value: GLTFJSON?, within budget: inout Int) -> Bool {
        var stack = value.map { [$0] } ?? []
        while let next = stack.popLast() {
            budget -= 1
            if budget < 0 { return false }
            switch next {
            case .object(let members): stack.append(contentsOf: members.values)
            case .array(let items): stack.append(contentsOf: items)
            default: break
            }
        }
        return true
    }

    /// Calls `body` with every `extras` value in `document`, outside other `extras` (what lies
    /// inside one is the application's, not glTF's).
    private static func visitExtras(of document: GLTFJSON, _ body: (GLTFJSON) -> Void) {
        var stack = [document]
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "extras" { body(member) } else { stack.append(member) }
                }
            case .array(let items):
                stack.append(contentsOf: items)
            default:
                break
            }
        }
    }

    /// `value` without any `extras` that is not an object (outside other `extras`).
    private static func withoutNonObjectExtras(_ value: GLTFJSON) -> GLTFJSON {
        switch value {
        case .object(let members):
            var kept: [String: GLTFJSON] = [:]
            for (key, member) in members {
                if key == "extras" {
                    if case .object = member { kept[key] = member }
                } else {
                    kept[key] = withoutNonObjectExtras(member)
                }
            }
            return .object(kept)
        case .array(let items):
            return .array(items.map(withoutNonObjectExtras))
        default:
            return value
        }
    }
}
