import ArgumentParser
import SproutAssets
import SproutImage
import SproutMath
import SproutScene

struct GrowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grow",
        abstract: "Generate a plant model at its real size (deterministic for a seed) as .glb (through Assimp) or OBJ + MTL."
    )

    @Argument(help: "The plant to grow. Available: seedling, sunflower, tomato, basil, lavender, tulip, corn.")
    var plant: String

    @Option(name: .shortAndLong, help: "Model file to write: .glb (binary glTF through Assimp) or .obj (an .mtl is written beside it).")
    var output: String

    @Option(help: "Also paint the plant's seed packet front (PNG, 8 x 12 cm at 4000 px/m) with an App Clip Code for --code.")
    var packet: String?

    @Option(help: "The URL the packet's code encodes.")
    var code = "https://seedshop.example/sunfl"

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    func validate() throws {
        guard Self.plants.contains(plant) else { throw ValidationError("unknown plant '\(plant)'; available: \(Self.plants.joined(separator: ", "))") }
        guard output.hasSuffix(".obj") || output.hasSuffix(".glb") else { throw ValidationError("--output must end in .glb or .obj, got '\(output)'") }
        if let packet, !packet.hasSuffix(".png") { throw ValidationError("--packet must end in .png, got '\(packet)'") }
    }

    static let plants = ["seedling", "sunflower"] + HerbGenerator.species.keys.sorted()

    /// The plant's name in white across the packet's top band (40 pixels of its 480).
    static func letter(_ name: String, into art: inout Image, font: Font) {
        let text = font.coverage(name, pixelHeight: 24)
        let ox = (art.width - text.width) / 2, oy = (40 - text.height) / 2
        for y in 0..<text.height where oy + y >= 0 && oy + y < art.height {
            for x in 0..<text.width where ox + x >= 0 && ox + x < art.width {
                let a = Int(text.alpha[y * text.width + x])
                guard a > 0 else { continue }
                let i = ((oy + y) * art.width + ox + x) * 4
                for c in 0..<3 { art.pixels[i + c] = UInt8((Int(art.pixels[i + c]) * (255 - a) + 255 * a) / 255) }
            }
        }
    }

    func run() throws {
        let parts: [ModelPart]
        switch plant {
        case "sunflower": parts = SunflowerGenerator(seed: seed).parts()
        case "seedling": parts = SeedlingGenerator(seed: seed).parts()
        default: parts = HerbGenerator(species: HerbGenerator.species[plant]!, seed: seed).parts()
        }
        if output.hasSuffix(".glb") {
            try ModelExporter.write(parts, to: output, format: "glb2")
        } else {
            try OBJWriter.write(parts, to: output)
        }
        print("wrote \(output)")
        if let packet {
            // The packet's flower takes the plant's flower or fruit colour (linear -> sRGB).
            var colour = SeedPacketArt(url: code).petalColor
            var motif = SeedPacketArt.Motif.daisy
            if let species = HerbGenerator.species[plant] {
                let c: Vec4
                switch species.flower {
                case .fruits(let x, _, _): c = x; motif = .fruits
                case .spike(let x, _): c = x; motif = .spikes
                case .cup(let x, _): c = x; motif = .cup
                case .tassel(_, let x): c = x; motif = .ear
                }
                colour = Vec3(sRGBFromLinear(c.x), sRGBFromLinear(c.y), sRGBFromLinear(c.z))
            }
            var art = SeedPacketArt(petalColor: colour, motif: motif, url: code).image()
            let name = plant == "sunflower" ? "Mammoth Sunflower" : HerbGenerator.species[plant]?.name ?? "Seedling"
            Self.letter(name.uppercased(), into: &art, font: try Font())
            try ImageFile.writePNG(pixels: art.pixels, width: art.width, height: art.height, to: packet)
            print("wrote \(packet)")
        }
    }
}
