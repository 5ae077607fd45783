import SproutMath
import SproutScene

/// Garden plants from a few measured traits: how tall, how many stems, what leaves, what
/// flowers or fruit. Each species is a preset with its documented mature height; the same
/// species and seed give the same plant.
public struct HerbGenerator: Sendable {
    /// What a species shows at its top: fruits, a spike, a cup or a tassel, with colours and sizes.
    public enum Flower: Sendable {
        /// Round fruits hanging in clusters (tomato).
        case fruits(color: Vec4, radius: Float, count: Int)
        /// A spike of small florets at each stem's tip (lavender, basil).
        case spike(color: Vec4, length: Float)
        /// A cup of petals on the single stem (tulip).
        case cup(color: Vec4, height: Float)
        /// A branching tassel at the top and ears along the stem (corn).
        case tassel(color: Vec4, earColor: Vec4)
    }

    /// One plant species: its name, documented height, leaves and flower.
    public struct Species: Sendable {
        /// The name printed on the seed packet ("Sweet Basil").
        public var name: String
        /// Documented mature height, metres (the model stands exactly this tall).
        public var height: Float
        /// Number of stems rising from the base (at least 1).
        public var stems: Int
        /// Spread of the stems' tops from the centre, metres.
        public var spread: Float
        /// Radius of a stem at its base, metres; stems taper to half of it at the tip.
        public var stemRadius: Float
        /// Leaves along each stem, spread from low on the stem to near its tip.
        public var leavesPerStem: Int
        /// Leaf length as a fraction of the stem's length, and width as a fraction of its length.
        public var leafLength: Float
        /// Leaf width relative to the leaf's own length: at its widest the leaf's half-width is about 0.85 times this times its length.
        public var leafWidth: Float
        /// Leaf colour, linear RGBA.
        public var leafColor: Vec4
        /// Stem colour, linear RGBA.
        public var stemColor: Vec4
        /// What grows at the top of the stems.
        public var flower: Flower
    }

    /// The presets by catalog name: "tomato", "basil", "lavender", "tulip" and "corn".
    public static let species: [String: Species] = [
        // Indeterminate garden tomato, staked: about 1.5 m.
        "tomato": Species(
            name: "Tomato", height: 1.5, stems: 3, spread: 0.25, stemRadius: 0.012, leavesPerStem: 9, leafLength: 0.22, leafWidth: 0.35,
            leafColor: Vec4(0.12, 0.32, 0.07, 1), stemColor: Vec4(0.22, 0.35, 0.10, 1),
            flower: .fruits(color: Vec4(0.75, 0.06, 0.03, 1), radius: 0.03, count: 12)),
        // Sweet basil: about 0.45 m.
        "basil": Species(
            name: "Sweet Basil", height: 0.45, stems: 5, spread: 0.12, stemRadius: 0.005, leavesPerStem: 7, leafLength: 0.28, leafWidth: 0.45,
            leafColor: Vec4(0.14, 0.45, 0.08, 1), stemColor: Vec4(0.20, 0.38, 0.10, 1),
            flower: .spike(color: Vec4(0.9, 0.9, 0.85, 1), length: 0.06)),
        // English lavender: about 0.6 m, many thin stems with purple spikes.
        "lavender": Species(
            name: "English Lavender", height: 0.6, stems: 24, spread: 0.25, stemRadius: 0.002, leavesPerStem: 4, leafLength: 0.18, leafWidth: 0.1,
            leafColor: Vec4(0.32, 0.42, 0.30, 1), stemColor: Vec4(0.35, 0.45, 0.30, 1),
            flower: .spike(color: Vec4(0.40, 0.25, 0.65, 1), length: 0.08)),
        // Garden tulip: about 0.45 m, one stem, a red cup.
        "tulip": Species(
            name: "Red Tulip", height: 0.45, stems: 1, spread: 0, stemRadius: 0.005, leavesPerStem: 2, leafLength: 0.55, leafWidth: 0.22,
            leafColor: Vec4(0.20, 0.40, 0.18, 1), stemColor: Vec4(0.25, 0.45, 0.15, 1),
            flower: .cup(color: Vec4(0.80, 0.05, 0.06, 1), height: 0.07)),
        // Sweet corn: about 2.4 m, long strap leaves, a tassel and two ears.
        "corn": Species(
            name: "Sweet Corn", height: 2.4, stems: 1, spread: 0, stemRadius: 0.015, leavesPerStem: 12, leafLength: 0.42, leafWidth: 0.08,
            leafColor: Vec4(0.18, 0.42, 0.10, 1), stemColor: Vec4(0.30, 0.45, 0.15, 1),
            flower: .tassel(color: Vec4(0.75, 0.62, 0.30, 1), earColor: Vec4(0.85, 0.78, 0.35, 1)))
    ]

