import SproutMath
import SproutScene

/// The plants Sprout can grow by name, at their documented heights, and their seed packets.
public enum PlantLibrary {
    /// Every plant name `parts(_:seed:)` knows.
    public static let names = ["seedling", "sunflower"] + HerbGenerator.species.keys.sorted()

    /// The plant's meshes and materials (deterministic for a seed), or nil for an unknown name.
    public static func parts(_ name: String, seed: UInt64 = 1, detail: PlantDetail = .full) -> [ModelPart]? {
        switch name {
        case "sunflower": return SunflowerGenerator(seed: seed).parts(detail: detail)
        case "seedling": return detail == .full ? SeedlingGenerator(seed: seed).parts() : nil
        default: return HerbGenerator.species[name].map { HerbGenerator(species: $0, seed: seed).parts(detail: detail) }
        }
    }

    /// The plant's cheaper levels of detail, level 1 first (`PlantDetail.reduced`, `.coarse`,
    /// `.minimal`); none for the seedling, a few hundred triangles already and kept as OBJ.
    public static func levelsOfDetail(_ name: String, seed: UInt64 = 1) -> [[ModelPart]] {
        [PlantDetail.reduced, .coarse, .minimal].compactMap { parts(name, seed: seed, detail: $0) }
    }

    /// The name printed on the plant's packet ("Mammoth Sunflower", "Sweet Basil", ...).
    public static func displayName(_ name: String) -> String {
        name == "sunflower" ? "Mammoth Sunflower" : HerbGenerator.species[name]?.name ?? "Seedling"
    }

    /// The packet front for the plant, its code encoding `url`: the packet's flower takes the
    /// plant's flower or fruit colour (linear to sRGB) and motif.
    public static func packetArt(_ name: String, url: String) -> SeedPacketArt {
        guard let species = HerbGenerator.species[name] else { return SeedPacketArt(url: url) }
        let c: Vec4
        let motif: SeedPacketArt.Motif
        switch species.flower {
        case .fruits(let x, _, _): c = x; motif = .fruits
        case .spike(let x, _): c = x; motif = .spikes
        case .cup(let x, _): c = x; motif = .cup
        case .tassel(_, let x): c = x; motif = .ear
        }
        return SeedPacketArt(petalColor: Vec3(sRGBFromLinear(c.x), sRGBFromLinear(c.y), sRGBFromLinear(c.z)), motif: motif, url: url)
    }
}
