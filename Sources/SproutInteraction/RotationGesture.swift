import SproutMath

/// A two-finger twist (UIKit's `UIRotationGestureRecognizer`): `rotation` is the change of the
/// angle of the line between the first two touches since the last event, in radians, positive
/// clockwise on the screen (y down), as the sample consumes it (`rotation = 0` after each use).
public struct RotationGesture: Sendable {
    public private(set) var state: GestureState = .possible
    /// The twist in this event (a delta).
    public private(set) var rotation: Float = 0

    private var touches = TouchSet()
    private var lastAngle: Float?

    public init() {}

    @discardableResult
    public mutating func handle(_ batch: [TouchEvent]) -> GestureState {
        if state == .ended || state == .cancelled || state == .failed { state = .possible }
        rotation = 0
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
        rotation = delta
        state = state == .possible ? .began : .changed
        return state
    }
}
