import SproutMath

/// Moves an entity's local transform from one value to another over a duration.
/// Evaluated only by `Scene.update()` at the scene's time: no wall clock anywhere.
public final class TransformAnimation {
    /// How the entity's values change while it runs.
    public enum Style: Sendable {
        /// RealityKit's `move(to:duration:)`: `transform` itself moves, and reads the moving value.
        case move
        /// A SceneKit `SCNTransaction`: `transform` (the model value, which rules read) is the
        /// target at once; `presentation` (what is drawn and hit-tested) moves from where the
        /// entity was drawn towards it, and is cleared at the end.
        case transaction
    }

    /// The entity it moves.
    public let entity: Entity
    /// The local transform it starts from: where the entity was drawn when it started.
    public let from: Transform
    /// The local transform it ends at.
    public let to: Transform
    /// Length in seconds (0 ends on the first update).
    public let duration: Double
    /// The easing curve.
    public let timing: TimingFunction
    /// Whether `transform` or `presentation` moves.
    public let style: Style
    /// The scene time it began at: its progress is `(time - startTime) / duration`.
    public let startTime: Double
    /// Seconds since `startTime` at the last evaluation, at most `duration`.
    public private(set) var elapsed: Double = 0
    private var completion: (() -> Void)?

    init(entity: Entity, from: Transform, to: Transform, duration: Double, timing: TimingFunction, style: Style, startTime: Double) {
        precondition(duration >= 0 && duration.isFinite, "animation duration must be finite and >= 0")
        self.startTime = startTime
        self.entity = entity
        self.from = from
        self.to = to
        self.duration = duration
        self.timing = timing
        self.style = style
        if style == .transaction {
            entity.transform = to
            entity.presentation = from
        }
        if duration == 0 { evaluate(at: startTime) }
    }

    /// True once `elapsed` has reached `duration`.
    public var isFinished: Bool { elapsed >= duration }

    /// Runs `body` once when the animation ends: finished, replaced or stopped.
    @discardableResult
    public func onFinish(_ body: @escaping () -> Void) -> TransformAnimation {
        completion = body
        return self
    }

    /// Stops it: a transaction's presentation jumps to the model value (which already holds the target).
    func end() {
        if style == .transaction { entity.presentation = nil }
        let c = completion
        completion = nil
        c?()
    }
    /// `elapsed / duration`, 0...1, before easing; 1 for a zero duration.
    public var fractionComplete: Double { duration > 0 ? min(elapsed / duration, 1) : 1 }

    /// Poses the entity at scene time `time`: the time rule's progress, ending (exactly at
    /// `to`) on the first frame at or past `startTime + duration`.
    func evaluate(at time: Double) {
        let since = time - startTime
        elapsed = hasReached(since, duration) ? duration : min(max(since, 0), duration)
        let p = Float(timing.progress(fractionComplete))
        let value = p >= 1 ? to : Transform.interpolate(from, to, t: p)
        switch style {
        case .move: entity.transform = value
        case .transaction: entity.presentation = p >= 1 ? nil : value
        }
    }
}
