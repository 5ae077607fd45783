/// A glTF file's node graph measured before Assimp walks it (issue 30): its depth, the nodes it
/// expands to when shared children count once under each parent, and cycles. Walked with an
/// explicit stack and counted by memo (each node once), so a hostile graph costs its size, not
/// its expansion.
enum GLTFNodeGraph {
    /// What is wrong with the graph of the default scene, or nil: a cycle, more levels than
    /// `maximumDepth`, or more node instances than `maximumInstances`.
    static func problem(in json: GLTFJSON, maximumDepth: Int, maximumInstances: Int) -> String? {
        guard let nodes = json["nodes"]?.array, !nodes.isEmpty else { return nil }
        let children: [[Int]] = nodes.map { ($0["children"]?.array ?? []).compactMap(\.int).filter { nodes.indices.contains($0) } }
        let sceneIndex = json["scene"]?.int ?? 0
        let roots = (json["scenes"]?[sceneIndex]?["nodes"]?.array ?? []).compactMap(\.int).filter { nodes.indices.contains($0) }
        // Per node: the levels below it (itself included) and the instances it expands to.
        var depth = [Int](repeating: 0, count: nodes.count), instances = [Int](repeating: 0, count: nodes.count)
        enum State { case unseen, open, done }
        var state = [State](repeating: .unseen, count: nodes.count)
        for root in roots where state[root] == .unseen {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = .open
            while let (node, next) = stack.last {
                if next < children[node].count {
                    stack[stack.count - 1].next += 1
                    let child = children[node][next]
                    switch state[child] {
                    case .open: return "its nodes form a cycle (node \(child) is its own ancestor)"
                    case .done: continue
                    case .unseen:
                        state[child] = .open
                        stack.append((child, 0))
                        if stack.count > maximumDepth { return "a node hierarchy more than \(maximumDepth) levels deep" }
                    }
                } else {
                    stack.removeLast()
                    state[node] = .done
                    depth[node] = 1 + (children[node].map { depth[$0] }.max() ?? 0)
                    // Saturating: a few hundred bytes can ask for 2^n.
                    instances[node] = children[node].reduce(1) { min($0 + instances[$1], maximumInstances + 1) }
                    if depth[node] > maximumDepth { return "a node hierarchy more than \(maximumDepth) levels deep" }
                }
            }
        }
        let total = roots.reduce(0) { min($0 + instances[$1], maximumInstances + 1) }
        if total > maximumInstances {
            return "more than \(maximumInstances) node instances (nodes shared by several parents count under each)"
        }
        return nil
    }
}