    /// The species to grow.
    public var species: Species
    /// Seed of the random variation (stem lean and length, leaf angles and sizes); the same seed gives the same plant.
    public var seed: UInt64

    /// A generator for `species` with variation fixed by `seed`.
    public init(species: Species, seed: UInt64 = 1) {
        self.species = species
        self.seed = seed
    }

    /// The plant's parts at `detail` (the cheaper ones are its levels of detail), scaled as
    /// the full plant is, so every level stands the same height.
    public func parts(detail: PlantDetail = .full) -> [ModelPart] {
        let built = unscaledParts(detail: detail)
        let reference = detail == .full ? built : unscaledParts(detail: .full)
        // Leaves and flowers can reach a little above the stems: scale the whole plant so it
        // stands exactly its documented height.
        let top = reference.reduce(Float(0)) { max($0, $1.mesh.bounds.max.y) }
        let bottom = reference.reduce(Float(0)) { min($0, $1.mesh.bounds.min.y) }   // a leaf tip may touch the soil
        let k = top > bottom ? species.height / (top - bottom) : 1
        return built.map { part in
            var p = part
            p.mesh = Mesh(
                name: part.mesh.name, positions: part.mesh.positions.map { $0 * k }, normals: part.mesh.normals,
                uvs: part.mesh.uvs, indices: part.mesh.indices)
            return p
        }
    }

    private func unscaledParts(detail: PlantDetail) -> [ModelPart] {
        var rng = SeededRandom(seed: seed)
        let s = species
        // Flowers and fruit sit on the stems' tips; stems stop short so the top is `height`.
        let topAllowance: Float
        switch s.flower {
        case .spike(_, let length): topAllowance = length
        case .cup(_, let h): topAllowance = h
        case .tassel: topAllowance = 0.25
        case .fruits: topAllowance = 0
        }
        var stemMeshes: [Mesh] = []
        var lp: [Vec3] = [], ln: [Vec3] = [], li: [UInt32] = []
        var tips: [(point: Vec3, direction: Vec3)] = []
        for i in 0..<s.stems {
            let angle = Float(i) * 2.4 + rng.float(in: -0.3...0.3)
            let lean = s.stems == 1 ? Float(0) : s.spread * rng.float(in: 0.4...1)
            let length = (s.height - topAllowance) * (s.stems == 1 ? 1 : rng.float(in: 0.85...1))
            let out = Vec3(cos(angle), 0, sin(angle))
            let spine = (0...16).map { k -> Vec3 in
                let t = Float(k) / 16
                return out * (lean * t * t) + Vec3(0, t * length, 0)
            }
            stemMeshes.append(
                PlantGeometry.tube(detail.spine(spine), segments: detail.segments(8), radius: { t in s.stemRadius * (1 - 0.5 * t) }, name: "stem"))
            tips.append((spine[16], normalize(spine[16] - spine[15])))
            for k in 0..<s.leavesPerStem {
                let t = 0.12 + 0.78 * Float(k) / Float(max(s.leavesPerStem - 1, 1))
                let base = out * (lean * t * t) + Vec3(0, t * length, 0)
                let leafLength = length * s.leafLength * (1.15 - 0.5 * t) * rng.float(in: 0.85...1.1)
                PlantGeometry.appendLeaf(
                    base: base, yaw: Float(k) * 2.4 + angle + rng.float(in: -0.3...0.3), length: leafLength,
                    droop: rng.float(in: 0.25...0.5), width: s.leafWidth, detail: detail, positions: &lp, normals: &ln, indices: &li)
            }
        }
        var parts = [
            ModelPart(mesh: Mesh.merging(stemMeshes, name: "stems"), material: Material(name: "stems", baseColor: s.stemColor, roughness: 0.7)),
            ModelPart(
                mesh: Mesh(name: "leaves", positions: lp, normals: ln, indices: li),
                material: Material(name: "leaves", baseColor: s.leafColor, roughness: 0.6, isDoubleSided: detail.isTwoSided))
        ]
        parts.append(contentsOf: flowers(at: tips, height: s.height, detail: detail, rng: &rng))
        return parts
    }

