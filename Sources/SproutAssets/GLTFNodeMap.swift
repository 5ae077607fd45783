internal import CAssimp

/// Which Assimp node each glTF node became, found by walking the file's default scene and
/// Assimp's tree side by side: Assimp 5.2 keeps the file's hierarchy and child order, with the
/// scene's single root node as its root, or a synthetic root above several (names may repeat
/// or be missing, so they are not what is matched).
struct GLTFNodeMap {
    /// Assimp's node for each glTF node index reached.
    private(set) var aiNodes: [Int: UnsafeMutablePointer<aiNode>] = [:]

    init(json: GLTFJSON?, root: UnsafeMutablePointer<aiNode>?) {
        guard let json, let root, let nodes = json["nodes"]?.array, !nodes.isEmpty else { return }
        let sceneIndex = json["scene"]?.int ?? 0
        let roots = (json["scenes"]?[sceneIndex]?["nodes"]?.array ?? []).compactMap(\.int)
        var visited = Set<Int>()
        // An explicit stack: depth is bounded before (`GLTFNodeGraph`), but never by this thread's stack.
        var stack: [(index: Int, node: UnsafeMutablePointer<aiNode>)] = []
        if roots.count == 1 {
            stack = [(roots[0], root)]
        } else if roots.count == Int(root.pointee.mNumChildren) {
            for (k, index) in roots.enumerated().reversed() {
                if let aiChild = root.pointee.mChildren[k] { stack.append((index, aiChild)) }
            }
        }
        while let (index, node) = stack.popLast() {
            // A node reached twice is a malformed file's cycle or shared child: the first wins.
            guard nodes.indices.contains(index), visited.insert(index).inserted else { continue }
            aiNodes[index] = node
            let children = (nodes[index]["children"]?.array ?? []).compactMap(\.int)
            guard children.count == Int(node.pointee.mNumChildren) else { continue }
            // Reversed, so the first child is walked first (the first of two parents wins a shared node).
            for (k, child) in children.enumerated().reversed() {
                if let aiChild = node.pointee.mChildren[k] { stack.append((child, aiChild)) }
            }
        }
    }

    /// Assimp's name of glTF node `index` (what Assimp names the bones of a joint), if it was reached.
    func name(of index: Int) -> String? { aiNodes[index].map { string($0.pointee.mName) } }
}
