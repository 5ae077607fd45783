import SproutMath

/// Moves an entity's local transform from one value to another over a duration.
/// Advanced only by `Scene.update(deltaTime:)`: no wall clock anywhere.
public final class TransformAnimation {
    public let entity: Entity
    public let from: Transform
    public let to: Transform
    public let duration: Double
    public let timing: TimingFunction
    public private(set) var elapsed: Double = 0
    private var completion: (() -> Void)?

    init(entity: Entity, from: Transform, to: Transform, duration: Double, timing: TimingFunction) {
        precondition(duration >= 0 && duration.isFinite, "animation duration must be finite and >= 0")
        self.entity = entity
        self.from = from
        self.to = to
        self.duration = duration
        self.timing = timing
        if duration == 0 { advance(by: 0) }
    }

    public var isFinished: Bool { elapsed >= duration }

    /// Runs `body` once when the animation ends: finished, replaced or stopped.
    @discardableResult
    public func onFinish(_ body: @escaping () -> Void) -> TransformAnimation {
        completion = body
        return self
    }

    func end() {
        let c = completion
        completion = nil
        c?()
    }
    public var fractionComplete: Double { duration > 0 ? min(elapsed / duration, 1) : 1 }

    func advance(by dt: Double) {
        elapsed = min(elapsed + dt, duration)
        let p = Float(timing.progress(fractionComplete))
        entity.transform = p >= 1 ? to : Transform.interpolate(from, to, t: p)
    }
}