    private func flowers(at tips: [(point: Vec3, direction: Vec3)], height: Float, detail: PlantDetail, rng: inout SeededRandom) -> [ModelPart] {
        var meshes: [Mesh] = []
        var extra: [ModelPart] = []
        let fruit = detail.sphere((12, 8)), floret = detail.sphere((8, 5))
        let color: Vec4
        switch species.flower {
        case .fruits(let c, let radius, let count):
            color = c
            for i in 0..<count {
                let tip = tips[i % tips.count].point
                let t = rng.float(in: 0.35...0.85)
                let centre = Vec3(tip.x * t, tip.y * t, tip.z * t) + Vec3(rng.float(in: -0.08...0.08), 0, rng.float(in: -0.08...0.08))
                meshes.append(MeshFactory.sphere(radius: radius * rng.float(in: 0.8...1.2), segments: fruit.sides, rings: fruit.rings).translated(by: centre))
            }
        case .spike(let c, let length):
            color = c
            for tip in tips {
                if detail == .minimal {
                    // A spike a few pixels long: one three-sided cone along it, as wide as its
                    // lowest floret and closing past its highest, instead of the florets.
                    let end = tip.point + tip.direction * (length + 0.007)
                    meshes.append(PlantGeometry.tube([tip.point, end], segments: 3, radius: { t in 0.010 * (1 - t) }, name: "spike"))
                    continue
                }
                // Eight florets up the spike; the coarsest level, a few pixels tall, every other one.
                for k in stride(from: 0, to: 8, by: detail == .coarse ? 2 : 1) {
                    let u = Float(k) / 8
                    let r = 0.006 * (1 - 0.5 * u) + 0.004
                    meshes.append(
                        MeshFactory.sphere(radius: r, segments: floret.sides, rings: floret.rings).translated(by: tip.point + tip.direction * (u * length + r)))
                }
            }
        case .cup(let c, let h):
            color = c
            for tip in tips {
                // Six petals standing round the tip, curving in at the top: a closed cup.
                var pp: [Vec3] = [], pn: [Vec3] = [], pi: [UInt32] = []
                for k in 0..<6 {
                    PlantGeometry.appendLeaf(
                        base: .zero, yaw: Float(k) / 6 * 2 * .pi, length: h, droop: 0, width: 0.45, detail: detail,
                        positions: &pp, normals: &pn, indices: &pi)
                }
                // The leaf runs out and up; stand it up: x (outwards) -> mostly up with a little outwards.
                let stand = { (p: Vec3) -> Vec3 in
                    let r = Vec3(p.x, 0, p.z), outward = length(r)
                    let dir = outward > 0 ? r / outward : .zero
                    return tip.point + dir * (0.018 + 0.25 * outward * (1 - outward / h)) + Vec3(0, outward + p.y * 0.2, 0)
                }
                meshes.append(Mesh(name: "flower", positions: pp.map(stand), normals: pn, indices: pi))
            }
        case .tassel(let c, let earColor):
            color = c
            for tip in tips {
                for k in 0..<7 {
                    let a = Float(k) / 7 * 2 * .pi
                    let spine = (0...6).map { j -> Vec3 in
                        let t = Float(j) / 6
                        return tip.point + Vec3(cos(a) * 0.08 * t, 0.23 * t - 0.05 * t * t, sin(a) * 0.08 * t)
                    }
                    meshes.append(PlantGeometry.tube(detail.spine(spine), segments: detail.segments(5), radius: { _ in 0.003 }, name: "tassel"))
                }
                var ears: [Mesh] = []
                for (k, y) in [Float(0.45), 0.55].enumerated() {
                    let a = Float(k) * .pi + 0.5
                    let base = Vec3(0, tip.point.y * y, 0), out = Vec3(cos(a), 0.9, sin(a)) * 0.1
                    ears.append(
                        PlantGeometry.tube(
                            [base, base + out, base + out * 1.9], segments: detail.segments(10), radius: { t in 0.022 * sin(.pi * (0.2 + 0.8 * t)) + 0.005 },
                            name: "ear"))
                }
                extra.append(ModelPart(mesh: Mesh.merging(ears, name: "ears"), material: Material(name: "ears", baseColor: earColor, roughness: 0.7)))
            }
        }
        // The tulip's cup is leaf sheets: two-sided with them at the cheaper levels.
        let cupIsSheet = if case .cup = species.flower { detail.isTwoSided } else { false }
        return [
            ModelPart(
                mesh: Mesh.merging(meshes, name: "flowers"),
                material: Material(name: "flowers", baseColor: color, roughness: 0.5, isDoubleSided: cupIsSheet))
        ] + extra
    }
}
