/// A depth-first walk of a graph given as each key's successors, with an explicit stack (a
/// hostile file's chain is 50,000 long), for the reference checks before Assimp
/// (`FBXConnections`, `COLLADAReferences`): Assimp follows such references by recursion.
enum GraphWalk {
    /// Walks from each of `starts` not yet `done`, in order: `onCycle` hears of each edge back
    /// onto the path (a cycle) and stops the whole walk by returning true; `finished` hears of
    /// each key once all its successors are done, with them. Returns whether it was stopped.
    @discardableResult
    static func depthFirst<Key: Hashable>(
        _ graph: [Key: [Key]], from starts: [Key], done: inout Set<Key>, onCycle: (Key) -> Bool, finished: (Key, [Key]) -> Void
    ) -> Bool {
        for start in starts where !done.contains(start) {
            var stack: [(key: Key, next: Int)] = [(start, 0)]
            var onPath: Set<Key> = [start]
            while let top = stack.last {
                let successors = graph[top.key] ?? []
                if top.next < successors.count {
                    stack[stack.count - 1].next += 1
                    let next = successors[top.next]
                    if onPath.contains(next) {
                        if onCycle(next) { return true }
                    } else if !done.contains(next) {
                        onPath.insert(next)
                        stack.append((next, 0))
                    }
                    continue
                }
                done.insert(top.key)
                finished(top.key, successors)
                onPath.remove(top.key)
                stack.removeLast()
            }
        }
        return false
    }
}
