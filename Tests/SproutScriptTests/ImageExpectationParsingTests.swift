import SproutDocument
import SproutScene
import SproutSession
import SproutSceneFile
import Testing
@testable import SproutScript
import SproutGolden

/// `expect: { image: }` and a script's golden `tolerance:`: read as written, refused with reasons.
@Suite struct ImageExpectationParsingTests {
    @Test func anImageExpectationAndTheScriptsToleranceAreRead() throws {
        let script = try Script.parse(
            """
            tolerance: { maxMean: 1, reason: "shadow acne on llvmpipe" }
            steps:
              - expect: { image: goldens/a.png }
              - expect: { image: goldens/b.png, tolerance: { maxDelta: 5, reason: "MSAA edges" } }
              - expect: { object: plant, position: [0, 0.74, 0], tolerance: 0.01 }
            """, file: "s.yaml")
        #expect(
            script.tolerance == TestTolerance(ImageTolerance(maxChannelDelta: 2, maxFailingFraction: 0.001, maxMeanDelta: 1), reason: "shadow acne on llvmpipe")
        )
        guard case .expect(let a) = script.steps[0].action, case .expect(let b) = script.steps[1].action, case .expect(let c) = script.steps[2].action else {
            Issue.record("expected three expectations"); return
        }
        #expect(a.image?.golden == "goldens/a.png" && a.image?.tolerance == nil)
        #expect(b.image?.tolerance == TestTolerance(ImageTolerance(maxChannelDelta: 5, maxFailingFraction: 0.001, maxMeanDelta: 0.5), reason: "MSAA edges"))
        #expect(c.image == nil && c.tolerance == 0.01)   // beside a position, tolerance is still metres
    }

    @Test(arguments: [
        (
            "steps:\n  - expect: { image: a.jpg }",
            "s.yaml:2: steps[0].expect.image: must name a golden PNG inside the script's folder (relative, without '..'), e.g. goldens/placed.png"
        ),
        (
            "steps:\n  - expect: { image: /tmp/x.png }",
            "s.yaml:2: steps[0].expect.image: must name a golden PNG inside the script's folder (relative, without '..'), e.g. goldens/placed.png"
        ),
        (
            "steps:\n  - expect: { image: goldens/../../x.png }",
            "s.yaml:2: steps[0].expect.image: must name a golden PNG inside the script's folder (relative, without '..'), e.g. goldens/placed.png"
        ),
        ("steps:\n  - expect: { image: a.png, tolerance: 0.1 }", "s.yaml:2: steps[0].expect.tolerance: expected a mapping, got '0.1'"),
        (
            "steps:\n  - expect: { image: a.png, tolerance: { maxDelta: 4 } }",
            "s.yaml:2: steps[0].expect.tolerance.reason: is required: a tolerance other than the default says why it is needed"
        ),
        ("tolerance: { maxMean: 300, reason: x }\nsteps: []", "s.yaml:1: tolerance.maxMean: must lie in 0.0...255.0, got 300.0")
    ])
    func mistakesAreNamed(text: String, message: String) {
        do { _ = try Script.parse(text, file: "s.yaml"); Issue.record("accepted \(text)") } catch { #expect("\(error)" == message) }
    }

    @Test func withoutFramesAnImageExpectationFailsSayingSo() throws {
        let script = try Script.parse("steps:\n  - expect: { image: goldens/a.png }", file: "s.yaml")
        let runner = ScriptRunner(script: script, stage: Stage(name: "empty")) { _ in throw DocumentError(file: "", line: 0, field: "", message: "none") }
        try runner.run()
        #expect(
            runner.failures.map(\.description) == [
                "s.yaml:2: step 1 expect: image: expected the frame to match goldens/a.png, got no frames drawn (play the script with ScriptPlayer, as sprout play does)"
            ])
    }
}
