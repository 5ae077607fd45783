import SproutMath
import SproutRender
import SproutWindow

/// A surface on the screen: a GLFW window with its OpenGL context. Its viewport is the window
/// in points; frames are drawn at the framebuffer's pixel size.
public final class WindowSurface: Surface {
    /// The GLFW window (its events, title, time and keys).
    public let window: Window

    /// Opens a window (needs a display: see `Window.isDisplayAvailable`).
    public init(title: String, width: Int, height: Int, samples: Int = 4) throws {
        window = try Window(title: title, width: width, height: height, samples: samples)
    }

    /// The window's OpenGL context.
    public var context: GraphicsContext { window }
    /// The window's default framebuffer, at its current size in pixels.
    public var renderTarget: RenderTarget {
        let size = window.framebufferSize
        return WindowTarget(width: size.width, height: size.height)
    }
    /// The window's current size, in points.
    public var viewport: Viewport {
        let size = window.size
        return Viewport(width: Float(size.width), height: Float(size.height))
    }
    /// Shows the frame drawn (swaps the window's buffers).
    public func present() { window.swapBuffers() }
}
