/// Wall-clock milliseconds since it was made, for reporting only (benchmarks, `--verbose`): the
/// engine itself never reads a clock.
public struct Stopwatch {
    private let start = ContinuousClock.now
    /// A stopwatch started now.
    public init() {}

    /// Milliseconds elapsed since the stopwatch was made (monotonic clock).
    public var milliseconds: Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
