import SproutMath

/// A bounding volume hierarchy over a triangle soup, built once, answering "the first triangle
/// along this ray". Binary, axis-aligned boxes; a node is split where the surface area
/// heuristic (binned, every axis) expects rays to do the least work, down to `leafSize`
/// triangles. Traversal visits the nearer child
/// first and skips boxes beyond the best hit so far, so a ray costs about log2(n) box tests and
/// a few triangle tests.
public struct TriangleBVH: Sendable {
    /// Triangles per leaf at most: below this, testing them beats another level of boxes.
    public static let leafSize = 4

    /// 32 bytes, two to a cache line: traversal is bound by memory, not arithmetic.
    struct Node {
        var minX, minY, minZ: Float
        /// A leaf: its first triangle in leaf order; an inner node: its right child's index
        /// (the left one follows it).
        var start: Int32
        var maxX, maxY, maxZ: Float
        /// A leaf: how many triangles; an inner node: 0.
        var count: Int32

        init(minimum: Vec3, maximum: Vec3, start: Int32, count: Int32) {
            (minX, minY, minZ, maxX, maxY, maxZ) = (minimum.x, minimum.y, minimum.z, maximum.x, maximum.y, maximum.z)
            (self.start, self.count) = (start, count)
        }
    }

    /// The triangles' corners, three per triangle, as given (shared with the caller's array:
    /// a copy in leaf order measured no faster and cost a scan's worth of memory more).
    public let vertices: [Vec3]
    private(set) var nodes: [Node] = []
    /// Triangle indices in leaf order.
    private(set) var order: [Int32] = []
    private let leafCapacity: Int

    /// How many triangles the hierarchy holds.
    public var triangleCount: Int { order.count }

