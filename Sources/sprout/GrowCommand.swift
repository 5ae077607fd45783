import ArgumentParser
import SproutApp
import SproutAssets
import SproutImage
import SproutMath
import SproutPlants
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

    static let plants = PlantLibrary.names

    func run() throws {
        let parts = PlantLibrary.parts(plant, seed: seed)!
        if output.hasSuffix(".glb") {
            // Cheaper levels ride along as root_LOD1, root_LOD2 (drawn when the plant looks small,
            // a few pixels tall, where a sway would not show: they stand still, and the file
            // stays about twice its still size instead of three times). The full plant sways.
            let height = BoundingBox(points: parts.flatMap(\.mesh.positions)).max.y
            try ModelExporter.write(PlantSway.addingTargets(to: parts, height: height), levels: PlantLibrary.levelsOfDetail(plant, seed: seed),
                                    animation: (PlantSway.clipName, PlantSway.sampler), targetNames: PlantSway.targetNames, to: output, format: "glb2")
        } else {
            try OBJWriter.write(parts, to: output)
        }
        print("wrote \(output)")
        if let packet {
            let art = try SeedPacketPrinter.image(plant: plant, url: code)
            try ImageFile.writePNG(pixels: art.pixels, width: art.width, height: art.height, to: packet)
            print("wrote \(packet)")
        }
    }
}
