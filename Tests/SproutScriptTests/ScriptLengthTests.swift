import SproutDocument
import SproutSession
import SproutTesting
import Testing
@testable import SproutScript

/// Scripts cannot ask for unbounded work: steps and frames are capped, with the line that
/// crosses the limit and the way to raise it.
@Suite struct ScriptLengthTests {
    @Test func anHourAtAThousandFramesASecondIsRefusedBeforeItRuns() throws {
        let script = try Script.parse("fps: 1000\nsteps:\n  - wait: 1\n  - wait: 3600\n", file: "long.yaml")
        #expect(script.frameCount == 3_601_000)
        let runner = ScriptRunner(script: script, stage: try StageLoader.resolve("tabletop", assetsDirectory: Fixtures.assetsDirectory)) { _ in
            throw DocumentError(file: "", line: 0, field: "", message: "no models")
        }
        let error = #expect(throws: DocumentError.self) { try runner.run() }
        #expect(
            error?.description
                == "long.yaml:4: steps[1]: the script reaches 3601000 frames here (at 1000 fps), more than the limit of 1000000; shorten it or raise the limit (sprout play --max-frames)"
        )
        #expect(runner.frameCount == 0)   // nothing ran
        runner.maximumFrames = 10
        #expect(throws: DocumentError.self) { try runner.run() }
    }

    @Test func stepsAreCountedAsTheRunnerPlaysThem() throws {
        let script = try Script.parse(
            """
            steps:
              - wait: 0.5
              - tap: [10, 10]
              - pan: { from: [0, 0], to: [50, 0], duration: 0.25 }
              - rotate: { center: [100, 100], angle: 30, duration: 0.1 }
              - drag: { at: [10, 10], hold: 0.5 }
              - device: { moveBy: [0.1, 0, 0], duration: 0 }
              - device: { moveBy: [0.1, 0, 0], duration: 1 }
              - snapshot: x
            """, file: "count.yaml")
        #expect(script.steps.map { script.frames(of: $0.action) } == [30, 2, 17, 8, 34, 0, 60, 0])
    }

    @Test func moreThanTenThousandStepsAreRefused() {
        let text = "steps:\n" + String(repeating: "  - tap: [1, 1]\n", count: Script.maximumSteps + 1)
        let error = #expect(throws: DocumentError.self) { try Script.parse(text, file: "taps.yaml") }
        #expect(error?.description == "taps.yaml:2: steps: has 10001 steps, more than the limit of 10000 (the trace records the world after each)")
    }
}
