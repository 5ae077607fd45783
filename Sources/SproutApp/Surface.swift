import SproutMath
import SproutRender

/// Where a `FrameLoop` draws: a window (`WindowSurface`, GLFW) or an offscreen framebuffer
/// (`OffscreenSurface`, EGL). A surface owns its OpenGL context, so whatever draws into it
/// cannot outlive the context.
public protocol Surface: AnyObject {
    /// The context the surface's framebuffer lives in.
    var context: GraphicsContext { get }
    /// The framebuffer to draw the next frame into, in pixels.
    var renderTarget: RenderTarget { get }
    /// The surface in points: the unit of touches and overlays (pixels on a HiDPI screen differ).
    var viewport: Viewport { get }
    /// Shows the frame just drawn (a window swaps its buffers; offscreen, nothing to do).
    func present()
}
