import ArgumentParser
import SproutHeadless
import SproutImage
import SproutInteraction
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
        abstract: "Place and handle plants on a stage through the simulated device in a window; without a display, write offscreen frames.",
        discussion: """
        Window controls: Space places the plant at the focus square; left drag is one finger (tap selects \
        or moves the selected plant, drag moves it); right drag is two fingers (pan) and the wheel \
        twists them (turns the plant); W/S walk, A/D step, Q/E down/up, arrows turn the device; \
        P shows or hides detected planes; R restarts (5 s cooldown); Esc quits.
        """
    )

    static let helpLine = "Space place  |  left drag: 1 finger  |  right drag: 2 fingers, wheel twists  |  WASD/QE walk, arrows turn  |  P planes  R restart  Esc quit"

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

    @Option(help: "Simulated seconds the offscreen device spends looking around the stage (the plant is placed after 2.5 s).")
    var duration = 4.0

    @Flag(help: "Draw the detected plane anchors (translucent, with their extent).")
    var planes = false

    @Option(help: "Seed of the simulated session's noise.")
    var seed: UInt64 = 1

    /// Offscreen, the plant is placed this long after the start (tracking normal, the table found).
    static let offscreenPlacementTime = 2.5

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
        let overlay = try StatusOverlay()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = try OffscreenTarget(width: size.width, height: size.height, samples: 4)
        let path = DeviceSweep(home: world.session.device, lookAt: world.session.stage.camera.lookAt)
        let steps = max(1, Int((duration / PreviewWorld.frameStep).rounded()))
        let placeAt = Int((Self.offscreenPlacementTime / PreviewWorld.frameStep).rounded())
        var pixels: [UInt8] = []
        var written = 0
        _ = context
        for step in 1...steps {
            world.session.device = path.device(at: Float(step) / Float(steps))
            world.step(PreviewWorld.frameStep)
            if step == placeAt { try world.placePlant() }
            // Frames at evenly spaced steps, the last one at the end of the sweep.
            guard step * frames / steps > written else { continue }
            let view = world.view(overlays: overlay.overlays(for: world.engine.messages, help: nil, viewport: world.session.device.viewport))
            try renderer.render(world.scene, view: view, into: target)
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
        let overlay = try StatusOverlay()
        var mouse = MouseTouches()
        var lastTime = window.time
        var shownStatus = ""
        print("Window open: \(Self.helpLine).")
        fflush(nil)   // flush every stream: the loop below can run until the process is killed
        while !window.shouldClose {
            let now = window.time
            for event in window.pollEvents() {
                let touches = mouse.touches(for: event, at: world.session.time)
                if !touches.isEmpty { world.engine.handle(touches) }
                switch event {
                case .keyDown(.space): try world.placePlant()
                case .keyDown(.r): world.restart()
                case .keyDown(.p): world.planes.root.parent == nil ? world.scene.addChild(world.planes.root) : world.planes.root.removeFromParent()
                case .keyDown(.escape): window.shouldClose = true
                default: break
                }
            }
            let dt = min(now - lastTime, 0.1)
            lastTime = now
            Self.walk(world.session, window: window, dt: Float(dt))
            let size = window.size
            world.session.device.viewport = Viewport(width: Float(size.width), height: Float(size.height))
            world.step(dt)
            if world.status != shownStatus {
                shownStatus = world.status
                window.title = "Sprout: \(world.stageName), \(shownStatus)"
            }
            let fb = window.framebufferSize
            let view = world.view(overlays: overlay.overlays(for: world.engine.messages, help: Self.helpLine, viewport: world.session.device.viewport))
            try renderer.render(world.scene, view: view, into: WindowTarget(width: fb.width, height: fb.height))
            window.swapBuffers()
        }
    }

    /// Keyboard walking at a person's pace (0.8 m/s, 3x with shift) and turning at 60 degrees/s.
    static func walk(_ session: Session, window: Window, dt: Float) {
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
