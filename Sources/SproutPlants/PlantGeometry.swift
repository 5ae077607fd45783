import SproutMath
import SproutScene

/// How finely a plant is built: `full` for close views, then its cheaper levels of detail
/// (`LevelOfDetail` 1, 2 and 3). The same seed gives the same plant at every detail: only the
/// tessellation changes, never a random draw (the sunflower's `minimal` head draws the first of
/// its two rings of petals, twice as wide).
public enum PlantDetail: Int, Sendable, CaseIterable {
    /// The full plant, for views where it stands taller than the view.
    case full
    /// Level 1: shorter than the view.
    case reduced
    /// Level 2: shorter than a fifth of the view.
    case coarse
    /// Level 3: shorter than a twelfth of the view (60 of 720 lines), where a leaf is a few
    /// pixels long and a stem under one wide: leaves and petals one quad, stems two segments
    /// (their ends and middle, so an arching stem still arches) of three sides, small round
    /// parts the fewest faces that still close.
    case minimal

    /// Leaf quads along and across the blade: the first level keeps the full blade (one
    /// sheet), since leaves are what a plant shows most of at any size.
    var leafGrid: (along: Int, across: Int) { [(8, 2), (8, 2), (2, 1), (1, 1)][rawValue] }
    /// The same for petals, a few pixels long whenever a level is drawn: four quads, then two, then one.
    var petalGrid: (along: Int, across: Int) { [(8, 2), (4, 1), (2, 1), (1, 1)][rawValue] }
    /// Full leaves are two sheets 0.5 mm apart (culling stays on, both sides lit); the cheaper
    /// levels draw one sheet with a two-sided material (`isTwoSided`), half the triangles.
    var isTwoSided: Bool { self != .full }
    /// Sides and rings of a small round part (a floret, a fruit) that must stay round at the
    /// first level: (sides, rings) at full detail.
    func sphere(_ full: (sides: Int, rings: Int)) -> (sides: Int, rings: Int) {
        switch self {
        case .full: full
        case .reduced: (max(4, full.sides * 3 / 4), max(3, full.rings * 4 / 5))
        case .coarse: (max(3, full.sides / 3), max(2, full.rings / 3))
        case .minimal: (3, 2)
        }
    }

    /// A segment count (sides of a tube, of a sphere) for this detail, never below `minimum`.
    func segments(_ full: Int, minimum: Int = 3) -> Int { max(minimum, full >> rawValue) }
    /// The spine's points this detail keeps (both ends always; the middle too at `minimal`).
    func spine(_ points: [Vec3]) -> [Vec3] {
        let step = [1, 3, 6, max(6, (points.count - 1) / 2)][rawValue]
        guard points.count > 2, step > 1 else { return points }
        var kept = stride(from: 0, to: points.count - 1, by: step).map { points[$0] }
        kept.append(points[points.count - 1])
        return kept
    }
}

/// Pieces the plant generators share: curved leaves (two sheets, or one two-sided sheet for
/// the cheaper levels) and tapered stems.
enum PlantGeometry {
    /// A curved, pointed leaf: 8 x 2 quads, front and back, at full detail (`PlantDetail`).
    static func appendLeaf(
        base: Vec3, yaw: Float, length: Float, droop: Float, width: Float = 0.22, detail: PlantDetail = .full,
        isPetal: Bool = false, positions: inout [Vec3], normals: inout [Vec3], indices: inout [UInt32]
    ) {
        let (along, across) = isPetal ? detail.petalGrid : detail.leafGrid
        let rotation = Quaternion(angle: yaw, axis: .unitY)
        var grid: [Vec3] = []
        for i in 0...along {
            let u = Float(i) / Float(along)
            let halfWidth = length * width * sin(u * .pi) * (1 - 0.3 * u)
            let x = u * length, y = u * length * 0.35 - droop * u * u * length
            for j in 0...across {
                let v = Float(j) / Float(across) * 2 - 1
                let fold = abs(v) * halfWidth * 0.25   // a shallow V along the midrib
                grid.append(base + rotation.act(Vec3(x, y + fold, v * halfWidth)))
            }
        }
        let smooth = Mesh.smoothNormals(positions: grid, indices: leafIndices(along: along, across: across, offset: 0, flipped: false))
        let offset: Float = detail.isTwoSided ? 0 : 0.00025
        for (sheet, sign) in detail.isTwoSided ? [(false, Float(1))] : [(false, Float(1)), (true, Float(-1))] {
            let start = UInt32(positions.count)
            for (p, n) in zip(grid, smooth) {
                positions.append(p + n * offset * sign)
                normals.append(n * sign)
            }
            indices += leafIndices(along: along, across: across, offset: start, flipped: sheet)
        }
    }

    static func leafIndices(along: Int, across: Int, offset: UInt32, flipped: Bool) -> [UInt32] {
        var out: [UInt32] = []
        let row = UInt32(across + 1)
        for i in 0..<UInt32(along) {
            for j in 0..<UInt32(across) {
                let a = offset + i * row + j, b = a + row
                out += flipped ? [a, a + 1, b, a + 1, b + 1, b] : [a, b, a + 1, a + 1, b, b + 1]
            }
        }
        return out
    }

    /// A tapered tube along `spine` (one ring per point), radius from `radius(t)`, t in 0...1.
    static func tube(_ spine: [Vec3], segments: Int = 12, radius: (Float) -> Float, name: String) -> Mesh {
        var positions: [Vec3] = [], normals: [Vec3] = [], indices: [UInt32] = []
        for (r, p) in spine.enumerated() {
            let t = Float(r) / Float(max(spine.count - 1, 1))
            for s in 0...segments {
                let a = Float(s) / Float(segments) * 2 * .pi
                let n = Vec3(cos(a), 0, -sin(a))
                positions.append(p + n * radius(t))
                normals.append(n)
            }
        }
        let row = UInt32(segments + 1)
        for r in 0..<UInt32(spine.count - 1) {
            for s in 0..<UInt32(segments) {
                let a = r * row + s, b = a + row
                indices += [a, a + 1, b, a + 1, b + 1, b]
            }
        }
        return Mesh(name: name, positions: positions, normals: normals, indices: indices)
    }
}
