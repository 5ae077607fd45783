import SproutMath

/// MikkTSpace (Morten Mikkelsen, "Simulation of Wrinkled Surfaces Revisited", 2008), the tangent
/// frames glTF asks a loader to compute where a primitive with a normal texture has no
/// `TANGENT`s (glTF 2.0, 3.7.2.1 "default MikkTSpace algorithms"), and those Blender and most
/// baking tools compute: a normal map baked against them reads back right only with them.
/// This follows the reference implementation's steps (mikktspace.c, its default 180-degree
/// threshold): corners with equal position, normal and coordinates are welded; triangles
/// whose corners share a position are degenerate; each triangle's ∂p/∂u and ∂p/∂v, and its
/// orientation (the sign of its area in texture space); around each vertex, the triangles
/// reached across shared edges with the same orientation form a group; a group's tangent is
/// the sum of its triangles' ∂p/∂u, projected onto the vertex's tangent plane, weighted by the
/// triangle's angle at the vertex. Degenerate triangles take a good triangle's frame at the
/// same welded vertex.
///
/// The reference recurses around each vertex and compares a group's triangles pairwise; here
/// the walk keeps its own stack and a group of more than `pairwiseLimit` triangles counts as
/// one subgroup (what the pairwise test finds unless two projected tangents are exactly
/// opposed), so a hostile fan of a million triangles costs linear time and no stack.
public enum MikkTSpace {
    /// The most triangles a group compares pairwise.
    static let pairwiseLimit = 64

    /// A tangent for every corner of `indices` (three a triangle): xyz the unit tangent along +u,
    /// w +1 or -1, the sign that turns `cross(normal, tangent)` into the bitangent along +v.
    /// `uvs` are in MikkTSpace's convention, v up the image (for glTF's, pass (u, 1 - v)).
    /// A corner no rule reaches gets the reference's default, (1, 0, 0, -1).
    public static func cornerTangents(positions: [Vec3], normals: [Vec3], uvs: [Vec2], indices: [UInt32]) -> [Vec4] {
        let triangleCount = indices.count / 3
        guard triangleCount > 0 else { return [] }
        let welded = weld(positions: positions, normals: normals, uvs: uvs, indices: indices)
        var good: [Int32] = []
        var degenerate: [Int32] = []
        good.reserveCapacity(triangleCount)
        for t in 0..<triangleCount {
            let p0 = positions[Int(welded[3 * t])], p1 = positions[Int(welded[3 * t + 1])], p2 = positions[Int(welded[3 * t + 2])]
            if p0 == p1 || p0 == p2 || p1 == p2 { degenerate.append(Int32(t)) } else { good.append(Int32(t)) }
        }
        // The good triangles' corners, welded, in their order.
        var corners = [Int32](repeating: 0, count: good.count * 3)
        for (g, t) in good.enumerated() {
            for k in 0..<3 { corners[3 * g + k] = welded[3 * Int(t) + k] }
        }
        var triangles = TriangleFrames(corners: corners, positions: positions, uvs: uvs)
        let neighbors = neighbors(of: corners)
        let groups = Groups(corners: corners, neighbors: neighbors, triangles: &triangles)

        var result = [Vec4](repeating: Vec4(1, 0, 0, -1), count: triangleCount * 3)
        var scratch = Scratch()
        for group in 0..<groups.count {
            let vertex = groups.vertex[group]
            let sign: Float = groups.orientPreserving[group] ? 1 : -1
            subgroupTangents(
                groups.members(group), vertex: vertex, normal: normals[Int(vertex)], corners: corners, positions: positions, triangles: triangles,
                scratch: &scratch
            ) {
                f, tangent in
                guard let k = corner(of: vertex, inTriangle: Int(f), corners) else { return }
                result[3 * Int(good[Int(f)]) + k] = Vec4(tangent.x, tangent.y, tangent.z, sign)
            }
        }
        // A degenerate triangle's corner copies the first good corner at its welded vertex.
        if !degenerate.isEmpty {
            var firstCorner: [Int32: Int] = [:]
            for (c, vertex) in corners.enumerated() where firstCorner[vertex] == nil { firstCorner[vertex] = 3 * Int(good[c / 3]) + c % 3 }
            for t in degenerate {
                for k in 0..<3 {
                    if let source = firstCorner[welded[3 * Int(t) + k]] { result[3 * Int(t) + k] = result[source] }
                }
            }
        }
        return result
    }

