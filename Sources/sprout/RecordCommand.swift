import ArgumentParser
import SproutApp
import SproutCommandLine
import SproutWindow

struct RecordCommand: ParsableCommand, StageDefaults {
    static let stage = "tabletop"
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Open the preview window and write what you do (mouse, keys) as a script that sprout play replays.",
        discussion: """
            Controls as in `sprout preview` (Space places, mouse buttons are fingers, wheel twists, WASD/QE/arrows \
            move the device, R restarts, P planes, Esc stops and writes the script). The simulation advances one \
            script frame (1/60 s) per drawn frame, so the replay reaches the same state frame for frame.
            """
    )

    @Argument(help: "A model file or a catalog plant for `place: plant` (default: Sprout's seedling).")
    var model: String?

    @OptionGroup var stageOptions: StageOptions<Self>

    @Option(name: .shortAndLong, help: "The script to write (YAML).")
    var output: String

    @Option(help: "Also write the world's final state as JSON (a trace's step record: device, anchors, objects, ...), to compare with the replay.")
    var state: String?

    func validate() throws {
        guard output.hasSuffix(".yaml") || output.hasSuffix(".yml") else { throw ValidationError("--output must end in .yaml, got '\(output)'") }
    }

    func run() throws {
        guard Window.isDisplayAvailable else {
            throw ValidationError("sprout record needs a display (DISPLAY is not set); run it on a desktop, or under xvfb-run to try it")
        }
        let (stage, size) = (stageOptions.stage, stageOptions.size)
        try WindowRecording.record(model: model, stage: stage, seed: stageOptions.seed, width: size.width, height: size.height, to: output, state: state)
    }
}
