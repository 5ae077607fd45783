import SproutInteraction
import SproutMath
import SproutScene

/// One frame of a step as it is played: the touches it delivers (without times: the runner
/// stamps them) and, during a device move, how far along the move the device is.
public struct ActionFrame: Sendable {
    /// One finger of the frame.
    public struct Touch: Sendable, Equatable {
        /// The finger; the same id across frames is the same finger.
        public var id: Int
        /// Where it is, in points from the viewport's top-left corner.
        public var location: Vec2
        /// Down, moving, still, up or cancelled.
        public var phase: TouchPhase
    }

    /// The frame's touches, in order (a finger listed twice is two batches, `World.step`).
    public var touches: [Touch] = []
    /// The device move under way and its progress 0...1 at this frame (set before the frame runs).
    public var device: (motion: DeviceMotion, progress: Float)?
}

/// The frames a step takes, each made on demand: the one synthesiser of gestures, whose
/// length is the step's frame count (`Script.frames(of:)`), so the count and the frames cannot
/// disagree. Steps that take no frame (`place`, `expect`, a `device` move of duration 0, ...)
/// have none.
public struct ActionFrames: RandomAccessCollection, Sendable {
    /// The step.
    public let action: Action
    /// Frames a simulated second.
    public let fps: Int
    /// The frames of the gesture's or move's own motion (the moves between down and up; a
    /// drag's hold; a wait's or device move's whole length).
    let inner: Int

    /// The frames of `action` at `fps`.
    public init(_ action: Action, fps: Int) {
        self.action = action
        self.fps = fps
        func frames(_ seconds: Double) -> Int { Swift.max(1, Int((seconds * Double(fps)).rounded())) }
        switch action {
        case .wait(let seconds): inner = Int((seconds * Double(fps)).rounded())
        case .pan(_, _, _, let duration, _), .rotate(_, _, _, let duration, _): inner = frames(duration)
        case .drag(_, let hold, _): inner = frames(hold)
        case .device(let motion): inner = motion.duration > 0 ? frames(motion.duration) : 0
        default: inner = 0
        }
    }

    /// 0.
    public var startIndex: Int { 0 }

    /// How many frames the step takes.
    public var endIndex: Int {
        switch action {
        case .wait, .device: inner
        case .tap: 2
        case .pan, .rotate: inner + 2   // down, the moves, up
        case .drag: inner + 4   // down, two slides, the hold, up
        case .touches: 1
        default: 0
        }
    }

    /// Frame `i` of the step.
    public subscript(i: Int) -> ActionFrame {
        precondition(indices.contains(i), "ActionFrames: no frame \(i) of \(count)")
        switch action {
        case .tap(let p):
            return ActionFrame(touches: [.init(id: 1, location: p, phase: i == 0 ? .began : .ended)])
        case .pan(let from, let to, let count, _, let easing):
            // Several fingers stand 40 points apart in a row, centred on the path.
            let at = i == 0 ? from : i > inner ? to : mix(from, to, t: Self.progress(i, inner, easing))
            let phase: TouchPhase = i == 0 ? .began : i > inner ? .ended : .moved
            return ActionFrame(
                touches: (0..<count).map { f in
                    .init(id: f + 1, location: at + Vec2((Float(f) - Float(count - 1) / 2) * 40, 0), phase: phase)
                })
        case .rotate(let center, let angle, let radius, _, let easing):
            // Clockwise on a y-down screen is a growing angle.
            let a = i == 0 ? 0 : i > inner ? angle : angle * Self.progress(i, inner, easing)
            let phase: TouchPhase = i == 0 ? .began : i > inner ? .ended : .moved
            return ActionFrame(
                touches: zip([1, 2], TouchGeometry.twoFingers(center: center, angle: a, radius: radius)).map {
                    .init(id: $0.0, location: $0.1, phase: phase)
                })
        case .drag(let at, _, let motion):
            // The finger slides 32 points right in two frames, so the pan begins (choosing the
            // object under it) and passes its 30-point threshold (the object starts following
            // the finger's point); then it stays still while the device moves.
            let held = at + Vec2(32, 0)
            switch i {
            case 0: return ActionFrame(touches: [.init(id: 1, location: at, phase: .began)])
            case 1: return ActionFrame(touches: [.init(id: 1, location: at + Vec2(16, 0), phase: .moved)])
            case 2: return ActionFrame(touches: [.init(id: 1, location: held, phase: .moved)])
            case inner + 3: return ActionFrame(touches: [.init(id: 1, location: held, phase: .ended)])
            default:
                return ActionFrame(
                    touches: [.init(id: 1, location: held, phase: .stationary)],
                    device: motion.map { ($0, Float(i - 2) / Float(inner)) })
            }
        case .device(let motion):
            return ActionFrame(device: (motion, Float(i + 1) / Float(inner)))
        case .touches(let raw):
            return ActionFrame(touches: raw.map { .init(id: $0.id, location: $0.at, phase: $0.phase) })
        default:
            return ActionFrame()   // a wait
        }
    }

    /// Eased progress of move `i` of `n`.
    static func progress(_ i: Int, _ n: Int, _ easing: TimingFunction) -> Float {
        Float(easing.progress(Double(i) / Double(n)))
    }
}

extension Action {
    /// The frames this step takes at `fps`.
    public func frames(fps: Int) -> ActionFrames { ActionFrames(self, fps: fps) }
}
