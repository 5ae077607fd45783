import SproutInteraction
import SproutMath
import SproutRender
import SproutScene
import SproutSession
import SproutWorld

/// Advances a `World` and draws it into a `Surface`, in one fixed order: the device's screen
/// follows the surface, the world steps (touches, session, interaction, animations, Seed Shop,
/// geo), then the scene is drawn as the device sees it with the overlays on top. The window
/// (`WindowRunner`), the offscreen tours (`OffscreenTour`) and `sprout play` all draw through one.
public final class FrameLoop {
    public let world: World
    public let surface: Surface
    /// Owns the surface's context through `Renderer(context:)`.
    public let renderer: Renderer
    /// The status panel and help line, rasterised with a real font.
    public let statusOverlay: StatusOverlay
    /// The help line under the view (nil: none).
    public var helpLine: String?
    /// What is drawn over the frame. The default is the status panel (the Seed Shop's coaching
    /// while it shows, else the engine's messages) and the help line.
    public var overlays: ((FrameLoop) -> [ScreenOverlay])?
    /// Behind the stage: a dim room.
    public var clearColor = Vec4(0.1, 0.1, 0.12, 1)
    public var options = RenderOptions()

    public init(world: World, surface: Surface) throws {
        self.world = world
        self.surface = surface
        renderer = try Renderer(context: surface.context)
        statusOverlay = try StatusOverlay()
    }

    /// One simulated frame of `dt` seconds with this frame's touches (nothing is drawn).
    @discardableResult
    public func advance(deltaTime dt: Double, touches: [TouchEvent] = []) -> Frame {
        world.session.device.viewport = surface.viewport
        return world.step(deltaTime: dt, touches: touches)
    }

    /// The status panel and help line as overlays (what `overlays` draws by default).
    public func statusOverlays() -> [ScreenOverlay] {
        let status = world.statusText
        return statusOverlay.overlays(text: status.text, alpha: status.alpha, help: helpLine, viewport: world.session.device.viewport)
    }

    /// The device's view of the world, with the overlays.
    public var view: View {
        let device = world.session.device
        return View(camera: device.camera, clearColor: clearColor, options: options,
                    overlays: overlays?(self) ?? statusOverlays(), viewportInPoints: device.viewport)
    }

    /// Draws the world as it is now and presents it.
    public func draw() throws {
        try renderer.render(world.scene, view: view, into: surface.renderTarget)
        surface.present()
    }
}
