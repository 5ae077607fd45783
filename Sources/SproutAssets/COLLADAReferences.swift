import SproutFiles

/// What a COLLADA file's elements refer to, as `COLLADAScan` streams it, for the references
/// Assimp 5.2 follows without a guard (each found by mutation under AddressSanitizer):
/// - nodes: each `<node>` and `<visual_scene>` with the nodes inside it and those its
///   `<instance_node>`s name; Assimp instances them by recursion, so a node instancing itself
///   (directly, through another, or its visual scene) overflowed its stack, and 39 nodes each
///   instancing the one before twice made 2^39;
/// - controllers: a `<skin>` or `<morph>` reads its `source` (a geometry or another
///   controller); a controller reading itself, or two reading each other, looped forever;
/// - an effect's parameters: a `<sampler2D>`'s `<source>` and a `<surface>`'s `<init_from>` name
///   another `<newparam>`; one naming itself looped forever;
/// - a skin's `<vertex_weights>` weighing fewer vertices than its mesh's positions: read past.
struct COLLADAReferences {
    /// What each node holds: its nested nodes' keys, and the ids its instances name.
    private var children: [String: [String]] = [:], instanced: [String: [String]] = [:]
    /// The first node with each id, and how many nodes there are so far.
    private var firstWithID: [String: String] = [:]
    private var occurrences = 0
    /// The visual scenes, which are the roots.
    private var roots: [String] = []
    /// The nodes open around the scan, with the depth each opened at.
    private var open: [(key: String, depth: Int)] = []
    /// Each controller's source, and each effect parameter's (keyed by effect and sid).
    private var sources: [String: [String]] = [:]
    private var controller: (id: String, depth: Int)?
    private var effects = 0
    private var parameter: (key: String, depth: Int)?
    /// The text of a `<source>` or `<init_from>` inside a parameter, while it is read.
    private var captured: [UInt8]?
    /// Skins' weights against their meshes' vertices: each skin's source, each `<vertex_weights>`
    /// count with its skin's source and line, each geometry's POSITION source, each source's
    /// accessor count. A skin weighing fewer vertices than its mesh has read past its weights.
    private var skinSource: String?, weighed: [(geometry: String, count: Int, line: Int)] = []
    private var geometry: (id: String, depth: Int)?, source: (id: String, depth: Int)?
    private var positionSources: [String: String] = [:], accessorCounts: [String: Int] = [:]

    /// An element opened at `depth` (`closes`: written `<a/>`).
    mutating func opened(_ element: String, attributes: [String: String], depth: Int, line: Int, closes: Bool) {
        switch element {
        case "node", "visual_scene":
            // Each element is a node of its own (ids may repeat); an instance names the first
            // with its id, as Assimp finds it. Keys no id can be (XML ids hold no NUL).
            occurrences += 1
            let key = "\u{0}\(occurrences)"
            if let id = attributes["id"], firstWithID[id] == nil { firstWithID[id] = key }
            if let parent = open.last { children[parent.key, default: []].append(key) }
            if element == "visual_scene" { roots.append(key) }
            if !closes { open.append((key, depth)) }
        case "instance_node":
            guard let parent = open.last, let url = attributes["url"], url.hasPrefix("#") else { return }
            instanced[parent.key, default: []].append(String(url.dropFirst()))
        case "controller":
            if !closes, let id = attributes["id"] { controller = (id, depth) }
        case "skin", "morph":
            guard let controller, let source = attributes["source"], source.hasPrefix("#") else { return }
            sources["controller " + controller.id, default: []].append("controller " + source.dropFirst())
            if element == "skin" { skinSource = String(source.dropFirst()) }
        case "vertex_weights":
            if let skinSource, let count = attributes["count"].flatMap({ Int($0) }) { weighed.append((skinSource, count, line)) }
        case "geometry":
            if !closes, let id = attributes["id"] { geometry = (id, depth) }
        case "source":
            if !closes, let id = attributes["id"] { source = (id, depth) }
            if parameter != nil, !closes { captured = [] }
        case "accessor":
            if let source, let count = attributes["count"].flatMap({ Int($0) }) { accessorCounts[source.id] = count }
        case "input":
            if let geometry, attributes["semantic"] == "POSITION", let from = attributes["source"], from.hasPrefix("#") {
                positionSources[geometry.id] = positionSources[geometry.id] ?? String(from.dropFirst())
            }
        case "effect":
            effects += 1
        case "newparam":
            if !closes, let sid = attributes["sid"] { parameter = ("effect \(effects) " + sid, depth) }
        case "init_from":
            if parameter != nil, !closes { captured = [] }
        default: break
        }
    }

    /// Text inside the element open now.
    mutating func text(_ byte: UInt8) {
        if captured != nil, captured!.count < 256 { captured!.append(byte) }
    }

    /// A closing tag brought the depth to `depth`: the elements opened deeper are done.
    mutating func closed(toDepth depth: Int) {
        if let text = captured, let parameter {
            let name = String(decoding: text, as: UTF8.self).trimmed(of: " \t\r\n")
            sources[parameter.key, default: []].append("effect \(effects) " + name)
            captured = nil
        }
        if let parameter, parameter.depth > depth { self.parameter = nil }
        if let controller, controller.depth > depth {
            self.controller = nil
            skinSource = nil
        }
        if let geometry, geometry.depth > depth { self.geometry = nil }
        if let source, source.depth > depth { self.source = nil }
        while let last = open.last, last.depth > depth { open.removeLast() }
    }

    /// Why the references cannot be handed to Assimp: a node instancing itself, a controller or
    /// effect parameter reading itself, or more than `instanceLimit` node instances from the
    /// visual scenes; nil when none.
    func problem(instanceLimit: Int) -> String? {
        var graph = children
        for (key, ids) in instanced { graph[key, default: []] += ids.compactMap { firstWithID[$0] } }
        // Each node's count: 1 + its children's, clamped past the limit (2^39 must not overflow).
        var instances: [String: Int] = [:], done: Set<String> = [], looped: String?
        GraphWalk.depthFirst(graph, from: roots, done: &done) { key in
            looped = key
            return true
        } finished: { key, inside in
            instances[key] = inside.reduce(1) { min($0 + (instances[$1] ?? 0), instanceLimit + 1) }
        }
        if let looped {
            let id = firstWithID.first { $0.value == looped }?.key ?? "?"
            return "its node '\(PrintableText.escaped(id, limit: 80))' instances itself (through <instance_node>)"
        }
        let total = roots.reduce(0) { min($0 + (instances[$1] ?? 0), instanceLimit + 1) }
        if total > instanceLimit { return "more than \(instanceLimit) node instances (<instance_node> counts each time it is used)" }
        for (geometry, count, line) in weighed {
            guard let vertices = positionSources[geometry].flatMap({ accessorCounts[$0] }), count < vertices else { continue }
            return "line \(line): <vertex_weights> weighs \(count) vertices of '\(PrintableText.escaped(geometry, limit: 80))', which has \(vertices)"
        }
        var read: Set<String> = [], readsItself: String?
        GraphWalk.depthFirst(sources, from: sources.keys.sorted(), done: &read) { key in
            readsItself = key
            return true
        } finished: { _, _ in
        }
        guard let readsItself else { return nil }
        let controller = readsItself.hasPrefix("controller ")
        let name = controller ? readsItself.dropFirst(11) : readsItself.split(separator: " ", maxSplits: 2).last ?? ""
        return "its \(controller ? "controller" : "effect parameter") '\(PrintableText.escaped(String(name), limit: 80))' refers to itself"
    }
}
