import ArgumentParser
import SproutAssets
import SproutImage
import SproutScene

struct GrowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grow",
        abstract: "Generate a plant model at its real size (deterministic for a seed) as OBJ + MTL."
    )

    @Argument(help: "The plant to grow. Available: seedling, sunflower.")
    var plant: String

    @Option(name: .shortAndLong, help: "OBJ file to write (an .mtl is written beside it).")
    var output: String

    @Option(help: "Also paint the plant's seed packet front (PNG, 8 x 12 cm at 4000 px/m) with an App Clip Code for --code.")
    var packet: String?

    @Option(help: "The URL the packet's code encodes.")
    var code = "https://seedshop.example/sunfl"

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    func validate() throws {
        guard ["seedling", "sunflower"].contains(plant) else { throw ValidationError("unknown plant '\(plant)'; available: seedling, sunflower") }
        guard output.hasSuffix(".obj") else { throw ValidationError("--output must end in .obj, got '\(output)'") }
        if let packet, !packet.hasSuffix(".png") { throw ValidationError("--packet must end in .png, got '\(packet)'") }
    }

    func run() throws {
        let parts = plant == "sunflower" ? SunflowerGenerator(seed: seed).parts() : SeedlingGenerator(seed: seed).parts()
        try OBJWriter.write(parts, to: output)
        print("wrote \(output)")
        if let packet {
            let art = SeedPacketArt(url: code).image()
            try ImageFile.writePNG(pixels: art.pixels, width: art.width, height: art.height, to: packet)
            print("wrote \(packet)")
        }
    }
}
