import ArgumentParser
import SproutApp
import SproutAssets

/// Writes the built-in model room (`Assets/rooms/living-room.glb`), which the `model-room` stage uses.
struct MakeRoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-room",
        abstract: "Write the built-in living room model (.glb through Assimp) that the model-room stage is made from."
    )

    @Option(name: .shortAndLong, help: "The .glb file to write.")
    var output = "Assets/rooms/living-room.glb"

    func validate() throws {
        guard output.hasSuffix(".glb") else { throw ValidationError("--output must end in .glb, got '\(output)'") }
    }

    func run() throws {
        try ModelExporter.write(LivingRoomModel.parts(), to: output, format: "glb2")
        print("wrote \(output)")
    }
}
