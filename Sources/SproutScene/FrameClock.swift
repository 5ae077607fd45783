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

/// Whether `elapsed` seconds, summed from frame steps, have reached `limit`: 30 steps of 1/60 s
/// sum to 0.49999999999999994, which must count as half a second. Every timer on the injected
/// clock (tracking, detection, decoding, messages, animations' delays) compares through this.
@inlinable public func hasReached(_ elapsed: Double, _ limit: Double) -> Bool { elapsed >= limit - 1e-9 }
