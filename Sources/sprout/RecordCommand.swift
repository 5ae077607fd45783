import ArgumentParser
import SproutApp
import SproutCommandLine
import SproutDocument
import SproutMath
import SproutScript
import SproutWindow
import SproutWorld
import SproutFiles
#if canImport(Glibc)
import Glibc
#endif

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
        let modelPath = try model ?? Assets.requireDirectory() + "/plants/seedling.obj"
        let reference = try ModelReference.resolve(modelPath, relativeTo: ".")
        let loadPlant = try reference.entityLoader()   // refuses a broken model before the window opens
        let surface = try WindowSurface(title: "Sprout: recording to \(output)", width: stageOptions.size.width, height: stageOptions.size.height)
        let world = try World.onStage(stageOptions.stage, seed: stageOptions.seed, viewport: surface.viewport)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.helpLine = "RECORDING  |  " + PreviewControls.helpLine
        let runner = WindowRunner(loop: loop, surface: surface)
        runner.titlePrefix = "Sprout: recording to \(output), "
        let controls = PreviewControls(world: world, restartKeepsDevice: true) { try loadPlant() }
        let recording = WindowRecording(runner: runner, controls: controls, stage: Document.namesFile(stageOptions.stage) ? OutputFile.absolute(stageOptions.stage) : stageOptions.stage,
                                        seed: stageOptions.seed, objects: [PreviewControls.plantName: reference.path.map(OutputFile.absolute) ?? modelPath])
        // Ctrl-C or a kill ends the recording like Esc: the script is still written.
        signal(SIGINT) { _ in recordingStopRequested = true }
        signal(SIGTERM) { _ in recordingStopRequested = true }
        runner.shouldStop = { recordingStopRequested }
        print("Recording to \(output): \(PreviewControls.helpLine).")
        try runner.run()
        try OutputFile.write(recording.text, to: output)
        if let state { try OutputFile.write(JSONValue.object(TraceState.encode(WorldSnapshot(world))).serialized() + "\n", to: state) }
        print("wrote \(output) (\((Printf.format("%.1f", world.time))) s); replay with: sprout play \(output)")
    }
}

/// Set from a signal handler (which may touch nothing but such a flag).
nonisolated(unsafe) var recordingStopRequested = false
