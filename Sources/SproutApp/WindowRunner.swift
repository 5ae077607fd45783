import SproutInteraction
import SproutMath
import SproutWindow
#if canImport(Glibc)
import Glibc
#endif

/// One frame's input from the window: its events in order and the touches the mouse made.
public struct WindowInput {
    /// The window's events this frame, in the order they came.
    public var events: [InputEvent]
    /// The touches the mouse made this frame (see `MouseTouches`).
    public var touches: [TouchEvent]
    /// The keys pressed this frame, in order.
    public var keysPressed: [Key] { events.compactMap { if case .keyDown(let k) = $0 { k } else { nil } } }
    /// Where the left button went down this frame, in points.
    public var clicks: [Vec2] { events.compactMap { if case .mouseDown(.left, let at) = $0 { at } else { nil } } }
}

/// Runs a `FrameLoop` in a window until it closes. Each frame, in this order: poll the events
/// and map the mouse to touches (`MouseTouches`); `onInput` (the application's keys and
/// clicks); walk the device with the keys held (`DeviceWalker`); `onDeviceMoved`; the frame
/// loop's `advance` with the touches; `afterStep`; the title; `draw`. Esc closes the window.
public final class WindowRunner {
    /// The frame loop run each frame.
    public let loop: FrameLoop
    /// The window the loop draws into and whose input drives it.
    public let surface: WindowSurface
    /// Simulated seconds per frame; nil steps by the real time between frames (at most 0.1 s).
    public var fixedStep: Double?
    /// The application's part of a frame, before the device walks and the world steps.
    public var onInput: ((WindowInput) throws -> Void)?
    /// After the keys moved the device (a recorder rounds the pose here).
    public var onDeviceMoved: (() -> Void)?
    /// After the world stepped, before the frame is drawn.
    public var afterStep: ((WindowInput) throws -> Void)?
    /// When set, the window's title is this followed by the world's summary (tracking, planes,
    /// plants, focus square), updated when the summary changes.
    public var titlePrefix: String?
    /// Asked every frame; true stops the loop as closing the window does (a signal's flag).
    public var shouldStop: () -> Bool = { false }
    /// Frames the last `run` drew.
    public private(set) var framesDrawn = 0
    /// Real seconds the last `run` took, by the window's clock.
    public private(set) var seconds = 0.0
    /// Frames a second of the last `run` (0 before one).
    public var framesPerSecond: Double { seconds > 0 ? Double(framesDrawn) / seconds : 0 }
    private var mouse = MouseTouches()

    /// A runner for `loop` in `surface`'s window; nothing happens until `run`.
    public init(loop: FrameLoop, surface: WindowSurface) {
        self.loop = loop
        self.surface = surface
    }

    /// The longest simulated step when following real time (a stalled frame is not a leap).
    public static let maximumStep = 0.1

    /// Runs frames until the window closes, Esc is pressed or `shouldStop` says so. Rethrows what
    /// `onInput`, `afterStep` or drawing throws, which ends the loop.
    public func run() throws {
        let window = surface.window
        let world = loop.world
        var lastTime = window.time
        let start = lastTime
        framesDrawn = 0
        defer { seconds = window.time - start }
        var shownSummary = ""
        fflush(nil)   // flush every stream: the loop below can run until the process is killed
        while !window.shouldClose && !shouldStop() {
            let now = window.time
            let events = window.pollEvents()
            var touches: [TouchEvent] = []
            for event in events {
                touches += mouse.touches(for: event, at: world.time)
                if case .keyDown(.escape) = event { window.shouldClose = true }
            }
            let dt = fixedStep ?? min(now - lastTime, Self.maximumStep)
            lastTime = now
            let input = WindowInput(events: events, touches: touches)
            try onInput?(input)
            let before = world.session.device.transform
            DeviceWalker.walk(&world.session.device, dt: Float(dt), isKeyDown: window.isKeyDown)
            if world.session.device.transform != before { onDeviceMoved?() }
            loop.advance(deltaTime: dt, touches: touches)
            try afterStep?(input)
            if let titlePrefix, world.summary != shownSummary {
                shownSummary = world.summary
                window.title = titlePrefix + shownSummary
            }
            try loop.draw()
            framesDrawn += 1
        }
    }
}
