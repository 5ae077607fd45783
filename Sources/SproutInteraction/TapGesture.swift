import SproutMath

/// A single-finger tap: down and up within `maximumDuration`, moving less than `allowableMovement`.
/// Neither value is in the sample (UIKit's); both are named here.
public struct TapGesture: Sendable {
    /// UIKit's tap allows about 10 points of movement.
    public static let allowableMovement: Float = 10
    /// A press longer than half a second is not a tap.
    public static let maximumDuration = 0.5

    private var start: (id: Int, location: Vec2, time: Double)?
    private var disqualified = false

    /// A recognizer with no touch down.
    public init() {}

    /// Feeds one batch; returns the tap location when a tap completes.
    public mutating func handle(_ batch: [TouchEvent]) -> Vec2? {
        for e in batch {
            switch e.phase {
            case .began:
                if start == nil && !disqualified { start = (e.id, e.location, e.timestamp) } else { disqualified = true; start = nil }
            case .moved, .stationary:
                if let s = start, s.id == e.id, length(e.location - s.location) > Self.allowableMovement { start = nil; disqualified = true }
            case .ended:
                defer { if start == nil || start?.id == e.id { start = nil; disqualified = false } }
                if let s = start, s.id == e.id, e.timestamp - s.time <= Self.maximumDuration,
                    length(e.location - s.location) <= Self.allowableMovement
                {
                    start = nil
                    return e.location
                }
            case .cancelled:
                start = nil
                disqualified = false
            }
        }
        return nil
    }
}
