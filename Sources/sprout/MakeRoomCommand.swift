import ArgumentParser
import SproutApp
import SproutAssets

/// Writes the built-in model room (`Sources/SproutApp/Assets/rooms/living-room.glb` in the source tree), which the `model-room` stage uses.
struct MakeRoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-room",
        abstract: "Write the built-in living room model (.glb through Assimp) that the model-room stage is made from."
    )

    @Option(name: .shortAndLong, help: "The .glb file to write.")
    var output = "living-room.glb"

    @Option(help: "Make every face a grid of this many cells a metre (a dense, scan-like mesh; 0: plain boxes).")
    var cellsPerMetre: Float = 0

    @Option(help: "With --cells-per-metre, move each corner along its face's normal by up to this many metres (a scan's roughness).")
    var noise: Float = 0

    @Option(help: "Seed of the roughness.")
    var seed: UInt64 = 1

    func validate() throws {
        guard output.hasSuffix(".glb") else { throw ValidationError("--output must end in .glb, got '\(output)'") }
        guard (0...1000).contains(cellsPerMetre) else { throw ValidationError("--cells-per-metre must lie in 0...1000, got \(cellsPerMetre)") }
        guard (0...0.05).contains(noise) else { throw ValidationError("--noise must lie in 0...0.05 metres, got \(noise)") }
    }

    func run() throws {
        let parts = LivingRoomModel.parts(cellsPerMetre: cellsPerMetre, noise: noise, seed: seed)
        try ModelExporter.write(parts, to: output, format: "glb2")
        print("wrote \(output) (\(parts.reduce(0) { $0 + $1.mesh.triangleCount }) triangles)")
    }
}
