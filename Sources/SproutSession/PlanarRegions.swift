import SproutMath

/// The flat parts of a triangle mesh that plane detection can find: connected triangles facing
/// up (floors, table tops, seats) or sideways (walls, cupboard fronts) on one plane, grown from
/// a seed triangle over shared corners. Each region large enough becomes a rectangle in the
/// plane (its principal axes, its extent), which the session detects planes on as it does on a
/// stage's written surfaces, while rays go on meeting the triangles themselves.
public struct PlanarRegions: Sendable {
    /// A face within 10 degrees of up is horizontal; within 10 degrees of the horizon, vertical
    /// (ARKit classifies planes as horizontal or vertical; a ramp is neither).
    public static let alignmentTolerance: Float = radians(fromDegrees: 10)
    /// Neighbours farther than this off the seed's plane start a plane of their own (a step, a
    /// shelf above a shelf): 1 cm, coarser than a scan's noise and finer than any furniture.
    public static let planeTolerance: Float = 0.01
    /// Corners closer than this are one (scans and exports duplicate vertices along seams).
    public static let weldDistance: Float = 0.001
    /// Regions smaller than this are not planes (ARKit ignores patches under about 20 x 20 cm).
    public static let minimumArea: Float = 0.04

    /// One flat region: its alignment, its rectangle and its triangles.
    public struct Region: Sendable {
        /// Horizontal (facing up) or vertical.
        public var alignment: PlaneAlignment
        /// The rectangle's frame, centred on its extent: for a floor x along the region's principal
        /// axis, for a wall y along its mean normal.
        public var frame: SurfaceFrame
        /// Along the frame's x and z, metres.
        public var size: Vec2
        /// The triangles' total area, square metres (at least `minimumArea`).
        public var area: Float
        /// Indices of its triangles in the mesh (triangle t has corners 3t, 3t + 1 and 3t + 2).
        public var triangles: [Int]
    }

    /// The regions found, each at least `minimumArea`.
    public private(set) var regions: [Region] = []
    /// For each triangle, its region's index, or -1.
    public private(set) var regionOfTriangle: [Int32] = []

    /// - Parameter vertices: three corners per triangle, world space, +Y up.
    public init(vertices: [Vec3]) {
        let n = vertices.count / 3
        regionOfTriangle = Array(repeating: -1, count: n)
        guard n > 0 else { return }
        var normals = [Vec3](repeating: .zero, count: n), areas = [Float](repeating: 0, count: n)
        var kinds = [UInt8](repeating: 0, count: n)   // 0 none, 1 horizontal, 2 vertical
        let up = cos(Self.alignmentTolerance), side = sin(Self.alignmentTolerance)
        for t in 0..<n {
            let c = cross(vertices[3 * t + 1] - vertices[3 * t], vertices[3 * t + 2] - vertices[3 * t])
            let l = length(c)
            guard l > 1e-10 else { continue }
            normals[t] = c / l
            areas[t] = l / 2
            kinds[t] = normals[t].y >= up ? 1 : (abs(normals[t].y) <= side ? 2 : 0)
        }
        // Triangles meeting at a welded corner are neighbours.
        var corners: [SIMD3<Int32>: [Int32]] = [:]
        func key(_ p: Vec3) -> SIMD3<Int32> {
            let q = (p / Self.weldDistance).rounded(.toNearestOrAwayFromZero)
            let r = Int(Int32.min)...Int(Int32.max)
            return SIMD3(Int32(clampedInt(q.x, in: r)), Int32(clampedInt(q.y, in: r)), Int32(clampedInt(q.z, in: r)))
        }
        for t in 0..<n where kinds[t] != 0 {
            for k in 0..<3 { corners[key(vertices[3 * t + k]), default: []].append(Int32(t)) }
        }
        var queue: [Int] = []
        for seed in 0..<n where kinds[seed] != 0 && regionOfTriangle[seed] < 0 {
            let kind = kinds[seed], normal = normals[seed]
            let offset = dot(normal, vertices[3 * seed])
            let id = Int32(regions.count)
            var members: [Int] = []
            regionOfTriangle[seed] = id
            queue = [seed]
            while let t = queue.popLast() {
                members.append(t)
                for k in 0..<3 {
                    for other in corners[key(vertices[3 * t + k])] ?? [] {
                        let o = Int(other)
                        guard regionOfTriangle[o] < 0, kinds[o] == kind, dot(normals[o], normal) >= up else { continue }
                        let centroid = (vertices[3 * o] + vertices[3 * o + 1] + vertices[3 * o + 2]) / 3
                        guard abs(dot(normal, centroid) - offset) <= Self.planeTolerance else { continue }
                        regionOfTriangle[o] = id
                        queue.append(o)
                    }
                }
            }
            let area = members.reduce(Float(0)) { $0 + areas[$1] }
            guard area >= Self.minimumArea else {
                for t in members { regionOfTriangle[t] = -2 }   // seen, too small
                continue
            }
            regions.append(Self.region(members, kind: kind, area: area, vertices: vertices, normals: normals, areas: areas))
        }
        for t in 0..<n where regionOfTriangle[t] < 0 { regionOfTriangle[t] = -1 }
    }

    /// The rectangle of a region: for a floor or table, its principal axes in x-z and the
    /// extent of its corners along them; for a wall, its mean normal's heading.
    static func region(_ members: [Int], kind: UInt8, area: Float, vertices: [Vec3], normals: [Vec3], areas: [Float]) -> Region {
        var mean = Vec3.zero, normal = Vec3.zero
        for t in members {
            mean += (vertices[3 * t] + vertices[3 * t + 1] + vertices[3 * t + 2]) / 3 * areas[t]
            normal += normals[t] * areas[t]
        }
        mean /= area
        let alignment: PlaneAlignment = kind == 1 ? .horizontal : .vertical
        let yaw: Float
        if alignment == .horizontal {
            // Orientation of the region's area in x-z: its second moments about the mean, each
            // triangle's own (its corners about its centroid, over 12) plus its centroid's offset.
            var sxx: Float = 0, szz: Float = 0, sxz: Float = 0
            for t in members {
                let a = vertices[3 * t], b = vertices[3 * t + 1], c = vertices[3 * t + 2]
                let g = (a + b + c) / 3, d = g - mean
                var own = (xx: Float(0), zz: Float(0), xz: Float(0))
                for v in [a - g, b - g, c - g] { own.xx += v.x * v.x; own.zz += v.z * v.z; own.xz += v.x * v.z }
                sxx += (own.xx / 12 + d.x * d.x) * areas[t]
                szz += (own.zz / 12 + d.z * d.z) * areas[t]
                sxz += (own.xz / 12 + d.x * d.z) * areas[t]
            }
            // SurfaceFrame's x axis is (cos yaw, 0, -sin yaw): the principal direction's angle, negated.
            yaw = -0.5 * atan2(2 * sxz, sxx - szz)
        } else {
            yaw = atan2(normal.x, normal.z)
        }
        let rough = SurfaceFrame(center: mean, yaw: yaw, alignment: alignment)
        var low = Vec2(repeating: .infinity), high = Vec2(repeating: -.infinity)
        for t in members {
            for k in 0..<3 {
                let l = rough.local(vertices[3 * t + k])
                low = pointwiseMin(low, l)
                high = pointwiseMax(high, l)
            }
        }
        let center = rough.world((low + high) / 2)
        return Region(
            alignment: alignment, frame: SurfaceFrame(center: center, yaw: yaw, alignment: alignment),
            size: pointwiseMax(high - low, Vec2(repeating: 0.01)), area: area, triangles: members)
    }
}
