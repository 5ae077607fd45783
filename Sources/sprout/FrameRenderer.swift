import SproutHeadless
import SproutImage
import SproutMath
import SproutRender
import SproutScript

/// Draws a script's scene headless, as the device sees it, with the status panel.
final class FrameRenderer {
    let width: Int
    let height: Int
    private let runner: ScriptRunner
    private let context: HeadlessContext
    private let renderer: Renderer
    private let target: OffscreenTarget
    private let overlay: StatusOverlay
    private var pixels: [UInt8] = []

    init(runner: ScriptRunner, width: Int, height: Int, samples: Int) throws {
        self.runner = runner
        self.width = width
        self.height = height
        context = try HeadlessContext()
        renderer = try Renderer()
        target = try OffscreenTarget(width: width, height: height, samples: samples)
        overlay = try StatusOverlay()
    }

    /// The current frame, RGBA rows top first (the buffer is reused: copy to keep it).
    func render() throws -> [UInt8] {
        try context.makeCurrent()
        let device = runner.engine.session.device
        let view = View(camera: device.camera, clearColor: Vec4(0.1, 0.1, 0.12, 1),
                        overlays: overlay.overlays(for: runner.engine.messages, help: nil, viewport: device.viewport),
                        viewportInPoints: device.viewport)
        try renderer.render(runner.scene, view: view, into: target)
        target.readPixels(into: &pixels)
        return pixels
    }

    func writePNG(to path: String) throws {
        let frame = try render()
        try ImageFile.writePNG(pixels: frame, width: width, height: height, to: path)
    }
}
