import ArgumentParser
import SproutHeadless
import SproutImage
import SproutMath
import SproutRender
import SproutScene
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
        abstract: "Show a model on the ground in a window; without a display, write offscreen frames.",
        discussion: """
        Window controls: left drag orbits, wheel zooms, W/A/S/D or arrows walk, Q/E move down/up, \
        R resets the camera, Esc quits.
        """
    )

    @Argument(help: "A model file (default: the seedling from Assets/plants).")
    var model: String?

    @Option(help: "Window or frame size in pixels.")
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames when there is no display.")
    var output = "sprout-preview"

    @Option(help: "Offscreen frames to write when there is no display (the camera orbits 360 degrees).")
    var frames = 8

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
    }

    func run() throws {
        if Window.isDisplayAvailable, let window = try? Window(title: "Sprout", width: size.width, height: size.height) {
            try runWindow(window)
        } else {
            print("No display (DISPLAY is not set or cannot be opened): rendering offscreen instead.")
            try runOffscreen()
        }
    }

    private func runOffscreen() throws {
        let context = try HeadlessContext()
        let renderer = try Renderer()
        let stage = try PreviewStage(modelPath: model)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = try OffscreenTarget(width: size.width, height: size.height, samples: 4)
        var orbit = stage.initialOrbit(aspect: Float(size.width) / Float(size.height))
        var pixels: [UInt8] = []
        _ = context
        for frame in 0..<frames {
            try renderer.render(stage.scene, view: View(camera: stage.camera(orbit)), into: target)
            target.readPixels(into: &pixels)
            let path = output + "/" + OutputPattern(template: "frame-%03d.png").path(frame: frame)
            try ImageFile.writePNG(pixels: pixels, width: size.width, height: size.height, to: path)
            orbit.yaw += 2 * .pi / Float(frames)
        }
        let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        print("wrote \(frames) frame(s) of \(stage.modelPath) to \(absolute)/")
    }

    private func runWindow(_ window: Window) throws {
        let renderer = try Renderer()
        let stage = try PreviewStage(modelPath: model)
        let points = window.size
        let home = stage.initialOrbit(aspect: Float(points.width) / Float(max(points.height, 1)))
        var orbit = home
        var dragging = false
        var lastCursor = Vec2.zero
        var lastTime = window.time
        window.title = "Sprout: \(stage.modelPath) (drag orbit, wheel zoom, WASD walk, Q/E down/up, R reset, Esc quit)"
        print("Window open. Left drag orbits, wheel zooms, W/A/S/D or arrows walk, Q/E down/up, R resets, Esc quits.")
        fflush(nil)   // flush every stream: the loop below can run until the process is killed
        while !window.shouldClose {
            for event in window.pollEvents() {
                switch event {
                case .mouseDown(.left, let at): dragging = true; lastCursor = at
                case .mouseUp(.left, _): dragging = false
                case .mouseMoved(let to):
                    if dragging { orbit.orbit(byPoints: to - lastCursor) }
                    lastCursor = to
                case .scrolled(let by): orbit.zoom(steps: by.y)
                case .keyDown(.r): orbit = home
                case .keyDown(.escape): window.shouldClose = true
                default: break
                }
            }
            let now = window.time
            let dt = Float(min(now - lastTime, 0.1))
            lastTime = now
            let speed = max(orbit.distance, 0.5) * dt * (window.isKeyDown(.shift) ? 3 : 1)
            let forward = (window.isKeyDown(.w) || window.isKeyDown(.up) ? 1 : 0) - (window.isKeyDown(.s) || window.isKeyDown(.down) ? 1 : 0)
            let right = (window.isKeyDown(.d) || window.isKeyDown(.right) ? 1 : 0) - (window.isKeyDown(.a) || window.isKeyDown(.left) ? 1 : 0)
            let up = (window.isKeyDown(.e) ? 1 : 0) - (window.isKeyDown(.q) ? 1 : 0)
            orbit.walk(forward: Float(forward) * speed, right: Float(right) * speed, up: Float(up) * speed)
            stage.scene.update(deltaTime: Double(dt))
            let fb = window.framebufferSize
            try renderer.render(stage.scene, view: View(camera: stage.camera(orbit)), into: WindowTarget(width: fb.width, height: fb.height))
            window.swapBuffers()
        }
    }
}
