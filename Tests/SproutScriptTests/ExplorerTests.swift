import SproutInteraction
import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import Testing
@testable import SproutScript

/// `Explorer` (issue 33): runs varied from seeds, every frame checked, failures shrunk.
@Suite struct ExplorerTests {
    /// Place a pot, then nine drags on it (2.5 s each, the finger still) with pauses. Tracking
    /// relocalises a second after an interruption ends (`TrackingMonitor.relocalizationTime`),
    /// so only an interruption early in a long hold lets the finger still be down then.
    static let twentySteps =
        "stage: tabletop\nseed: 1\nsteps:\n  - wait: 2.5\n  - place: pot\n"
        + String(repeating: "  - drag: { at: [640, 370], hold: 2.5 }\n  - wait: 0.3\n", count: 9)

    /// A runner on the tabletop; `app`, when given, runs after every frame as an app's own logic would.
    static func runner(_ script: Script, app: ((ScriptRunner) -> Void)? = nil) throws -> ScriptRunner {
        let stage = try StageLoader.builtIn("tabletop", assetsDirectory: Fixtures.assetsDirectory)
        let runner = ScriptRunner(script: script, stage: stage) { name in
            guard let model = BuiltInModels.make(name) else { throw ScenarioTests.DocumentErrorStub(name: name) }
            return model
        }
        if let app { runner.onFrame = { [unowned runner] _ in app(runner) } }
        return runner
    }

    /// A planted bug in an app on the engine: when tracking comes back from an interruption while
    /// a drag is held, it keeps the drag's offset and, when the finger lifts, moves the object
    /// by it: 6 cm down, through the table.
    final class StaleDragOffset {
        var wasLimited = false, pending = false
        func frame(_ runner: ScriptRunner) {
            let engine = runner.engine
            let tracking = engine.session.trackingState
            if case .limited(.relocalizing) = tracking { wasLimited = true }
            if tracking == .notAvailable { wasLimited = true }
            if tracking == .normal, wasLimited {
                wasLimited = false
                if engine.interaction.trackedObject != nil { pending = true }
            }
            if pending, engine.interaction.trackedObject == nil, let object = engine.objects.first {
                pending = false
                object.transform.translation.y -= 0.06
            }
        }
    }

    @Test func runZeroIsTheScriptAndRunsRepeatFromTheirSeed() throws {
        let script = try Script.parse(Self.twentySteps, file: "t.yaml")
        let explorer = Explorer(script: script) { try Self.runner($0) }
        #expect(explorer.variation(0).seed == script.seed && explorer.variation(0).jitter == nil && explorer.variation(0).faults.isEmpty)
        let a = explorer.variation(7), b = explorer.variation(7)
        #expect(a.seed == b.seed && a.jitter == b.jitter && a.faults == b.faults && a.jitter != nil)
        #expect(explorer.variation(8).jitter != a.jitter)
        // The same varied run twice: the same trace.
        func trace(_ s: Script) throws -> String? { let r = try Self.runner(s); try r.run(); return r.traceText }
        #expect(try trace(a) == trace(b))
    }

    @Test func thePlantedBugIsFoundAndShrunkToAShortScriptThatStillFails() throws {
        let script = try Script.parse(Self.twentySteps, file: "t.yaml")
        #expect(script.steps.count == 20)
        var options = Explorer.Options()
        options.runs = 200
        options.seed = 3
        let explorer = Explorer(script: script, options: options) { try Self.runner($0, app: StaleDragOffset().frame) }
        #expect(explorer.play(script) == nil)   // as written, no fault: no bug
        var found: Explorer.Failure?
        for run in 1..<options.runs where found == nil {
            let varied = explorer.variation(run)
            guard let outcome = explorer.play(varied) else { continue }
            let shrunk = explorer.shrink(varied, failing: outcome.failure)
            found = Explorer.Failure(run: run, script: varied, failure: outcome.failure, frame: outcome.frame, shrunk: shrunk)
        }
        let failure = try #require(found, "no run of 200 found the planted bug")
        #expect(failure.failure.what == "invariant: object below its plane", "\(failure.failure)")
        let shrunk = try #require(failure.shrunk).script
        #expect(shrunk.steps.count <= 6, "shrunk to \(shrunk.steps.count) steps")
        // Written out and read back, the shrunk script fails the same way when played.
        let text = try #require(ScriptText.edit(Self.twentySteps, from: script, to: shrunk, header: "shrunk"))
        let reread = try Script.parse(text, file: "shrunk.yaml")
        #expect(reread.steps.count == shrunk.steps.count && reread.jitter == shrunk.jitter && reread.faults == shrunk.faults)
        let replay = try Self.runner(reread, app: StaleDragOffset().frame)
        replay.checksInvariants = true
        try replay.run()
        #expect(replay.failures.first?.what == "invariant: object below its plane")
    }

