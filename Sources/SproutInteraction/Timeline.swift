import SproutScene

/// Keyed, timed tweens on the injected clock: the focus square's SceneKit transactions and
/// actions (fades, pulses, keyframes) without a wall clock. A tween begun at time `t0` with
/// `delay` and `duration` is at progress `(now - t0 - delay) / duration` (the README's time
/// rule), calls `update` with its eased progress at each evaluation and `completion` once, on
/// the first frame at or past its end; starting a key replaces that key.
final class Timeline {
    private struct Tween {
        var start: Double
        var delay: Double
        var duration: Double
        var timing: TimingFunction
        var update: (Float) -> Void
        var completion: (() -> Void)?
        var end: Double { start + delay + duration }
    }

    private var tweens: [(key: String, tween: Tween)] = []
    /// The time tweens begun now start at: the frame's time, set by `begin(at:)`.
    private(set) var now = 0.0

    /// Begins `key` now (replacing a tween of that key).
    func run(
        _ key: String, delay: Double = 0, duration: Double, timing: TimingFunction = .linear,
        update: @escaping (Float) -> Void, completion: (() -> Void)? = nil
    ) {
        remove(key)
        tweens.append((key, Tween(start: now, delay: delay, duration: duration, timing: timing, update: update, completion: completion)))
    }

    func remove(_ key: String) { tweens.removeAll { $0.key == key } }
    func isRunning(_ key: String) -> Bool { tweens.contains { $0.key == key } }
    func removeAll() { tweens.removeAll() }

    /// Moves the clock to a frame's `time` before anything of the frame happens.
    func begin(at time: Double) { now = max(now, time) }

    /// `begin(at: now + dt)` then `evaluate()`: for a timeline on its own.
    func advance(by dt: Double) {
        begin(at: now + dt)
        evaluate()
    }

    /// Evaluates every tween at `now`; completions run after the updates, in start order. A
    /// tween a completion begins starts where the finished one ended (its exact end, not the
    /// frame's time), so chained transactions keep their total length whatever the step.
    func evaluate() {
        evaluate(Array(tweens.indices))
    }

    private func evaluate(_ indices: [Int]) {
        var finished: [(completion: () -> Void, end: Double)] = []
        var removed: [Int] = []
        for i in indices {
            let t = tweens[i].tween
            let running = now - t.start - t.delay
            guard hasReached(running, 0) else { continue }
            let done = hasReached(running, t.duration)
            let fraction = done || t.duration <= 0 ? 1 : min(max(running, 0) / t.duration, 1)
            t.update(Float(t.timing.progress(fraction)))
            if done {
                removed.append(i)
                if let c = t.completion { finished.append((c, t.end)) }
            }
        }
        for i in removed.sorted(by: >) { tweens.remove(at: i) }
        for (completion, end) in finished {
            let before = tweens.count
            let frameTime = now
            now = end
            completion()
            now = frameTime
            if tweens.count > before { evaluate(Array(before..<tweens.count)) }
        }
    }
}
