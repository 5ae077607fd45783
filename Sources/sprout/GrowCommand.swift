import ArgumentParser
import SproutApp
import SproutPlants

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
        try PlantExport.write(plant, seed: seed, to: output)
        print("wrote \(output)")
        if let packet {
            try PlantExport.writePacket(plant, url: code, to: packet)
            print("wrote \(packet)")
        }
    }
}
