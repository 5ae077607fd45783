import SproutMath
import SproutScene

/// A Mammoth sunflower at its mature size: a stem a little under 3 m, broad leaves getting
/// smaller up the stem, and a nodding head 30 cm across (a seed disc in rings of florets and a
/// crown of ray petals). Deterministic for a seed.
public struct SunflowerGenerator: Sendable {
    /// Overall height in metres (Mammoth sunflowers reach 2.5-3.5 m).
    public var height: Float = 3.0
    /// Flower head diameter including the petals.
    public var headDiameter: Float = 0.30
    /// Seed of the random variation; the same seed gives the same plant.
    public var seed: UInt64 = 1

    /// A sunflower `height` metres tall with a head `headDiameter` metres across.
    public init(height: Float = 3.0, headDiameter: Float = 0.30, seed: UInt64 = 1) {
        self.height = height
        self.headDiameter = headDiameter
        self.seed = seed
    }

    /// Stem colour, linear RGBA.
    public static let stemColor = Vec4(0.20, 0.36, 0.08, 1)
    /// Leaf colour, linear RGBA.
    public static let leafColor = Vec4(0.10, 0.36, 0.06, 1)
    /// Ray petal colour, linear RGBA.
    public static let petalColor = Vec4(0.95, 0.62, 0.02, 1)
    /// Seed disc colour, linear RGBA.
    public static let discColor = Vec4(0.16, 0.08, 0.03, 1)

    /// The head nods forward by this much from facing straight up.
    static let headTilt: Float = radians(fromDegrees: 60)

    /// The plant's parts at `detail` (the cheaper ones are its levels of detail).
    public func parts(detail: PlantDetail = .full) -> [ModelPart] {
        var rng = SeededRandom(seed: seed)
        let headRadius = headDiameter / 2
        // The stem's top: the head's upper rim (tilted) reaches `height`.
        let stemHeight = height - headRadius * sin(Self.headTilt) - 0.02
        let spine = (0...24).map { i -> Vec3 in
            let t = Float(i) / 24
            // A slight lean and a nod at the top, where the head's weight bends the stem.
            return Vec3(0, t * stemHeight, t * t * t * 0.12)
        }
        let stem = PlantGeometry.tube(detail.spine(spine), segments: detail.segments(12), radius: { t in 0.022 * (1 - 0.55 * t) }, name: "stem")
        var positions: [Vec3] = [], normals: [Vec3] = [], indices: [UInt32] = []
        let leaves = 16
        for i in 0..<leaves {
            let t = 0.12 + 0.78 * Float(i) / Float(leaves - 1)
            let length = (0.42 - 0.26 * t) * rng.float(in: 0.9...1.1)
            let yaw = Float(i) * 2.4 + rng.float(in: -0.2...0.2)   // a spiral (phyllotaxis, ~137 degrees)
            let base = Vec3(0, t * stemHeight, t * t * t * 0.12)
            PlantGeometry.appendLeaf(
                base: base, yaw: yaw, length: length, droop: rng.float(in: 0.35...0.6), width: 0.38, detail: detail,
                positions: &positions, normals: &normals, indices: &indices)
        }
        let leafMesh = Mesh(name: "leaves", positions: positions, normals: normals, indices: indices)
        let top = spine[spine.count - 1]
        let (disc, petals) = head(at: top + Vec3(0, 0.02, 0.02), radius: headRadius, detail: detail, rng: &rng)
        let twoSided = detail.isTwoSided
        return [
            ModelPart(mesh: stem, material: Material(name: "stem", baseColor: Self.stemColor, roughness: 0.75)),
            ModelPart(mesh: leafMesh, material: Material(name: "leaves", baseColor: Self.leafColor, roughness: 0.6, isDoubleSided: twoSided)),
            ModelPart(mesh: disc, material: Material(name: "disc", baseColor: Self.discColor, roughness: 0.95, isDoubleSided: twoSided)),
            ModelPart(mesh: petals, material: Material(name: "petals", baseColor: Self.petalColor, roughness: 0.55, isDoubleSided: twoSided))
        ]
    }

    /// The seed disc (a shallow dome, 2/3 of the head) and two rings of ray petals around it,
    /// facing forward (+Z) and tilted up by 90 - 60 degrees.
    private func head(at center: Vec3, radius: Float, detail: PlantDetail, rng: inout SeededRandom) -> (Mesh, Mesh) {
        let facing = Quaternion(angle: -(.pi / 2 - Self.headTilt), axis: .unitX) * Quaternion(angle: .pi / 2, axis: .unitX)
        let discRadius = radius * 0.62
        var dp: [Vec3] = [], dn: [Vec3] = [], di: [UInt32] = []
        let rings = detail.segments(8, minimum: 2), segments = detail.segments(40, minimum: 10)
        for r in 0...rings {
            let u = Float(r) / Float(rings)
            for s in 0...segments {
                let a = Float(s) / Float(segments) * 2 * .pi
                let local = Vec3(cos(a) * u * discRadius, (1 - u * u) * discRadius * 0.18, sin(a) * u * discRadius)
                dp.append(center + facing.act(local))
                dn.append(facing.act(normalize(Vec3(cos(a) * u * 0.35, 1, sin(a) * u * 0.35))))
            }
        }
        let row = UInt32(segments + 1)
        for r in 0..<UInt32(rings) {
            for s in 0..<UInt32(segments) {
                let a = r * row + s, b = a + row
                di += [a, b, a + 1, a + 1, b, b + 1]
            }
        }
        // The back of the head: a cap 1 cm behind, so it is closed from behind (the cheaper
        // levels draw the dome two-sided instead).
        let back =
            detail.isTwoSided
            ? Mesh(name: "disc", positions: dp, normals: dn, indices: di)
            : Mesh(
                name: "disc", positions: dp + dp.map { $0 - facing.act(Vec3(0, 0.01, 0)) },
                normals: dn + dn.map { -$0 }, indices: di + di.map { $0 + UInt32(dp.count) }.chunked3Flipped())
        var pp: [Vec3] = [], pn: [Vec3] = [], pi: [UInt32] = []
        // At the minimal level (the head a few pixels across) the first ring alone, each petal
        // twice as wide: the same yellow round the disc from half the petals.
        let minimal = detail == .minimal
        for ring in 0..<(minimal ? 1 : 2) {
            let count = 26
            for i in 0..<count {
                let a = (Float(i) + Float(ring) * 0.5) / Float(count) * 2 * .pi + rng.float(in: -0.04...0.04)
                let length = (radius - discRadius) * (1.15 - 0.1 * Float(ring)) * rng.float(in: 0.95...1.02)   // tips at the head's radius
                let base = Vec3(cos(a), 0, sin(a)) * (discRadius * 0.92)
                let start = pp.count
                PlantGeometry.appendLeaf(
                    base: .zero, yaw: -a, length: length, droop: 0.15, width: minimal ? 0.36 : 0.18, detail: detail, isPetal: true,
                    positions: &pp, normals: &pn, indices: &pi)
                for k in start..<pp.count {
                    pp[k] = center + facing.act(pp[k] * Vec3(1, 0.3, 1) + base + Vec3(0, 0.004 * Float(ring), 0))
                    pn[k] = facing.act(pn[k])
                }
            }
        }
        return (back, Mesh(name: "petals", positions: pp, normals: pn, indices: pi))
    }
}

extension Array where Element == UInt32 {
    /// The same triangles wound the other way (for a back face).
    func chunked3Flipped() -> [UInt32] {
        stride(from: 0, to: count - 2, by: 3).flatMap { [self[$0], self[$0 + 2], self[$0 + 1]] }
    }
}
