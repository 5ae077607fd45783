import SproutRender
import SproutWindow

/// What `SceneView.show` drew: how many frames, in how many seconds of the window's clock.
public struct ShownFrames: Sendable, Equatable {
    /// Frames drawn and presented.
    public var count: Int
    /// Seconds from the first frame to the window's closing.
    public var seconds: Double
    /// Frames a second (0 before a frame was drawn).
    public var perSecond: Double { seconds > 0 ? Double(count) / seconds : 0 }
    /// `drew N frames in S s (R frames/s)`, as the preview says it when it closes.
    public var line: String { Printf.format("drew %d frames in %.1f s (%.1f frames/s)", count, seconds, perSecond) }
}

extension SceneView {
    /// Shows the scene in `surface`'s window until it closes (its close button, Esc, or
    /// `shouldStop`, a signal's flag): frame k as `renderFrames` draws it offscreen, the file's
    /// animations k / 30 s on and the camera orbited k x `orbitDegrees`, each presented as it is
    /// drawn, nothing read back.
    public func show(
        in surface: WindowSurface, with renderer: Renderer, orbitDegrees: Float = 0, shouldStop: () -> Bool = { false }
    ) throws -> ShownFrames {
        let window = surface.window
        let start = window.time
        var shown = ShownFrames(count: 0, seconds: 0)
        while !window.shouldClose && !shouldStop() {
            for event in window.pollEvents() {
                if case .keyDown(.escape) = event { window.shouldClose = true }
            }
            if shown.count > 0 { advanceAnimations(to: Double(shown.count) / 30) }
            try draw(with: renderer, into: surface.renderTarget, orbitDegrees: orbitDegrees * Float(shown.count))
            surface.present()
            shown.count += 1
        }
        shown.seconds = window.time - start
        return shown
    }
}
