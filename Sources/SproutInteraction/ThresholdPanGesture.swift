import SproutMath

/// A pan that reports its translation only once the touches have moved past a threshold
/// (P17/P18/P20 `ThresholdPanGesture`): 30 points for one touch, 60 for two or more, counted
/// from the touches that moved in the event, compared with a strict `>`. When crossed, the
/// translation restarts from zero; leaving began/changed clears the flag.
public struct ThresholdPanGesture: Sendable {
    /// ThresholdPanGesture.swift L42.
    public static let singleTouchThreshold: Float = 30
    /// L45: "gives other gestures priority".
    public static let multiTouchThreshold: Float = 60

    /// The state after the last batch: `.began` at the first movement, `.changed` after, `.ended`
    /// when the last finger lifts, `.cancelled` on a cancelled touch.
    public private(set) var state: GestureState = .possible {
        didSet {
            // L26-37: any state but began or changed resets the flag.
            if state != .began && state != .changed { isThresholdExceeded = false }
        }
    }
    /// Whether the touches have moved past the threshold in this gesture; the sample moves the
    /// object only after that. Cleared when the state leaves `.began` and `.changed`.
    public private(set) var isThresholdExceeded = false
    /// The touches' centroid movement since the gesture began, or since the threshold was crossed
    /// (or since the last `setTranslation(_:)`).
    public private(set) var translation = Vec2.zero
    /// The touch locations of the last event, for the object hit test at `began`.
    public var touchLocations: [Vec2] { touches.points }
    /// Centre of the touches' bounding rectangle.
    public var touchesCenter: Vec2? { touches.boundingCenter }
    /// The number of fingers down.
    public var numberOfTouches: Int { touches.count }

    private var touches = TouchSet()
    private var origin = Vec2.zero

    /// A recognizer in `.possible` with no touches.
    public init() {}

    /// The threshold in points for an event in which `count` touches moved: 30 for one, 60 for more.
    public static func threshold(forMovedTouches count: Int) -> Float {
        count > 1 ? multiTouchThreshold : singleTouchThreshold
    }

    /// Feeds one batch of touch events; returns the state after it.
    @discardableResult
    public mutating func handle(_ batch: [TouchEvent]) -> GestureState {
        if state == .ended || state == .cancelled || state == .failed { state = .possible }
        let before = touches.centroid, countBefore = touches.count
        let moved = touches.apply(batch)
        if batch.contains(where: { $0.phase == .cancelled }), state == .began || state == .changed {
            state = .cancelled
            touches = TouchSet()
            return state
        }
        if touches.isEmpty {
            if state == .began || state == .changed { state = .ended } else { state = .possible }
            return state
        }
        if touches.count != countBefore {
            // A finger added or lifted: keep the translation continuous (UIKit does the same).
            origin += touches.centroid - before
            if countBefore == 0 { origin = touches.centroid; translation = .zero }
        }
        guard moved > 0 else { return state }
        // UIKit's own start hysteresis is not in the source (spec section 1.10): the pan begins
        // with the first movement.
        state = state == .possible ? .began : .changed
        translation = touches.centroid - origin
        if !isThresholdExceeded && length(translation) > Self.threshold(forMovedTouches: moved) {
            isThresholdExceeded = true
            setTranslation(.zero)
        }
        return state
    }

    /// Re-bases the translation (the sample calls `setTranslation(.zero)` after using it).
    public mutating func setTranslation(_ value: Vec2) {
        origin = touches.centroid - value
        translation = value
    }
}
