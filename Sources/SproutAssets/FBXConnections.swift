import SproutFiles

/// The object hierarchy of an FBX file, read before Assimp sees it (issue 30, item 6): FBX keeps
/// its node tree as connections (`C: "OO", child, parent`) that Assimp 5.2 turns into nodes by
/// recursion, so a chain 50,000 deep in a few hundred kilobytes ends the process inside Assimp.
/// Only the `Connections` section's links are read (binary FBX: its `C` records, in `FBXRecords`'
/// walk; ASCII FBX: its `C:` keys, in `FBXASCIIScan`); the longest chain from an object up to the root must stay within the node-depth limit (with
/// room for the geometry, material and texture links that hang below the deepest model).
enum FBXConnections {
    /// Links below a model that are not nodes (geometry, deformer, material, texture, video).
    static let slack = 8
    /// A binary file's first 21 bytes, as exporters write them.
    static let binaryMagic = Array("Kaydara FBX Binary  ".utf8) + [0]
    /// What Assimp 5.2 compares to choose its binary reader: the first 18 (`strncmp`), so a file
    /// that differs after them is read as binary and must be measured as one.
    static let binaryMagicCompared = 18

    /// A connection's property naming a blend shape channel's weight: an animation curve
    /// linked to it (`C: "OP", curveNode, channel, "DeformPercent"`) animates a morph target,
    /// which Assimp 5.2 does not read.
    static let morphWeightProperty = "DeformPercent"

    /// Object links, and how many of them animate a blend shape's weight.
    struct Links {
        var links: [(child: Int64, parent: Int64)] = []
        /// The object-to-object ("OO") links among `links`: the node tree, skins and materials.
        var objectLinks: [(child: Int64, parent: Int64)] = []
        var morphAnimations = 0
        /// The file's objects (`Objects`' children), by id: what the checks tell apart of
        /// them and their names.
        var objects: [Int64: (kind: ObjectKind, name: String)] = [:]

        /// Notes an object of `key`, `name` and `classTag`, of the class Assimp makes of it
        /// (`FBXClass`).
        mutating func object(key: String, id: Int64, name: String, classTag: String) {
            let kind: ObjectKind
            switch FBXClass.of(key.utf8) {
            case .model: kind = .model
            case .deformer where classTag == "Skin": kind = .skin
            case .deformer where classTag == "Cluster": kind = .cluster
            case .texture: kind = .texture
            case .layeredTexture: kind = .layeredTexture
            case .nodeAttribute where classTag == "Light" || classTag == "Camera": kind = .cameraOrLight
            default: kind = .other
            }
            objects[id] = (kind, name)
        }

        /// Adds a connection as Assimp reads it (`Document::ReadConnections`): every type but
        /// "PP" links two objects, and only "OP" names a property (an empty one leaves an
        /// object link).
        mutating func add(type: String, child: Int64, parent: Int64, property: String?) {
            guard type != "PP" else { return }
            links.append((child, parent))
            let named = type == "OP" ? property ?? "" : ""
            if named.isEmpty { objectLinks.append((child, parent)) }
            if named == FBXConnections.morphWeightProperty { morphAnimations += 1 }
        }
    }

    /// The objects the checks tell apart; every other object of the file is `other`.
    enum ObjectKind { case model, skin, cluster, texture, layeredTexture, cameraOrLight, other }

    /// The first object linked into a layered texture that is no texture: Assimp 5.2 keeps
    /// whatever is linked there as a texture, a null one where it is not (found by mutation:
    /// a video), and reads through it.
    static func foreignLayer(_ found: Links) -> (layered: Int64, object: Int64)? {
        for link in found.links where found.objects[link.parent]?.kind == .layeredTexture {
            if let child = found.objects[link.child], child.kind != .texture { return (link.parent, link.child) }
        }
        return nil
    }

    /// The first skin two of whose clusters deform models of one name, with that name: Assimp
    /// 5.2 keys a skin's bones by their model's name and gives the second cluster the first's
    /// bone, which the scene then frees twice (found by mutation). A cluster's model is the
    /// first model linked to it, as Assimp takes it.
    static func sharedBone(_ found: Links) -> (skin: Int64, name: String)? {
        var skinOf: [Int64: Int64] = [:], modelOf: [Int64: Int64] = [:]
        for link in found.objectLinks {
            guard let child = found.objects[link.child], let parent = found.objects[link.parent] else { continue }
            if child.kind == .cluster, parent.kind == .skin, skinOf[link.child] == nil { skinOf[link.child] = link.parent }
            if child.kind == .model, parent.kind == .cluster, modelOf[link.parent] == nil { modelOf[link.parent] = link.child }
        }
        var seen = Set<[String]>()
        for (cluster, skin) in skinOf.sorted(by: { $0.key < $1.key }) {
            guard let model = modelOf[cluster], let name = found.objects[model]?.name else { continue }
            if !seen.insert([String(skin), name]).inserted { return (skin, name) }
        }
        return nil
    }

