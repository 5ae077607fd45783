import ArgumentParser
import SproutImage
import SproutInteraction
import SproutMath
import SproutRender
import SproutScene
import SproutScript
import SproutSession
import SproutWindow
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Open the preview window and write what you do (mouse, keys) as a script that sprout play replays.",
        discussion: """
        Controls as in `sprout preview` (Space places, mouse buttons are fingers, wheel twists, WASD/QE/arrows \
        move the device, R restarts, P planes, Esc stops and writes the script). The simulation advances one \
        script frame (1/60 s) per drawn frame, so the replay reaches the same state frame for frame.
        """
    )

    @Argument(help: "A model file for `place: plant` (default: the seedling from Assets/plants).")
    var model: String?

    @Option(help: "A built-in stage name (tabletop) or a stage file.")
    var stage = "tabletop"

    @Option(help: "Window size in pixels (the script's viewport in points).")
    var size = SizeArgument(width: 1280, height: 720)

    @Option(help: "Seed of the simulated session's noise.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "The script to write (YAML).")
    var output: String

    static let fps = 60

    func validate() throws {
        guard output.hasSuffix(".yaml") || output.hasSuffix(".yml") else { throw ValidationError("--output must end in .yaml, got '\(output)'") }
    }

    func run() throws {
        guard Window.isDisplayAvailable else {
            throw ValidationError("sprout record needs a display (DISPLAY is not set); run it on a desktop, or under xvfb-run to try it")
        }
        let window = try Window(title: "Sprout: recording to \(output)", width: size.width, height: size.height)
        let renderer = try Renderer()
        let points = window.size
        let world = try PreviewWorld(stageName: stage, modelPath: model, seed: seed,
                                     viewport: Viewport(width: Float(points.width), height: Float(points.height)), showPlanes: false)
        let overlay = try StatusOverlay()
        var pose = ScriptRecorder.Pose(world.session.device.transform)
        world.session.device.transform = pose.matrix
        let absolute = { (p: String) in p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p }
        let stageForScript = stage.contains("/") || stage.hasSuffix(".yaml") || stage.hasSuffix(".json") ? absolute(stage) : stage
        let recorder = ScriptRecorder(stage: stageForScript, seed: seed, fps: Self.fps,
                                      viewport: Vec2(Float(points.width), Float(points.height)),
                                      objects: ["plant": absolute(world.modelPath)], startPose: pose)
        var mouse = MouseTouches()
        let dt = 1.0 / Double(Self.fps)
        // Ctrl-C or a kill ends the recording like Esc: the script is still written.
        signal(SIGINT) { _ in recordingStopRequested = true }
        signal(SIGTERM) { _ in recordingStopRequested = true }
        let help = "RECORDING  |  " + PreviewCommand.helpLine
        print("Recording to \(output): \(PreviewCommand.helpLine).")
        fflush(nil)
        while !window.shouldClose && !recordingStopRequested {
            var touches: [TouchEvent] = []
            var actions: [ScriptRecorder.Action] = []
            for event in window.pollEvents() {
                touches += mouse.touches(for: event, at: world.session.time)
                switch event {
                case .keyDown(.space):
                    try world.placePlant()
                    actions.append(.place("plant"))
                case .keyDown(.r):
                    world.restart(keepDevice: true)
                    actions.append(.reset)
                case .keyDown(.p): world.planes.root.parent == nil ? world.scene.addChild(world.planes.root) : world.planes.root.removeFromParent()
                case .keyDown(.escape): window.shouldClose = true
                default: break
                }
            }
            let before = world.session.device.transform
            PreviewCommand.walk(world.session, window: window, dt: Float(dt))
            if world.session.device.transform != before {
                pose = ScriptRecorder.Pose(world.session.device.transform)
                world.session.device.transform = pose.matrix
            }
            if !touches.isEmpty { world.engine.handle(touches) }
            world.step(dt)
            recorder.frame(actions: actions, devicePose: pose, touches: touches)
            let fb = window.framebufferSize
            let view = world.view(overlays: overlay.overlays(for: world.engine.messages, help: help, viewport: world.session.device.viewport))
            try renderer.render(world.scene, view: view, into: WindowTarget(width: fb.width, height: fb.height))
            window.swapBuffers()
        }
        try PlayCommand.writeAtomically(recorder.text, to: output)
        print("wrote \(output) (\(String(format3("%.1f", world.session.time))) s); replay with: sprout play \(output)")
    }
}

/// Set from a signal handler (which may touch nothing but such a flag).
nonisolated(unsafe) var recordingStopRequested = false
