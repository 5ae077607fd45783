import SproutScene

/// Keyed, timed tweens advanced by an injected clock: the focus square's SceneKit transactions
/// and actions (fades, pulses, keyframes) without a wall clock. A tween calls `update` with its
/// eased progress each step and `completion` once when done; starting a key replaces that key.
final class Timeline {
    private struct Tween {
        var delay: Double
        var duration: Double
        var timing: TimingFunction
        var elapsed = 0.0
        var update: (Float) -> Void
        var completion: (() -> Void)?
    }

    private var tweens: [(key: String, tween: Tween)] = []

    func run(_ key: String, delay: Double = 0, duration: Double, timing: TimingFunction = .linear,
             update: @escaping (Float) -> Void, completion: (() -> Void)? = nil) {
        remove(key)
        tweens.append((key, Tween(delay: delay, duration: duration, timing: timing, update: update, completion: completion)))
    }

    func remove(_ key: String) { tweens.removeAll { $0.key == key } }
    func isRunning(_ key: String) -> Bool { tweens.contains { $0.key == key } }
    func removeAll() { tweens.removeAll() }

    /// Advances every tween; completions run after the step's updates, in start order. Tweens
    /// a completion starts get the time left over after the one that finished, so chained
    /// transactions keep their total length whatever the step.
    func advance(by dt: Double) {
        advance(Array(tweens.indices), by: dt)
    }

    private func advance(_ indices: [Int], by dt: Double) {
        var finished: [(completion: () -> Void, leftover: Double)] = []
        var removed: [Int] = []
        for i in indices {
            var t = tweens[i].tween
            t.elapsed += dt
            let running = t.elapsed - t.delay
            if running >= 0 {
                let fraction = t.duration > 0 ? min(running / t.duration, 1) : 1
                t.update(Float(t.timing.progress(fraction)))
                if fraction >= 1 {
                    removed.append(i)
                    if let c = t.completion { finished.append((c, running - t.duration)) }
                    continue
                }
            }
            tweens[i].tween = t
        }
        for i in removed.sorted(by: >) { tweens.remove(at: i) }
        for (completion, leftover) in finished {
            let before = tweens.count
            completion()
            if tweens.count > before, leftover > 0 { advance(Array(before..<tweens.count), by: leftover) }
        }
    }
}