    /// Each corner's representative vertex: the first corner's vertex with the same position,
    /// normal and coordinates (compared as numbers: -0 equals 0).
    static func weld(positions: [Vec3], normals: [Vec3], uvs: [Vec2], indices: [UInt32]) -> [Int32] {
        struct Key: Hashable {
            var position: SIMD3<UInt32>, normal: SIMD3<UInt32>, uv: SIMD2<UInt32>
        }
        // Adding +0 turns -0 into +0, so the bit patterns compare as the numbers do.
        func bits(_ v: Vec3) -> SIMD3<UInt32> { SIMD3((v.x + 0).bitPattern, (v.y + 0).bitPattern, (v.z + 0).bitPattern) }
        var representative = [Int32](repeating: -1, count: positions.count)
        var seen: [Key: Int32] = [:]
        var welded = [Int32](repeating: 0, count: indices.count)
        for (c, index) in indices.enumerated() {
            let v = Int(index)
            if representative[v] < 0 {
                let uv = uvs[v]
                let key = Key(position: bits(positions[v]), normal: bits(normals[v]), uv: SIMD2((uv.x + 0).bitPattern, (uv.y + 0).bitPattern))
                if let first = seen[key] { representative[v] = first } else { seen[key] = Int32(v); representative[v] = Int32(v) }
            }
            welded[c] = representative[v]
        }
        return welded
    }

    /// For each good triangle's edge k (corner k to k + 1), the triangle across it: the first
    /// one, in the order of the edges' sorted (smaller, larger) vertex pairs, whose edge runs the
    /// other way and is not yet paired; -1 for none.
    static func neighbors(of corners: [Int32]) -> [Int32] {
        func directed(_ code: Int) -> (Int32, Int32) {
            let f = code / 3, k = code % 3
            return (corners[3 * f + k], corners[3 * f + (k + 1) % 3])
        }
        // The edges sorted by (smaller vertex, larger vertex, code): counted into buckets by the
        // smaller vertex (codes in order), then each small bucket sorted by the larger.
        var bucketStart = [Int](repeating: 0, count: Int(corners.max() ?? 0) + 2)
        for code in 0..<corners.count {
            let (a, b) = directed(code)
            bucketStart[Int(min(a, b)) + 1] += 1
        }
        for v in 1..<bucketStart.count { bucketStart[v] += bucketStart[v - 1] }
        var fill = bucketStart
        var edges = [Int32](repeating: 0, count: corners.count)   // codes, bucketed
        for code in 0..<corners.count {
            let (a, b) = directed(code), low = Int(min(a, b))
            edges[fill[low]] = Int32(code)
            fill[low] += 1
        }
        func larger(_ code: Int32) -> Int32 { let (a, b) = directed(Int(code)); return max(a, b) }
        for v in 0..<bucketStart.count - 1 where bucketStart[v + 1] - bucketStart[v] > 1 {
            edges[bucketStart[v]..<bucketStart[v + 1]].sort { larger($0) != larger($1) ? larger($0) < larger($1) : $0 < $1 }
        }
        var neighbor = [Int32](repeating: -1, count: corners.count)
        func runsForward(_ i: Int) -> Bool { let (a, b) = directed(Int(edges[i])); return a < b }
        var start = 0
        while start < edges.count {
            let pair = directed(Int(edges[start])), low = min(pair.0, pair.1), high = max(pair.0, pair.1)
            var end = start + 1
            while end < edges.count, case let (a, b) = directed(Int(edges[end])), min(a, b) == low && max(a, b) == high { end += 1 }
            // Within one vertex pair, each unpaired edge takes the next later unpaired one running
            // the other way; a cursor a direction keeps this linear.
            var forwardCursor = start, backwardCursor = start
            for i in start..<end where neighbor[Int(edges[i])] < 0 {
                let wantsForward = !runsForward(i)
                var j = max(wantsForward ? forwardCursor : backwardCursor, i + 1)
                while j < end && (runsForward(j) != wantsForward || neighbor[Int(edges[j])] >= 0) { j += 1 }
                if wantsForward { forwardCursor = j } else { backwardCursor = j }
                guard j < end else { continue }
                let a = Int(edges[i]), b = Int(edges[j])
                neighbor[a] = Int32(b / 3)
                neighbor[b] = Int32(a / 3)
            }
            start = end
        }
        return neighbor
    }

