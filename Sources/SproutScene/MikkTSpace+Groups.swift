import SproutMath

extension MikkTSpace {
    /// Each good triangle's frame in texture space (the reference's `InitTriInfo`).
    struct TriangleFrames {
        /// ∂p/∂u and ∂p/∂v, unit, pointing as the coordinates grow (zero where they do not).
        var s: [Vec3], t: [Vec3]
        /// Whether the triangle's area in texture space is positive: the frame is right-handed.
        var orientPreserving: [Bool]
        /// A triangle with no area in texture space, or no extent along u or v: it has no frame
        /// of its own and joins whichever group reaches it first, taking its orientation.
        var groupsWithAny: [Bool]

        init(corners: [Int32], positions: [Vec3], uvs: [Vec2]) {
            let count = corners.count / 3
            s = Array(repeating: .zero, count: count)
            t = Array(repeating: .zero, count: count)
            orientPreserving = Array(repeating: false, count: count)
            groupsWithAny = Array(repeating: true, count: count)
            for f in 0..<count {
                let i0 = Int(corners[3 * f]), i1 = Int(corners[3 * f + 1]), i2 = Int(corners[3 * f + 2])
                let t21 = uvs[i1] - uvs[i0], t31 = uvs[i2] - uvs[i0]
                let d1 = positions[i1] - positions[i0], d2 = positions[i2] - positions[i0]
                let signedArea = t21.x * t31.y - t21.y * t31.x
                var os = t31.y * d1 - t21.y * d2
                var ot = -t31.x * d1 + t21.x * d2
                orientPreserving[f] = signedArea > 0
                if MikkTSpace.notZero(signedArea) {
                    let absArea = abs(signedArea), lengthS = length(os), lengthT = length(ot)
                    let sign: Float = signedArea > 0 ? 1 : -1
                    if MikkTSpace.notZero(lengthS) { os = (sign / lengthS) * os }
                    if MikkTSpace.notZero(lengthT) { ot = (sign / lengthT) * ot }
                    if MikkTSpace.notZero(lengthS / absArea) && MikkTSpace.notZero(lengthT / absArea) { groupsWithAny[f] = false }
                }
                s[f] = os
                t[f] = ot
            }
        }
    }

    /// The groups around vertices (the reference's `Build4RuleGroups` and `AssignRecur`): from
    /// each corner of a triangle with a frame not yet in a group, the triangles reached across
    /// the two edges at that vertex, and on around it, that share the group's orientation.
    struct Groups {
        /// Each group's welded vertex and orientation.
        private(set) var vertex: [Int32] = [], orientPreserving: [Bool] = []
        private var start: [Int] = [0], triangles: [Int32] = []

        var count: Int { vertex.count }
        /// The group's triangles in the order the walk added them.
        func members(_ group: Int) -> ArraySlice<Int32> { triangles[start[group]..<start[group + 1]] }

        init(corners: [Int32], neighbors: [Int32], triangles frames: inout TriangleFrames) {
            var groupOf = [Int32](repeating: -1, count: corners.count)
            var stack: [Int32] = []
            for f in 0..<corners.count / 3 where !frames.groupsWithAny[f] {
                for k in 0..<3 where groupOf[3 * f + k] < 0 {
                    let group = Int32(vertex.count), shared = corners[3 * f + k], orient = frames.orientPreserving[f]
                    vertex.append(shared)
                    orientPreserving.append(orient)
                    groupOf[3 * f + k] = group
                    triangles.append(Int32(f))
                    // The reference recurses into the left neighbour, then the right: a stack
                    // popped left first visits them in the same order.
                    stack.removeAll(keepingCapacity: true)
                    if neighbors[3 * f + (k + 2) % 3] >= 0 { stack.append(neighbors[3 * f + (k + 2) % 3]) }
                    if neighbors[3 * f + k] >= 0 { stack.append(neighbors[3 * f + k]) }
                    while let t = stack.popLast() {
                        let base = 3 * Int(t)
                        guard let j = MikkTSpace.corner(of: shared, inTriangle: Int(t), corners), groupOf[base + j] < 0 else { continue }
                        // The first group to reach a frameless triangle gives it its orientation.
                        if frames.groupsWithAny[Int(t)] && groupOf[base] < 0 && groupOf[base + 1] < 0 && groupOf[base + 2] < 0 {
                            frames.orientPreserving[Int(t)] = orient
                        }
                        guard frames.orientPreserving[Int(t)] == orient else { continue }
                        groupOf[base + j] = group
                        triangles.append(t)
                        if neighbors[base + (j + 2) % 3] >= 0 { stack.append(neighbors[base + (j + 2) % 3]) }
                        if neighbors[base + j] >= 0 { stack.append(neighbors[base + j]) }
                    }
                    start.append(triangles.count)
                }
            }
        }
    }
}
