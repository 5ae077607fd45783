import ArgumentParser
import SproutHeadless
import SproutImage
import SproutMath
import SproutRender
import SproutScene
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

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a plant on a stage through the simulated device in a window; without a display, write offscreen frames.",
        discussion: """
        Window controls: W/S walk forward/back, A/D step left/right, Q/E down/up, arrows or left drag \
        turn the device, P shows or hides detected planes, R resets the session, Esc quits.
        """
    )

    @Argument(help: "A model file (default: the seedling from Assets/plants).")
    var model: String?

    @Option(help: "A built-in stage name (tabletop) or a stage file (YAML or JSON).")
    var stage = "tabletop"

    @Option(help: "Window or frame size in pixels (the viewport in points is the same).")
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames when there is no display.")
    var output = "sprout-preview"

    @Option(help: "Offscreen frames to write when there is no display, spread over --duration.")
    var frames = 8

    @Option(help: "Simulated seconds the offscreen device spends looking around the stage.")
    var duration = 4.0

    @Flag(help: "Draw the detected plane anchors (translucent, with their extent).")
    var planes = false

    @Option(help: "Seed of the simulated session's noise.")
    var seed: UInt64 = 1

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        guard duration > 0, duration <= 3600 else { throw ValidationError("--duration must lie in (0, 3600] seconds, got \(duration)") }
    }

    func run() throws {
        if Window.isDisplayAvailable, let window = try? Window(title: "Sprout", width: size.width, height: size.height) {
            try runWindow(window)
        } else {
            print("No display (DISPLAY is not set or cannot be opened): rendering offscreen instead.")
            try runOffscreen()
        }
    }

    func runOffscreen() throws {
        let context = try HeadlessContext()
        let renderer = try Renderer()
        let world = try PreviewWorld(stageName: stage, modelPath: model, seed: seed,
                                     viewport: Viewport(width: Float(size.width), height: Float(size.height)), showPlanes: planes)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = try OffscreenTarget(width: size.width, height: size.height, samples: 4)
        let path = DeviceSweep(home: world.session.device, lookAt: world.session.stage.camera.lookAt)
        let steps = max(1, Int((duration / PreviewWorld.frameStep).rounded()))
        var pixels: [UInt8] = []
        var written = 0
        _ = context
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            world.session.device = path.device(at: Float(t))
            world.step(PreviewWorld.frameStep)
            // Frames at evenly spaced steps, the last one at the end of the sweep.
            guard step * frames / steps > written else { continue }
            try renderer.render(world.scene, view: world.view, into: target)
            target.readPixels(into: &pixels)
            let file = output + "/" + OutputPattern(template: "frame-%03d.png").path(frame: written)
            try ImageFile.writePNG(pixels: pixels, width: size.width, height: size.height, to: file)
            written += 1
        }
        let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        print("wrote \(written) frame(s) of \(world.modelPath) on stage '\(world.stageName)' to \(absolute)/ (\(world.status))")
    }

    private func runWindow(_ window: Window) throws {
        let renderer = try Renderer()
        let points = window.size
        let world = try PreviewWorld(stageName: stage, modelPath: model, seed: seed,
                                     viewport: Viewport(width: Float(points.width), height: Float(points.height)), showPlanes: planes)
        var turning = false
        var lastCursor = Vec2.zero
        var lastTime = window.time
        var shownStatus = ""
        let help = "WASD walk, Q/E down/up, arrows or drag turn, P planes, R reset, Esc quit"
        print("Window open: \(help).")
        fflush(nil)   // flush every stream: the loop below can run until the process is killed
        while !window.shouldClose {
            for event in window.pollEvents() {
                switch event {
                case .mouseDown(.left, let at): turning = true; lastCursor = at
                case .mouseUp(.left, _): turning = false
                case .mouseMoved(let to):
                    if turning {
                        let d = (to - lastCursor) * OrbitController.radiansPerPoint
                        world.session.device.turn(yaw: -d.x, pitch: -d.y)
                    }
                    lastCursor = to
                case .keyDown(.r): world.reset()
                case .keyDown(.p): world.planes.root.parent == nil ? world.scene.addChild(world.planes.root) : world.planes.root.removeFromParent()
                case .keyDown(.escape): window.shouldClose = true
                default: break
                }
            }
            let now = window.time
            let dt = min(now - lastTime, 0.1)
            lastTime = now
            walk(world.session, window: window, dt: Float(dt))
            let size = window.size
            world.session.device.viewport = Viewport(width: Float(size.width), height: Float(size.height))
            world.step(dt)
            if world.status != shownStatus {
                shownStatus = world.status
                window.title = "Sprout: \(world.stageName), \(shownStatus) (\(help))"
            }
            let fb = window.framebufferSize
            try renderer.render(world.scene, view: world.view, into: WindowTarget(width: fb.width, height: fb.height))
            window.swapBuffers()
        }
    }

    /// Keyboard walking at a person's pace (0.8 m/s, 3x with shift) and turning at 60 degrees/s.
    private func walk(_ session: Session, window: Window, dt: Float) {
        func axis(_ plus: Key, _ minus: Key) -> Float { (window.isKeyDown(plus) ? 1 : 0) - (window.isKeyDown(minus) ? 1 : 0) }
        let speed: Float = 0.8 * (window.isKeyDown(.shift) ? 3 : 1) * dt
        let forward = session.device.forward
        let flat = normalize(Vec3(forward.x, 0, forward.z))
        let right = normalize(cross(flat, .unitY))
        session.device.move(by: flat * axis(.w, .s) * speed + right * axis(.d, .a) * speed + Vec3(0, axis(.e, .q) * speed, 0))
        let turn = radians(fromDegrees: 60) * dt
        session.device.turn(yaw: -axis(.right, .left) * turn, pitch: axis(.up, .down) * turn)
    }
}
