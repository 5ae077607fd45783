import SproutMath

/// A two-finger twist (UIKit's `UIRotationGestureRecognizer`): `rotation` is the turn of the
/// line between the first two touches since the gesture began or since the consumer last set it
/// to zero, in radians, positive clockwise on the screen (y down). The sample applies it on each
/// `changed` and sets it back to zero, so what it applies is a delta (P18 L111-123).
public struct RotationGesture: Sendable {
    /// The state after the last batch: `.began` at the first twist of two touches, `.changed` after,
    /// `.ended` when fewer than two remain, `.cancelled` on a cancelled touch.
    public private(set) var state: GestureState = .possible
    /// The twist since the gesture began or was last set to zero.
    public var rotation: Float = 0

    private var touches = TouchSet()
    private var lastAngle: Float?

    /// A recognizer in `.possible` with no touches.
    public init() {}

    /// Feeds one batch of touch events and returns the state after it; the angle is that of the line
    /// from the first to the second touch down. A new gesture starts `rotation` from 0.
    @discardableResult
    public mutating func handle(_ batch: [TouchEvent]) -> GestureState {
        if state == .ended || state == .cancelled || state == .failed { state = .possible; rotation = 0 }
        touches.apply(batch)
        if batch.contains(where: { $0.phase == .cancelled }), state == .began || state == .changed {
            state = .cancelled
            touches = TouchSet()
            lastAngle = nil
            return state
        }
        guard touches.count >= 2 else {
            if state == .began || state == .changed { state = .ended }
            lastAngle = nil
            return state
        }
        let p = touches.points
        let angle = atan2(p[1].y - p[0].y, p[1].x - p[0].x)
        defer { lastAngle = angle }
        guard let last = lastAngle else { return state }
        let delta = wrapAngle(angle - last)
        guard delta != 0 else { return state }
        rotation += delta
        state = state == .possible ? .began : .changed
        return state
    }
}