    /// Buffers a group's tangents reuse, so a mesh's hundreds of thousands of small groups
    /// allocate nothing each.
    struct Scratch {
        var projected: [(s: Vec3, t: Vec3)] = []
        var sorted: [Int32] = []
    }

    /// Gives each triangle of a group the tangent of its subgroup: the group's triangles whose
    /// projected ∂p/∂u and ∂p/∂v are not exactly opposed to its own (all of them, in practice).
    static func subgroupTangents(
        _ members: ArraySlice<Int32>, vertex: Int32, normal: Vec3, corners: [Int32], positions: [Vec3], triangles: TriangleFrames,
        scratch: inout Scratch, give: (Int32, Vec3) -> Void
    ) {
        scratch.projected.removeAll(keepingCapacity: true)
        for f in members { scratch.projected.append((projectedUnit(triangles.s[Int(f)], normal), projectedUnit(triangles.t[Int(f)], normal))) }
        let threshold: Float = -1   // the reference's default: cos(180 degrees), -1 in float
        let projected = scratch.projected, first = members.startIndex
        func joins(_ i: Int, _ j: Int) -> Bool {
            let f = Int(members[first + i]), t = Int(members[first + j])
            return triangles.groupsWithAny[f] || triangles.groupsWithAny[t] || f == t
                || (dot(projected[i].s, projected[j].s) > threshold && dot(projected[i].t, projected[j].t) > threshold)
        }
        // Nearly always every pair joins: one subgroup, the whole group.
        let count = members.count
        if count > pairwiseLimit || (0..<count).allSatisfy({ i in (0..<count).allSatisfy { joins(i, $0) } }) {
            scratch.sorted.removeAll(keepingCapacity: true)
            scratch.sorted.append(contentsOf: members)
            scratch.sorted.sort()
            let shared = weightedTangent(of: scratch.sorted, vertex: vertex, normal: normal, corners: corners, positions: positions, triangles: triangles)
            for f in members { give(f, shared) }
            return
        }
        var evaluated: [[Int32]: Vec3] = [:]
        for (i, f) in members.enumerated() {
            let subgroup = (0..<count).filter { joins(i, $0) }.map { members[first + $0] }.sorted()
            if evaluated[subgroup] == nil {
                evaluated[subgroup] = weightedTangent(
                    of: subgroup, vertex: vertex, normal: normal, corners: corners, positions: positions, triangles: triangles)
            }
            give(f, evaluated[subgroup] ?? .zero)
        }
    }

    /// A subgroup's tangent at `vertex`: its good triangles' projected ∂p/∂u, each weighted by
    /// the triangle's angle at the vertex (measured in the tangent plane), summed, normalised.
    static func weightedTangent(
        of subgroup: [Int32], vertex: Int32, normal n: Vec3, corners: [Int32], positions: [Vec3], triangles: TriangleFrames
    ) -> Vec3 {
        var sum = Vec3.zero
        for f in subgroup where !triangles.groupsWithAny[Int(f)] {
            let base = 3 * Int(f)
            guard let k = corner(of: vertex, inTriangle: Int(f), corners) else { continue }
            let p0 = positions[Int(corners[base + (k + 2) % 3])], p1 = positions[Int(vertex)], p2 = positions[Int(corners[base + (k + 1) % 3])]
            let v1 = projectedUnit(p0 - p1, n), v2 = projectedUnit(p2 - p1, n)
            let angle = acos(min(max(dot(v1, v2), -1), 1))
            sum += angle * projectedUnit(triangles.s[Int(f)], n)
        }
        return unitIfNotZero(sum)
    }

    /// Which corner (0, 1 or 2) of good triangle `f` is welded vertex `vertex`, if any.
    static func corner(of vertex: Int32, inTriangle f: Int, _ corners: [Int32]) -> Int? {
        (0..<3).first { corners[3 * f + $0] == vertex }
    }

    /// `v` less its part along unit `n`, normalised unless it is zero.
    static func projectedUnit(_ v: Vec3, _ n: Vec3) -> Vec3 { unitIfNotZero(v - dot(n, v) * n) }

    /// The reference's `NotZero`: larger in magnitude than the smallest normal float.
    static func notZero(_ x: Float) -> Bool { abs(x) > Float.leastNormalMagnitude }

    static func unitIfNotZero(_ v: Vec3) -> Vec3 {
        notZero(v.x) || notZero(v.y) || notZero(v.z) ? v * (1 / length(v)) : v
    }
}
