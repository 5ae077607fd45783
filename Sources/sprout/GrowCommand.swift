import ArgumentParser
import SproutAssets
import SproutScene

struct GrowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grow",
        abstract: "Generate a plant model (deterministic for a seed) as OBJ + MTL."
    )

    @Argument(help: "The plant to grow. Available: seedling.")
    var plant: String

    @Option(name: .shortAndLong, help: "OBJ file to write (an .mtl is written beside it).")
    var output: String

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    func validate() throws {
        guard plant == "seedling" else { throw ValidationError("unknown plant '\(plant)'; available: seedling") }
        guard output.hasSuffix(".obj") else { throw ValidationError("--output must end in .obj, got '\(output)'") }
    }

    func run() throws {
        try OBJWriter.write(SeedlingGenerator(seed: seed).parts(), to: output)
        print("wrote \(output)")
    }
}
