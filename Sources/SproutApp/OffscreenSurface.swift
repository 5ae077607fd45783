import SproutHeadless
import SproutImage
import SproutMath
import SproutRender

/// A surface with no display: an EGL context (surfaceless, llvmpipe or a GPU) and an
/// offscreen framebuffer, read back as RGBA rows or written as PNG.
public final class OffscreenSurface: Surface {
    /// The framebuffer's width, pixels.
    public let width: Int
    /// The framebuffer's height, pixels.
    public let height: Int
    private let headless: HeadlessContext
    private let target: OffscreenTarget
    private var pixels: [UInt8] = []

    /// - Parameter samples: MSAA samples (0 = off; 2, 4 or 8).
    public init(width: Int, height: Int, samples: Int = 4) throws {
        headless = try HeadlessContext()
        target = try OffscreenTarget(width: width, height: height, samples: samples)
        self.width = width
        self.height = height
    }

    /// The headless EGL context the renderer draws with.
    public var context: GraphicsContext { headless }
    /// The offscreen framebuffer (multisampled when `samples` > 0) frames are drawn into.
    public var renderTarget: RenderTarget { target }
    /// One point per pixel.
    public var viewport: Viewport { Viewport(width: Float(width), height: Float(height)) }
    /// Does nothing: offscreen frames are read back with `readPixels` or `writePNG` instead.
    public func present() {}

    /// The EGL platform the context runs on.
    public var platform: HeadlessContext.Platform { headless.platform }

    /// The last frame drawn, RGBA rows top first. The buffer is reused: copy it to keep it.
    public func readPixels() throws -> [UInt8] {
        try readPixels(into: &pixels)
        return pixels
    }

    /// The last frame drawn into `buffer` (resized to fit), RGBA rows top first: no allocation
    /// once the buffer has the size.
    public func readPixels(into buffer: inout [UInt8]) throws {
        try headless.makeCurrent()
        target.readPixels(into: &buffer)
    }

    /// Writes the last frame drawn as a PNG (atomically: a temporary file renamed into place).
    public func writePNG(to path: String) throws {
        try ImageFile.writePNG(pixels: readPixels(), width: width, height: height, to: path)
    }
}
