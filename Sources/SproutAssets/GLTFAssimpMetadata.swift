/// The `extras` and node extensions of a glTF document that Assimp 5.2 cannot take as they are.
/// It refuses a file whose `extras` somewhere is not an object ("Member extras was not of type
/// object"), where glTF 2.0 allows any JSON value (5.30, "extras": it should be an object); and
/// it copies a node's `extras` and extensions into the node's metadata one value at a time,
/// growing the list by one each time, so a node with 5,000 numbers there took 5 s to import and
/// one with 20,000 took 70 s. Sprout reads none of Assimp's metadata for glTF (what it takes
/// from `extras`, MSFT_lod's screen coverages, it reads from the document), so the copy Assimp
/// reads (the rewrite's GLB) goes without them; the document Sprout reads keeps them.
enum GLTFAssimpMetadata {
    /// The most JSON values a node's `extras` and extensions may hold before the rewrite keeps
    /// them from Assimp: 256 take it about a millisecond.
    static let mostNodeValues = 256

    /// The node extensions Assimp 5.2 reads for Sprout: KHR_lights_punctual places the file's
    /// lights (`GLTFLights`); Sprout reads every other from the document itself.
    static let nodeExtensionsForAssimp: Set = ["KHR_lights_punctual"]

    /// Whether `gltf` has an `extras` that is not an object, or a node whose `extras` and
    /// extensions hold more than `mostNodeValues` values.
    static func mustBeKeptFromAssimp(_ gltf: GLTFJSON) -> Bool {
        for node in gltf["nodes"]?.array ?? [] {
            var budget = mostNodeValues
            if !fits(node["extras"], within: &budget) || !fits(node["extensions"], within: &budget) { return true }
        }
        var found = false
        visitExtras(of: gltf) { extras in
            if case .object = extras {} else { found = true }
        }
        return found
    }

    /// `document` as Assimp reads it: every `extras` that is not an object left out, and every
    /// node without `extras` and without extensions other than `nodeExtensionsForAssimp`.
    static func forAssimp(_ document: GLTFJSON) -> GLTFJSON {
        guard case .object(var root) = withoutNonObjectExtras(document) else { return document }
        if case .array(let nodes)? = root["nodes"] {
            root["nodes"] = .array(
                nodes.map { node in
                    guard case .object(var fields) = node else { return node }
                    fields["extras"] = nil
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