    /// The box around every triangle (nil without triangles).
    public var bounds: (minimum: Vec3, maximum: Vec3)? {
        nodes.first.map { (Vec3($0.minX, $0.minY, $0.minZ), Vec3($0.maxX, $0.maxY, $0.maxZ)) }
    }

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
        guard
            let (axis, split) = Self.bestSplit(
                order[start..<end], centroidLow: centroidLow, centroidHigh: centroidHigh,
                centroids: centroids, lows: lows, highs: highs)
        else { return index }
        var mid = order[start..<end].partition { centroids[Int($0)][axis] >= split }
        if mid == start || mid == end {
            // Every centroid on one side of every plane tried: split at the median.
            order[start..<end].sort { centroids[Int($0)][axis] < centroids[Int($1)][axis] }
            mid = (start + end) / 2
        }
        nodes[index].count = 0
        build(start, mid, centroids: centroids, lows: lows, highs: highs)
        nodes[index].start = Int32(nodes.count)
        build(mid, end, centroids: centroids, lows: lows, highs: highs)
        return index
    }

    /// Bins per axis for the surface area heuristic: the usual 12 come within a few per cent of
    /// testing every plane, at a fraction of the cost.
    static let binCount = 12

    /// The split plane (axis, position) of least expected cost by the surface area heuristic
    /// (binned over the centroids, every axis), or nil where no plane separates the centroids.
    private static func bestSplit(
        _ members: ArraySlice<Int32>, centroidLow: Vec3, centroidHigh: Vec3,
        centroids: [Vec3], lows: [Vec3], highs: [Vec3]
    ) -> (axis: Int, split: Float)? {
        func area(_ lo: Vec3, _ hi: Vec3) -> Float {
            let e = hi - lo
            return e.x < 0 ? 0 : e.x * e.y + e.y * e.z + e.z * e.x
        }
        var best: (cost: Float, axis: Int, split: Float)?
        for axis in 0..<3 {
            let lo = centroidLow[axis], extent = centroidHigh[axis] - lo
            guard extent > 0 else { continue }
            let scale = Float(binCount) / extent
            var counts = [Int](repeating: 0, count: binCount)
            var binLow = [Vec3](repeating: Vec3(repeating: .infinity), count: binCount)
            var binHigh = [Vec3](repeating: Vec3(repeating: -.infinity), count: binCount)
            for t in members {
                let b = clampedInt((centroids[Int(t)][axis] - lo) * scale, in: 0...(binCount - 1))
                counts[b] += 1
                binLow[b] = pointwiseMin(binLow[b], lows[Int(t)])
                binHigh[b] = pointwiseMax(binHigh[b], highs[Int(t)])
            }
            // Costs of the planes between bins: left sweep, then right sweep.
            var leftArea = [Float](repeating: 0, count: binCount), leftCount = [Int](repeating: 0, count: binCount)
            var l = (Vec3(repeating: .infinity), Vec3(repeating: -.infinity)), n = 0
            for b in 0..<binCount {
                l = (pointwiseMin(l.0, binLow[b]), pointwiseMax(l.1, binHigh[b])); n += counts[b]
                leftArea[b] = area(l.0, l.1); leftCount[b] = n
            }
            var r = (Vec3(repeating: .infinity), Vec3(repeating: -.infinity)); n = 0
            for b in stride(from: binCount - 1, to: 0, by: -1) {
                r = (pointwiseMin(r.0, binLow[b]), pointwiseMax(r.1, binHigh[b])); n += counts[b]
                guard leftCount[b - 1] > 0, n > 0 else { continue }
                let cost = leftArea[b - 1] * Float(leftCount[b - 1]) + area(r.0, r.1) * Float(n)
                if cost < (best?.cost ?? .infinity) { best = (cost, axis, lo + Float(b) / scale) }
            }
        }
        return best.map { ($0.axis, $0.split) }
    }

    /// The nearest hit: its triangle, the ray parameter `t` (a distance when `direction` is a
    /// unit vector) in (0, maximum), and whether the ray meets the side the triangle's winding
    /// faces (counter-clockwise seen from the front).
    public struct Hit: Equatable, Sendable {
        /// The triangle's index: its corners are `vertices[3 * triangle ..< 3 * triangle + 3]`.
        public var triangle: Int
        /// Ray parameter of the hit: the distance when the direction is a unit vector.
        public var t: Float
        /// Whether the ray meets the triangle's front (counter-clockwise) side.
        public var isFront: Bool
        /// The triangle's unit normal, on its front side.
        public var normal: Vec3
    }

    /// The nearest triangle along the ray from `origin` along `direction` with t in (0, maximum);
    /// nil when there is none.
    public func nearestHit(origin: Vec3, direction: Vec3, maximum: Float = .infinity) -> Hit? {
        guard !nodes.isEmpty else { return nil }
        let inverse = Vec3(1 / direction.x, 1 / direction.y, 1 / direction.z)
        var bestT = maximum
        var bestTriangle = -1, bestIsFront = false
        guard let rootEntry = Self.enter(nodes[0], origin: origin, inverse: inverse), rootEntry < bestT else { return nil }
        // Depth is at most about 2 log2(n) (median fallbacks): 128 levels hold any mesh there is
        // room for. Each entry keeps where the ray enters its box, so a box is tested once.
        return withUnsafeTemporaryAllocation(of: (node: Int32, entry: Float).self, capacity: 128) { stack in
            nodes.withUnsafeBufferPointer { nodes in
                order.withUnsafeBufferPointer { order in
                    vertices.withUnsafeBufferPointer { vertices in
                        var top = 1
                        stack[0] = (0, rootEntry)
                        while top > 0 {
                            top -= 1
                            let (nodeIndex, entry) = stack[top]
                            guard entry < bestT else { continue }
                            let node = nodes[Int(nodeIndex)]
                            if node.count > 0 {
                                for i in Int(node.start)..<Int(node.start + node.count) {
                                    let t = Int(order[i])
                                    if let (d, front) = Self.intersect(vertices, t, origin: origin, direction: direction), d < bestT {
                                        (bestT, bestTriangle, bestIsFront) = (d, t, front)
                                    }
                                }
                                continue
                            }
                            // The nearer child is visited first; a child the ray misses, or meets
                            // beyond the best hit, is never pushed.
                            let left = nodeIndex + 1, right = node.start
                            let l = Self.enter(nodes[Int(left)], origin: origin, inverse: inverse)
                            let r = Self.enter(nodes[Int(right)], origin: origin, inverse: inverse)
                            guard top + 2 <= stack.count else { continue }   // deeper than any real mesh
                            switch (l, r) {
                            case let (l?, r?):
                                if l <= r {
                                    stack[top] = (right, r); stack[top + 1] = (left, l)
                                } else {
                                    stack[top] = (left, l); stack[top + 1] = (right, r)
                                }
                                top += 2
                            case let (l?, nil):
                                stack[top] = (left, l); top += 1
                            case let (nil, r?):
                                stack[top] = (right, r); top += 1
                            case (nil, nil):
                                break
                            }
                        }
                        guard bestTriangle >= 0 else { return nil }
                        let a = vertices[3 * bestTriangle], b = vertices[3 * bestTriangle + 1], c = vertices[3 * bestTriangle + 2]
                        return Hit(triangle: bestTriangle, t: bestT, isFront: bestIsFront, normal: normalize(cross(b - a, c - a)))
                    }
                }
            }
        }
    }

    /// Where the ray enters the node's box (0 when it starts inside), or nil when it misses it.
    @inline(__always)
    private static func enter(_ node: Node, origin: Vec3, inverse: Vec3) -> Float? {
        let t0x = (node.minX - origin.x) * inverse.x, t1x = (node.maxX - origin.x) * inverse.x
        let t0y = (node.minY - origin.y) * inverse.y, t1y = (node.maxY - origin.y) * inverse.y
        let t0z = (node.minZ - origin.z) * inverse.z, t1z = (node.maxZ - origin.z) * inverse.z
        // Written out: the generic pointwiseMin/Max are calls, not instructions, here.
        let nx = Swift.min(t0x, t1x), ny = Swift.min(t0y, t1y), nz = Swift.min(t0z, t1z)
        let fx = Swift.max(t0x, t1x), fy = Swift.max(t0y, t1y), fz = Swift.max(t0z, t1z)
        let entry = Swift.max(Swift.max(nx, ny), Swift.max(nz, 0))
        let exit = Swift.min(Swift.min(fx, fy), fz)
        // NaN (a zero direction component on the box's face) compares false: treated as a hit,
        // which only costs a triangle test.
        return entry <= exit || entry.isNaN || exit.isNaN ? entry : nil
    }

    /// Möller-Trumbore; both sides.
    @inline(__always)
    private static func intersect(_ vertices: UnsafeBufferPointer<Vec3>, _ triangle: Int, origin: Vec3, direction: Vec3) -> (Float, Bool)? {
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
