import SproutDocument
import SproutFiles
import SproutScript
import SproutWindow
import SproutWorld

extension WindowRecording {
    /// What `sprout record` does: a preview window on `stage` (a built-in name or a file) in
    /// which Space places `model` (nil: Sprout's seedling); when the window closes (Esc, Ctrl-C
    /// or a kill: the script is still written) the script goes to `output`, and with `state` the
    /// world's final state as JSON (a trace's step record) to compare with the replay.
    public static func record(
        model: String?, stage: String, seed: UInt64, width: Int, height: Int, to output: String, state: String? = nil,
        say: (String) -> Void = { print($0) }
    ) throws {
        let modelPath = try model ?? Assets.requireDirectory() + "/plants/seedling.obj"
        let reference = try ModelReference.resolve(modelPath, relativeTo: ".")
        let loadPlant = try reference.entityLoader()   // refuses a broken model before the window opens
        let surface = try WindowSurface(title: "Sprout: recording to \(output)", width: width, height: height)
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.helpLine = "RECORDING  |  " + PreviewControls.helpLine
        let runner = WindowRunner(loop: loop, surface: surface)
        runner.titlePrefix = "Sprout: recording to \(output), "
        let controls = PreviewControls(world: world, restartKeepsDevice: true) { try loadPlant() }
        let recording = WindowRecording(
            runner: runner, controls: controls, stage: Document.namesFile(stage) ? OutputFile.absolute(stage) : stage,
            seed: seed, objects: [PreviewControls.plantName: reference.path.map(OutputFile.absolute) ?? modelPath])
        runner.shouldStop = StopSignal.install()
        say("Recording to \(output): \(PreviewControls.helpLine).")
        try runner.run()
        try OutputFile.write(recording.text, to: output)
        if let state { try OutputFile.write(JSONValue.object(TraceState.encode(WorldSnapshot(world))).serialized() + "\n", to: state) }
        say("wrote \(output) (\(Printf.format("%.1f", world.time)) s); replay with: sprout play \(output)")
    }
}