    /// Throws when the chain of connections `found` (by `FBXRecords`' walk of either encoding)
    /// is deeper than `limits.maximumNodeDepth` + `slack`, runs in a cycle, or links the same
    /// objects twice. Returns what the file has that Assimp drops without a word (morph
    /// animations), one line each.
    static func check(_ found: Links, shown: String, limits: ModelLimits) throws(ModelImportError) -> [String] {
        let links = found.links
        // Assimp follows a model's parents and a bone's by recursion: objects that are their own
        // ancestors (3000 under 3001 under 3000, found by mutation) overflowed its stack.
        if let looped = cycle(in: found.objectLinks) {
            throw .malformed(path: shown, reason: "its objects connect in a cycle (object \(looped) is its own ancestor)")
        }
        // The same object link twice (a skin's cluster, found by mutation) made Assimp free its
        // bone twice.
        var seen = Set<[Int64]>()
        for link in found.objectLinks where !seen.insert([link.child, link.parent]).inserted {
            throw .malformed(path: shown, reason: "object \(link.child) is connected to object \(link.parent) twice")
        }
        let depth = longestChain(links)
        let limit = limits.maximumNodeDepth + slack
        if depth > limit {
            throw .exceedsLimit(
                path: shown,
                what:
                    "its objects connect in a chain \(depth) deep, more than the limit of \(limits.maximumNodeDepth) levels (+\(slack) for geometry and materials)"
            )
        }
        if let shared = sharedBone(found) {
            throw .malformed(
                path: shown,
                reason:
                    "skin \(shared.skin) has two clusters deforming '\(PrintableText.escaped(shared.name, limit: 80))' (Assimp 5.2 gives them one bone and frees it twice)"
            )
        }
        // Assimp makes a camera or light of each model a camera or light attribute is linked to.
        let placed = found.objectLinks.count { found.objects[$0.child]?.kind == .cameraOrLight && found.objects[$0.parent]?.kind == .model }
        if placed > ModelPreflight.maximumCamerasAndLights {
            throw .exceedsLimit(path: shown, what: "it places \(placed) cameras and lights, more than \(ModelPreflight.maximumCamerasAndLights)")
        }
        if let foreign = foreignLayer(found) {
            throw .malformed(
                path: shown,
                reason: "layered texture \(foreign.layered) has object \(foreign.object), which is no texture, as a layer (Assimp 5.2 reads it as one)")
        }
        guard found.morphAnimations > 0 else { return [] }
        return [
            "has \(found.morphAnimations) blend shape (morph target) animation curve(s), which Assimp 5.2 does not read: the shapes do not move"
        ]
    }

    /// An object on a cycle of `links` (one that is its own ancestor, or its own parent: Assimp
    /// recursed on that too); nil when they form no cycle.
    static func cycle(in links: [(child: Int64, parent: Int64)]) -> Int64? {
        if let own = links.first(where: { $0.child == $0.parent }) { return own.child }
        var found: Int64?
        walkUp(parents(links)) { up in
            found = up
            return true
        } finished: { _, _ in
        }
        return found
    }

    /// The longest parent chain, counted in links; a cycle ends a chain.
    static func longestChain(_ links: [(child: Int64, parent: Int64)]) -> Int {
        var depth: [Int64: Int] = [:]
        walkUp(parents(links.filter { $0.child != $0.parent })) { _ in
            false
        } finished: { id, ups in
            depth[id] = ups.isEmpty ? 0 : 1 + ups.map { depth[$0] ?? 0 }.max()!
        }
        return depth.values.max() ?? 0
    }

    /// Each child's parents.
    private static func parents(_ links: [(child: Int64, parent: Int64)]) -> [Int64: [Int64]] {
        var parents: [Int64: [Int64]] = [:]
        for link in links { parents[link.child, default: []].append(link.parent) }
        return parents
    }

    /// Walks up `parents` from every object, in id order (the same cycle named every run).
    private static func walkUp(_ parents: [Int64: [Int64]], onCycle: (Int64) -> Bool, finished: (Int64, [Int64]) -> Void) {
        var done: Set<Int64> = []
        GraphWalk.depthFirst(parents, from: parents.keys.sorted(), done: &done, onCycle: onCycle, finished: finished)
    }

    /// Adds the link a binary `C` record makes (its `propertyCount` properties from `start` to
    /// `end`): its type (a string), the child's and the parent's ids and, after them, the
    /// property an "OP" link names (`Links.add`).
    static func addLink(_ bytes: FileBytes, from start: Int, propertyCount: Int, before end: Int, to result: inout Links) {
        var type = "", ids: [Int64] = [], property: String?
        var index = 0
        FBXRecords.eachProperty(bytes, from: start, to: end) { code, p in
            switch (index, code) {
            case (0, UInt8(ascii: "S")), (3, UInt8(ascii: "S")):
                let length = min(Int(bytes.integer(at: p, width: 4)), 64, max(0, end - p - 4))
                let text = String(decoding: UnsafeRawBufferPointer(start: bytes.base + p + 4, count: length), as: UTF8.self)
                if index == 0 { type = text } else { property = text }
            case (1, UInt8(ascii: "L")), (2, UInt8(ascii: "L")): if p + 8 <= end { ids.append(Int64(bitPattern: bytes.integer(at: p, width: 8))) }
            case (1, UInt8(ascii: "I")), (2, UInt8(ascii: "I")):
                if p + 4 <= end { ids.append(Int64(Int32(bitPattern: UInt32(bytes.integer(at: p, width: 4))))) }
            default: break
            }
            index += 1
            return index < min(propertyCount, 4)
        }
        guard ids.count == 2 else { return }
        result.add(type: type, child: ids[0], parent: ids[1], property: property)
    }
}
