import Dispatch
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation

/// Randomised interaction testing (issue 33): one script run many times, each run varying
/// from its own seed what a real session varies (the session's seed, touch and device jitter,
/// frame times, interruptions), every frame checked against the script's `expect:` and
/// `always:` steps and the engine's `Invariants`; a failing run is shrunk to a short script
/// that still fails, with its seed, jitter and faults written out so `sprout play` repeats it.
/// Pure: no GL (frames are never drawn), time and randomness from the seeds only.
public final class Explorer: @unchecked Sendable {
    /// What a run may vary, and how much.
    public struct Options: Sendable {
        /// Runs in all; run 0 is the script as written (what `sprout play` plays).
        public var runs = 100
        /// Seeds every run's variation: the same seed, the same runs.
        public var seed: UInt64 = 0
        /// Touches move up to this many points (each run draws its own bound up to it).
        public var touchJitter: Float = 4
        /// The device stands up to this many metres off its pose, each frame.
        public var deviceJitter: Float = 0.003
        /// Frames last their step times 1 plus up to this fraction either way.
        public var frameJitter: Double = 0.2
        /// Interruptions a run may have (0 to this many, at random times).
        public var maximumFaults = 2
        /// The longest interruption, seconds.
        public var faultLength = 1.0
        /// Runs the shrinking of one failure may take.
        public var shrinkBudget = 150
        /// Runs played at once, each on a thread of its own with a world of its own (the runs
        /// share nothing but the model cache, which is locked); the results are the same in any case.
        public var jobs = 1

        /// The defaults: 100 runs from seed 0, 4-point touches, 3 mm device noise, 20 % frame
        /// jitter, up to two interruptions of up to a second.
        public init() {}
    }

    /// One run that failed, and the shortest script found that fails the same way.
    public struct Failure: Sendable {
        /// Which run (1-based for varied runs; 0 is the script as written).
        public var run: Int
        /// The run's script: the original with its variation written in.
        public var script: Script
        /// The first failure of the run.
        public var failure: ExpectationFailure
        /// The frame it happened on.
        public var frame: Int
        /// The shrunk script, failing the same way (`failure.what`), and its first failure: for
        /// the first run that fails each way only (the others fail as it does; shrinking each
        /// would cost up to `shrinkBudget` runs apiece).
        public var shrunk: (script: Script, failure: ExpectationFailure)?
    }

    /// The script explored.
    public let script: Script
    /// How runs vary.
    public let options: Options
    /// Makes a runner for a script (its stage and models resolved as the original's): `sprout
    /// explore` passes `ScriptPlayer`'s; a test can install an app's per-frame logic here.
    private let makeRunner: (Script) throws -> ScriptRunner

    /// An explorer of `script`; `makeRunner` builds a fresh runner for each run (with
    /// `options.jobs` above 1, from several threads at once: each call must make a runner that
    /// shares no mutable state with another's, as `ScriptPlayer`'s do).
    public init(script: Script, options: Options = Options(), makeRunner: @escaping (Script) throws -> ScriptRunner) {
        self.script = script
        self.options = options
        self.makeRunner = makeRunner
    }

    /// Run `run`'s script: the original for 0; otherwise the session's seed, the jitter and
    /// the faults drawn from (`options.seed`, `run`).
    public func variation(_ run: Int) -> Script {
        guard run > 0 else { return script }
        var random = SeededRandom(seed: options.seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(run) &* 0xD1B5_4A32_D192_ED03)
        var varied = script
        varied.seed = random.next() >> 1
        func fraction() -> Float { random.float(in: 0...1) }
        // Sizes rounded as a script writes them (0.01 point, 0.1 mm, 0.001), so the written
        // script reads back to the very same noise.
        func round(_ x: Double, _ places: Double) -> Double { (x * places).rounded() / places }
        varied.jitter = Jitter(
            seed: random.next() >> 1, touch: Float(round(Double(options.touchJitter * fraction()), 100)),
            device: Float(round(Double(options.deviceJitter * fraction()), 10_000)),
            frame: round(options.frameJitter * Double(fraction()), 1000))
        let duration = Double(script.frameCount) / Double(script.fps)
        let count = options.maximumFaults > 0 ? Int(random.next() % UInt64(options.maximumFaults + 1)) : 0
        varied.faults = (0..<count).map { _ in
            Fault(
                at: Self.rounded(duration * Double(fraction())), duration: Self.rounded(max(0.05, options.faultLength * Double(fraction()))),
                kind: Fault.Kind.allCases[Int(random.next() % UInt64(Fault.Kind.allCases.count))])
        }.sorted { $0.at < $1.at }
        return varied
    }

    /// Plays `script` with every check on; its first failure and frame, or nil when it passes.
    /// A script that cannot be played (a step that throws) counts as passing: it is not the
    /// failure being looked for.
    public func play(_ script: Script) -> (failure: ExpectationFailure, frame: Int)? {
        guard let runner = try? makeRunner(script) else { return nil }
        runner.checksInvariants = true
        runner.traceSink = nil
        do { try runner.run() } catch { return nil }
        guard let first = runner.failures.first else { return nil }
        return (first, runner.firstFailureFrame ?? runner.frameCount)
    }

