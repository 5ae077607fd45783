import SproutMath

/// A bounding volume hierarchy over a triangle soup, built once, answering "the first triangle
/// along this ray". Binary, axis-aligned boxes; a node is split at the midpoint of its
/// triangles' centroid bounds along their longest axis (falling back to the median when every
/// centroid lands on one side), down to `leafSize` triangles. Traversal visits the nearer child
/// first and skips boxes beyond the best hit so far, so a ray costs about log2(n) box tests and
/// a few triangle tests.
public struct TriangleBVH: Sendable {
    /// Triangles per leaf at most: below this, testing them beats another level of boxes.
    public static let leafSize = 4

    struct Node {
        var minimum: Vec3
        var maximum: Vec3
        /// A leaf: its first triangle in `order`, and how many; an inner node: count 0 and its
        /// right child's index (the left one follows it).
        var start: Int32
        var count: Int32
    }

    /// The triangles' corners, three per triangle, as given.
    public let vertices: [Vec3]
    private(set) var nodes: [Node] = []
    /// Triangle indices in leaf order.
    private(set) var order: [Int32] = []
    private let leafCapacity: Int

    public var triangleCount: Int { vertices.count / 3 }

    /// - Parameter vertices: three corners per triangle (a multiple of 3).
    public init(vertices: [Vec3]) { self.init(vertices: vertices, leafSizeForTesting: Self.leafSize) }

    /// With `leafSizeForTesting` the triangle count, one leaf: every triangle tested (the reference).
    init(vertices: [Vec3], leafSizeForTesting leafSize: Int) {
        self.leafCapacity = leafSize
        precondition(vertices.count % 3 == 0, "TriangleBVH: three corners per triangle")
        self.vertices = vertices
        let n = vertices.count / 3
        guard n > 0 else { return }
        var centroids = [Vec3](repeating: .zero, count: n)
        var lows = [Vec3](repeating: .zero, count: n), highs = [Vec3](repeating: .zero, count: n)
        for t in 0..<n {
            let a = vertices[3 * t], b = vertices[3 * t + 1], c = vertices[3 * t + 2]
            centroids[t] = (a + b + c) / 3
            lows[t] = pointwiseMin(pointwiseMin(a, b), c)
            highs[t] = pointwiseMax(pointwiseMax(a, b), c)
        }
        order = (0..<Int32(n)).map { $0 }
        nodes.reserveCapacity(2 * n / Self.leafSize + 1)
        build(0, n, centroids: centroids, lows: lows, highs: highs)
    }

