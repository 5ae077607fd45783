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
    /// The world this loop advances and draws.
    public let world: World
    /// Where the frames are drawn and presented (a window or an offscreen surface).
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
    /// How the view is rendered (shading, shadows, planes, backdrop occlusion, ...).
    public var options = RenderOptions()

    /// A loop drawing `world` into `surface`. Makes a renderer on the surface's context and loads
    /// the status panel's font; throws when either fails (GL setup, shaders, the font file).
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

    /// The sample's texts that name a control the desktop does not have, as the panel shows them
    /// here. The engine, the trace and scripts' expectations keep the sample's words.
    public static let desktopWording = ["TAP + TO PLACE AN OBJECT": "PRESS SPACE TO PLACE AN OBJECT"]

    /// Replacements for the panel's text (default `desktopWording`; empty shows the sample's words).
    public var wording = FrameLoop.desktopWording

    /// The status panel's text as shown now (the world's, in this loop's `wording`).
    public var statusLine: String {
        let text = world.statusText.text
        return wording[text] ?? text
    }

    /// The status panel and help line as overlays (what `overlays` draws by default).
    public func statusOverlays() -> [ScreenOverlay] {
        statusOverlay.overlays(
            text: statusLine, alpha: world.statusText.alpha, help: helpLine,
            info: world.seedShop?.infoText ?? "", viewport: world.session.device.viewport)
    }

    /// The device's view of the world, with the overlays.
    public var view: View {
        let device = world.session.device
        return View(
            camera: device.camera, clearColor: clearColor, options: options,
            overlays: overlays?(self) ?? statusOverlays(), viewportInPoints: device.viewport)
    }

    /// Draws the world as it is now and presents it.
    public func draw() throws {
        try renderer.render(world.scene, view: view, into: surface.renderTarget)
        surface.present()
    }
}