    @Test func alwaysChecksEveryFrameFromItsStep() throws {
        let script = try Script.parse("steps:\n  - always: { objects: 0 }\n  - wait: 2.5\n  - place: pot\n  - wait: 0.1\n", file: "a.yaml")
        let runner = try Self.runner(script)
        try runner.run()
        #expect(runner.failures.map(\.what) == ["objects"] && runner.failures[0].line == 2)
    }
}

extension ExplorerTests {
    /// `eventually:` holds once on some frame within its time, or is reported at its deadline.
    @Test func eventuallyWaitsForItsConditionUntilItsDeadline() throws {
        let script = try Script.parse(
            """
            steps:
              - eventually: { within: 1.5, tracking: normal }
              - eventually: { within: 0.5, focusSquare: closed }
              - wait: 2
            """, file: "e.yaml")
        let runner = try Self.runner(script)
        try runner.run()
        // Tracking is normal after 0.75 s (within 1.5); the square closes on the table's plane only at about 2.3 s.
        #expect(runner.failures.map(\.what) == ["eventually within 0.5 s: focusSquare"], "\(runner.failures)")
        #expect(runner.firstFailureFrame == 30)
        let late = try Script.parse("steps:\n  - wait: 0.1\n  - eventually: { within: 5, objects: 1 }\n", file: "l.yaml")
        let ended = try Self.runner(late)
        try ended.run()
        #expect(ended.failures.map(\.what) == ["eventually within 5 s: objects"])   // the script ended first
        #expect(throws: (any Error).self) { try Script.parse("steps:\n  - eventually: { tracking: normal }\n", file: "x.yaml") }
    }
}

extension ExplorerTests {
    /// Runs played at once on two threads give what one after another gives.
    @Test func twoJobsFindWhatOneFinds() throws {
        let script = try Script.parse(
            """
            stage: tabletop
            seed: 1
            steps:
              - wait: 2.5
              - place: pot
              - pan: { from: [640, 370], to: [700, 370], duration: 0.3 }
              - expect: { object: pot, position: [0.04699, 0.743408, 0.006726], tolerance: 0.0005 }
            """, file: "j.yaml")
        func failures(jobs: Int) -> [String] {
            var options = Explorer.Options()
            options.runs = 6
            options.jobs = jobs
            options.shrinkBudget = 0
            return Explorer(script: script, options: options) { try Self.runner($0) }.explore().map { "\($0.run) \($0.failure)" }
        }
        let one = failures(jobs: 1)
        #expect(!one.isEmpty && one == failures(jobs: 2))
    }
}

extension ExplorerTests {
    /// Each kind of fault limits tracking as a real session's would: an interruption then
    /// relocalising, a covered lens (after the 0.5 s feature-loss delay), a shake at 7 m/s.
    @Test func faultsLimitTrackingEachTheirWay() throws {
        func tracking(_ kind: String, at seconds: Double) throws -> String {
            let script = try Script.parse(
                "stage: tabletop\nseed: 1\nfaults: [ { at: 3, for: 1.5, kind: \(kind) } ]\nsteps:\n  - wait: \(seconds)\n", file: "f.yaml")
            let runner = try Self.runner(script)
            try runner.run()
            return runner.engine.session.trackingState.description
        }
        #expect(try tracking("interruption", at: 4) == "notAvailable" && tracking("interruption", at: 5) == "limited(relocalizing)")
        #expect(try tracking("covered", at: 4) == "limited(insufficientFeatures)" && tracking("covered", at: 2.9) == "normal")
        #expect(try tracking("shake", at: 3.5) == "limited(excessiveMotion)")
        #expect(throws: (any Error).self) { try Script.parse("faults: [ { at: 1, for: 1, kind: sneeze } ]\nsteps: []\n", file: "x.yaml") }
    }
}