    /// Builds the node for `order[start..<end]` and returns its index.
    @discardableResult
    private mutating func build(_ start: Int, _ end: Int, centroids: [Vec3], lows: [Vec3], highs: [Vec3]) -> Int {
        var low = Vec3(repeating: .infinity), high = Vec3(repeating: -.infinity)
        var centroidLow = low, centroidHigh = high
        for i in start..<end {
            let t = Int(order[i])
            low = pointwiseMin(low, lows[t])
            high = pointwiseMax(high, highs[t])
            centroidLow = pointwiseMin(centroidLow, centroids[t])
            centroidHigh = pointwiseMax(centroidHigh, centroids[t])
        }
        let index = nodes.count
        nodes.append(Node(minimum: low, maximum: high, start: Int32(start), count: Int32(end - start)))
        guard end - start > leafCapacity else { return index }
        let extent = centroidHigh - centroidLow
        let axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2)
        guard extent[axis] > 0 else { return index }   // every centroid in one point: a leaf
        let split = (centroidLow[axis] + centroidHigh[axis]) / 2
        var mid = order[start..<end].partition { centroids[Int($0)][axis] >= split }
        if mid == start || mid == end {
            // Lopsided: split at the median instead.
            order[start..<end].sort { centroids[Int($0)][axis] < centroids[Int($1)][axis] }
            mid = (start + end) / 2
        }
        nodes[index].count = 0
        build(start, mid, centroids: centroids, lows: lows, highs: highs)
        nodes[index].start = Int32(nodes.count)
        build(mid, end, centroids: centroids, lows: lows, highs: highs)
        return index
    }

    /// The nearest hit: its triangle, the ray parameter `t` (a distance when `direction` is a
    /// unit vector) in (0, maximum), and whether the ray meets the side the triangle's winding
    /// faces (counter-clockwise seen from the front).
    public struct Hit: Equatable, Sendable {
        public var triangle: Int
        public var t: Float
        public var isFront: Bool
    }

    public func nearestHit(origin: Vec3, direction: Vec3, maximum: Float = .infinity) -> Hit? {
        guard !nodes.isEmpty else { return nil }
        let inverse = Vec3(1 / direction.x, 1 / direction.y, 1 / direction.z)
        var best: Hit?
        var bestT = maximum
        // Depth is at most about 2 log2(n) (median fallbacks): 128 levels hold any mesh there is room for.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 128) { stack in
          nodes.withUnsafeBufferPointer { nodes in
            var top = 1
            stack[0] = 0
            while top > 0 {
                top -= 1
                let nodeIndex = Int(stack[top])
                let node = nodes[nodeIndex]
                guard let entry = Self.enter(node, origin: origin, inverse: inverse), entry < bestT else { continue }
                if node.count > 0 {
                    for i in Int(node.start)..<Int(node.start + node.count) {
                        let t = Int(order[i])
                        if let (d, front) = intersect(t, origin: origin, direction: direction), d < bestT {
                            bestT = d
                            best = Hit(triangle: t, t: d, isFront: front)
                        }
                    }
                    continue
                }
                // Push the farther child first, so the nearer is visited first.
                let left = Int32(nodeIndex + 1), right = node.start
                let leftEntry = Self.enter(nodes[Int(left)], origin: origin, inverse: inverse) ?? .infinity
                let rightEntry = Self.enter(nodes[Int(right)], origin: origin, inverse: inverse) ?? .infinity
                if top + 2 > stack.count { continue }   // deeper than any real mesh: give up on this branch
                if leftEntry <= rightEntry {
                    stack[top] = right; stack[top + 1] = left
                } else {
                    stack[top] = left; stack[top + 1] = right
                }
                top += 2
            }
            return best
          }
        }
    }

    /// Where the ray enters the node's box (0 when it starts inside), or nil when it misses it.
    private static func enter(_ node: Node, origin: Vec3, inverse: Vec3) -> Float? {
        let t0 = (node.minimum - origin) * inverse, t1 = (node.maximum - origin) * inverse
        let near = pointwiseMin(t0, t1), far = pointwiseMax(t0, t1)
        let entry = max(max(near.x, near.y), max(near.z, 0))
        let exit = min(min(far.x, far.y), far.z)
        // NaN (a zero direction component on the box's face) compares false: treated as a hit,
        // which only costs a triangle test.
        return entry <= exit || entry.isNaN || exit.isNaN ? entry : nil
    }

    /// Möller-Trumbore; both sides.
    private func intersect(_ triangle: Int, origin: Vec3, direction: Vec3) -> (Float, Bool)? {
        let a = vertices[3 * triangle], b = vertices[3 * triangle + 1], c = vertices[3 * triangle + 2]
        let e1 = b - a, e2 = c - a
        let p = cross(direction, e2)
        let det = dot(e1, p)
        guard abs(det) > 1e-12 else { return nil }
        let inv = 1 / det
        let s = origin - a
        let u = dot(s, p) * inv
        guard u >= 0, u <= 1 else { return nil }
        let q = cross(s, e1)
        let v = dot(direction, q) * inv
        guard v >= 0, u + v <= 1 else { return nil }
        let t = dot(e2, q) * inv
        guard t > 1e-6 else { return nil }
        return (t, det > 0)
    }
}
