import SproutMath
import SproutScene

/// A young plant built in code: a tapered stem, pairs of leaves on alternating sides and a bud.
/// Deterministic for a seed. Leaves are two one-sided sheets (front and back, 0.5 mm apart), so
/// back-face culling stays on and both sides are lit.
public struct SeedlingGenerator: Sendable {
    /// Stem height in metres.
    public var height: Float = 0.32
    /// Number of pairs of leaves, on opposite sides of the stem, from a quarter of the way up to near the top.
    public var leafPairs = 5
    /// Seed of the random variation (leaf sizes, angles and droop); the same seed gives the same plant.
    public var seed: UInt64 = 1

    /// A seedling `height` metres tall (to the stem's top; the bud sits on it) with `leafPairs` pairs of leaves.
    public init(height: Float = 0.32, leafPairs: Int = 5, seed: UInt64 = 1) {
        self.height = height
        self.leafPairs = leafPairs
        self.seed = seed
    }

    /// Stem colour, linear RGBA.
    public static let stemColor = Vec4(0.16, 0.32, 0.06, 1)
    /// Leaf colour, linear RGBA.
    public static let leafColor = Vec4(0.09, 0.42, 0.07, 1)
    /// Bud colour, linear RGBA.
    public static let budColor = Vec4(0.75, 0.55, 0.05, 1)

    /// The seedling's parts, standing on y = 0 with +Y up, metres: the stem, the leaves and the bud, in that order.
    public func parts() -> [ModelPart] {
        var rng = SeededRandom(seed: seed)
        let stem = ModelPart(mesh: stemMesh(), material: Material(name: "stem", baseColor: Self.stemColor, roughness: 0.7))
        let leaves = ModelPart(mesh: leavesMesh(&rng), material: Material(name: "leaves", baseColor: Self.leafColor, roughness: 0.6))
        let budMesh = MeshFactory.sphere(radius: height * 0.045, segments: 16, rings: 8, name: "bud").translated(by: Vec3(0, height, 0))
        let bud = ModelPart(
            mesh: budMesh,
            material: Material(name: "bud", baseColor: Self.budColor, roughness: 0.5))
        return [stem, leaves, bud]
    }

    private func stemMesh() -> Mesh {
        let spine = (0...16).map { r -> Vec3 in
            let t = Float(r) / 16
            return Vec3(sin(t * 2.2) * height * 0.03, 0, 0) + Vec3(0, t * height, 0)   // a slight sway
        }
        return PlantGeometry.tube(spine, segments: 12, radius: { t in height * 0.03 * (1 - 0.6 * t) }, name: "stem")
    }

    private func leavesMesh(_ rng: inout SeededRandom) -> Mesh {
        var positions: [Vec3] = [], normals: [Vec3] = [], indices: [UInt32] = []
        for pair in 0..<leafPairs {
            let t = 0.25 + 0.65 * Float(pair) / Float(max(leafPairs - 1, 1))
            let length = height * (0.55 - 0.3 * t) * rng.float(in: 0.85...1.15)
            for side in 0..<2 {
                let yaw = Float(pair) * 1.4 + Float(side) * .pi + rng.float(in: -0.2...0.2)
                let base = Vec3(sin(t * 2.2) * height * 0.03, t * height, 0)
                PlantGeometry.appendLeaf(
                    base: base, yaw: yaw, length: length, droop: rng.float(in: 0.3...0.6),
                    positions: &positions, normals: &normals, indices: &indices)
            }
        }
        return Mesh(name: "leaves", positions: positions, normals: normals, indices: indices)
    }
}