    /// Every run in order; `onRun` hears each run's outcome as it ends. The first run to fail
    /// each way is shrunk.
    /// With `options.jobs` above 1 the runs are played at once in groups and `onRun` hears
    /// each group's outcomes, in run order, when the group is done.
    @discardableResult
    public func explore(onRun: (Int, ExpectationFailure?) -> Void = { _, _ in }) -> [Failure] {
        var failures: [Failure] = []
        var shrunkWays: Set<String> = []
        let runs = max(options.runs, 1)
        let group = max(1, options.jobs) * 8
        var outcomes: [Int: (failure: ExpectationFailure, frame: Int)] = [:]
        for run in 0..<runs {
            if options.jobs > 1, run % group == 0 {
                outcomes = playAtOnce(Array(run..<min(runs, run + group)))
            }
            let varied = variation(run)
            let outcome = options.jobs > 1 ? outcomes[run] : play(varied)
            onRun(run, outcome?.failure)
            guard let outcome else { continue }
            let shrunk = shrunkWays.insert(outcome.failure.what).inserted ? shrink(varied, failing: outcome.failure) : nil
            failures.append(Failure(run: run, script: varied, failure: outcome.failure, frame: outcome.frame, shrunk: shrunk))
        }
        return failures
    }

    /// Plays `runs` on `options.jobs` threads; the failing ones' outcomes by run.
    private func playAtOnce(_ runs: [Int]) -> [Int: (failure: ExpectationFailure, frame: Int)] {
        let results = ResultBox(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: min(options.jobs, runs.count)) { slot in
            var i = slot
            while i < runs.count {
                let outcome = play(variation(runs[i]))
                results.set(i, outcome)
                i += options.jobs
            }
        }
        var byRun: [Int: (failure: ExpectationFailure, frame: Int)] = [:]
        for (i, run) in runs.enumerated() { if let outcome = results.get(i) { byRun[run] = outcome } }
        return byRun
    }

    /// Outcomes written by several threads, each to its own slot, under a lock.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [(failure: ExpectationFailure, frame: Int)?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: (failure: ExpectationFailure, frame: Int)?) { lock.lock(); slots[i] = value; lock.unlock() }
        func get(_ i: Int) -> (failure: ExpectationFailure, frame: Int)? { lock.lock(); defer { lock.unlock() }; return slots[i] }
    }

    /// A smaller script that fails as `failure` does (the same `what`): faults dropped, the
    /// jitter dropped or zeroed, then steps removed one at a time (last first), as long as it
    /// still fails so and within `options.shrinkBudget` runs.
    public func shrink(_ failing: Script, failing failure: ExpectationFailure) -> (script: Script, failure: ExpectationFailure) {
        var best = (script: failing, failure: failure)
        var budget = options.shrinkBudget
        func keep(_ candidate: Script) -> Bool {
            guard budget > 0 else { return false }
            budget -= 1
            guard let outcome = play(candidate), outcome.failure.what == failure.what else { return false }
            best = (candidate, outcome.failure)
            return true
        }
        for i in best.script.faults.indices.reversed() {
            var c = best.script
            c.faults.remove(at: i)
            _ = keep(c)
        }
        if best.script.jitter != nil {
            var none = best.script
            none.jitter = nil
            if !keep(none) {
                // One size at a time, each tried on the best script found so far.
                let zeroings: [(inout Jitter) -> Void] = [{ $0.touch = 0 }, { $0.device = 0 }, { $0.frame = 0 }]
                for zero in zeroings {
                    var c = best.script
                    zero(&c.jitter!)
                    if c.jitter != best.script.jitter { _ = keep(c) }
                }
            }
        }
        var changed = true
        while changed, budget > 0 {
            changed = false
            for i in best.script.steps.indices.reversed() where budget > 0 {
                guard i < best.script.steps.count else { continue }
                let c = Self.removing(step: i, from: best.script)
                guard !c.steps.isEmpty else { continue }
                if keep(c) { changed = true }
            }
        }
        return best
    }

    /// `script` without step `i`; faults after the step come earlier by its length (one inside
    /// it moves to its start), so what the faults met still happens to what comes after.
    static func removing(step i: Int, from script: Script) -> Script {
        var c = script
        let frames = script.steps.map { script.frames(of: $0.action) }
        let start = Double(frames[..<i].reduce(0, +)) / Double(script.fps)
        let length = Double(frames[i]) / Double(script.fps)
        c.steps.remove(at: i)
        c.faults = script.faults.map { f in
            var f = f
            if f.at >= start + length { f.at = rounded(f.at - length) } else if f.at > start { f.at = rounded(start) }
            return f
        }
        return c
    }

    /// Seconds to the millisecond: written scripts stay short and read back exactly.
    static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}
