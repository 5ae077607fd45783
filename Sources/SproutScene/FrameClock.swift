/// A clock for deterministic runs: time moves only when `tick` is called, by a fixed step.
/// (SwiftNIO's EmbeddedEventLoop idea: the test owns time.)
public struct FrameClock: Sendable {
    /// Seconds per frame: 1 / frames per second.
    public let step: Double
    /// Seconds since the start: `frame * step`, 0 before the first `tick`.
    public private(set) var time: Double = 0
    /// Frames ticked so far.
    public private(set) var frame: Int = 0

    /// `framesPerSecond` must be positive.
    public init(framesPerSecond: Double) {
        precondition(framesPerSecond > 0 && framesPerSecond.isFinite, "FrameClock: frames per second must be > 0")
        step = 1 / framesPerSecond
    }

    /// Advances one frame and returns the step.
    public mutating func tick() -> Double {
        frame += 1
        time = Double(frame) * step   // no accumulated rounding
        return step
    }
}

/// Whether `elapsed` seconds have reached `limit`: the deadline rule of the README's rule table
/// ("Time"): a deadline fires on the first frame whose time is at or past it. The nanosecond of
/// slack absorbs the rounding of `start + duration` (and of steps summed by the session's own
/// detectors: 30 steps of 1/60 s sum to 0.49999999999999994, which must count as half a
/// second); frames are at least a millisecond apart, so it can never pick the wrong frame.
@inlinable public func hasReached(_ elapsed: Double, _ limit: Double) -> Bool { elapsed >= limit - 1e-9 }

/// Simulated time, as every timer reads it (the README's rule table, "Time"): a frame's time
/// is its index over the frame rate, computed afresh each frame rather than summed, so frame 450
/// at 60 fps is exactly 7.5 s. A run of equal steps of 1/n s (n whole) counts `k / n` from where
/// the run began; other steps count `k * step`. A step that differs from the last starts a new run
/// (a window's frames vary), so exactness holds wherever the steps are the script's.
public struct SimulationClock: Sendable, Equatable {
    /// Seconds since the start: 0 before the first `advance`.
    public private(set) var time: Double = 0
    /// Frames advanced so far.
    public private(set) var frame = 0
    private var origin = 0.0
    private var step = -1.0
    private var framesPerSecond = 0.0
    private var stepsSinceOrigin = 0

    /// A clock at 0.
    public init() {}

    /// Moves on one frame of `deltaTime` seconds (finite, >= 0) and returns the new time.
    @discardableResult
    public mutating func advance(by deltaTime: Double) -> Double {
        precondition(deltaTime >= 0 && deltaTime.isFinite, "SimulationClock: a step must be finite and >= 0")
        if deltaTime != step {
            origin = time
            step = deltaTime
            stepsSinceOrigin = 0
            let rate = (1 / deltaTime).rounded()
            framesPerSecond = deltaTime > 0 && rate.isFinite && abs(rate * deltaTime - 1) < 1e-12 ? rate : 0
        }
        stepsSinceOrigin += 1
        frame += 1
        time = framesPerSecond > 0 ? origin + Double(stepsSinceOrigin) / framesPerSecond : origin + Double(stepsSinceOrigin) * step
        return time
    }
}
