import SproutInteraction
import SproutMath
import SproutWindow

/// Mouse to touches, so the window drives the same recognizers as scripts: the left button is
/// one finger under the cursor; the right button puts down two fingers 80 points apart centred
/// on the cursor, which move with it (a two-finger pan), and each wheel step twists them 10
/// degrees about their centre (a rotation; wheel up turns them clockwise on screen).
/// The window's input mapper: `WindowRunner` feeds it every event.
public struct MouseTouches {
    /// Half the distance between the two simulated fingers, points.
    public static let fingerRadius: Float = 40
    /// One wheel step of twist.
    public static let twistPerStep: Float = radians(fromDegrees: 10)

    private enum Mode { case none, one, two }
    private var mode = Mode.none
    private var cursor = Vec2.zero
    private var angle: Float = 0

    /// A mapper with no fingers down.
    public init() {}

    /// The touch batches one input event makes (none for events that are not touches).
    public mutating func touches(for event: InputEvent, at time: Double) -> [TouchEvent] {
        switch event {
        case .mouseDown(.left, let at) where mode == .none:
            mode = .one
            cursor = at
            return [TouchEvent(id: 1, location: at, phase: .began, timestamp: time)]
        case .mouseDown(.right, let at) where mode == .none:
            mode = .two
            cursor = at
            angle = 0
            return fingers(.began, time)
        case .mouseMoved(let to):
            cursor = to
            switch mode {
            case .none: return []
            case .one: return [TouchEvent(id: 1, location: to, phase: .moved, timestamp: time)]
            case .two: return fingers(.moved, time)
            }
        case .scrolled(let by) where mode == .two:
            angle += by.y * Self.twistPerStep
            return fingers(.moved, time)
        case .mouseUp(.left, let at) where mode == .one:
            mode = .none
            return [TouchEvent(id: 1, location: at, phase: .ended, timestamp: time)]
        case .mouseUp(.right, let at) where mode == .two:
            cursor = at
            mode = .none
            return fingers(.ended, time)
        default:
            return []
        }
    }

    /// The two fingers' positions now.
    public var fingerPositions: [Vec2] { TouchGeometry.twoFingers(center: cursor, angle: angle, radius: Self.fingerRadius) }

    private func fingers(_ phase: TouchPhase, _ time: Double) -> [TouchEvent] {
        zip([1, 2], fingerPositions).map { TouchEvent(id: $0.0, location: $0.1, phase: phase, timestamp: time) }
    }
}
