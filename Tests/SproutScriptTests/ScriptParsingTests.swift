import SproutDocument
import SproutMath
import SproutSession
import Testing
@testable import SproutScript

@Suite struct ScriptParsingTests {
    @Test func theReadmeExampleParses() throws {
        let script = try Script.parse(
            """
            stage: tabletop
            seed: 7
            fps: 30
            viewport: [800, 600]
            camera: { position: [0, 1.45, 0.85], lookAt: [0, 0.74, 0] }
            objects: { plant: plants/seedling.obj }
            planes: true
            steps:
              - wait: 2.5
              - place: plant
              - tap: [640, 400]
              - pan: { from: [640, 400], to: [840, 420], duration: 0.6, easing: easeOut }
              - pan: { from: [600, 400], to: [700, 400], touches: 2, duration: 0.5 }
              - rotate: { center: [640, 400], angle: 45, duration: 0.5 }
              - drag: { at: [640, 400], hold: 1.0, device: { moveBy: [0.3, 0, 0] } }
              - device: { moveTo: [0.4, 1.5, 0.9], lookAt: [0, 0.74, 0], duration: 1.0 }
              - touches: [ { id: 1, phase: began, at: [10, 10] } ]
              - reset: {}
              - snapshot: after-drag
              - expect: { object: plant, position: [0.1, 0.74, 0.0], tolerance: 0.005, rotationY: -45, onPlane: true, selected: true,
                          message: "SURFACE DETECTED", focusSquare: closed, anchors: { planes: ">= 1" }, tracking: normal }
            """, file: "tour.yaml")
        #expect(script.seed == 7 && script.fps == 30 && script.viewport == Vec2(800, 600) && script.showPlanes)
        #expect(script.objects == ["plant": "plants/seedling.obj"])
        #expect(script.steps.map(\.kind) == ["wait", "place", "tap", "pan", "pan", "rotate", "drag", "device", "touches", "reset", "snapshot", "expect"])
        #expect(script.steps[3].line == 12)
        guard case .pan(_, _, 1, 0.6, .easeOut) = script.steps[3].action else { Issue.record("pan"); return }
        guard case .rotate(_, let angle, 60, _, .linear) = script.steps[5].action else { Issue.record("rotate"); return }
        #expect(abs(angle - .pi / 4) < 1e-6)
        guard case .expect(let e) = script.steps[11].action else { Issue.record("expect"); return }
        #expect(e.anchors.map(\.kind) == ["planes"] && e.anchors[0].comparison.description == ">= 1")
        #expect(e.tolerance == 0.005 && e.rotationY == -45 && e.focusSquare == .closed)
    }

    /// `animate: { object, clip, loop, speed }` and `expect: { object, clip, time }` (issue 28).
    @Test func animateAndItsExpectationAreRead() throws {
        let script = try Script.parse(
            """
            steps:
              - animate: { object: fox, clip: Walk, loop: false, speed: 2 }
              - animate: { object: fox }
              - expect: { object: fox, clip: Walk, time: 0.5 }
            """, file: "s.yaml")
        guard case .animate(let request) = script.steps[0].action, case .animate(let plain) = script.steps[1].action,
            case .expect(let e) = script.steps[2].action
        else { Issue.record("not the steps written"); return }
        #expect(request == AnimationRequest(object: "fox", clip: "Walk", loop: false, speed: 2))
        #expect(plain == AnimationRequest(object: "fox") && plain.loop && plain.speed == 1 && plain.clip == nil)
        #expect(e.clip == "Walk" && e.clipTime == 0.5 && script.steps[0].action.kind == "animate")
    }

    @Test(arguments: [
        (
            "steps:\n  - jump: 3\n", 2, "steps[0].jump",
            "unknown step 'jump'; expected one of wait, place, tap, pan, rotate, drag, device, touches, reset, open, geoAnchor, undo, light, snapshot, animate, variant, expect, always, eventually"
        ),
        ("steps:\n  - wait: -1\n", 2, "steps[0].wait", "must lie in 0...3600 seconds, got -1.0"),
        (
            "steps:\n  - pan: { from: [0, 0], to: [1, 1], speed: 3 }\n", 2, "steps[0].pan.speed",
            "unknown field; expected one of from, to, touches, duration, easing (or an x- key of your own)"
        ),
        (
            "steps:\n  - pan: { from: [0, 0], to: [1, 1], easing: bouncy }\n", 2, "steps[0].pan.easing",
            "must be one of linear, easeIn, easeOut, easeInEaseOut; got 'bouncy'"
        ),
        ("steps:\n  - tap: [1, 2, 3]\n", 2, "steps[0].tap", "expected 2 numbers, got 3"),
        ("steps:\n  - expect: { position: [0, 0, 0] }\n", 2, "steps[0].expect.position", "needs `object:` to say which object"),
        (
            "steps:\n  - expect: { anchors: { planes: lots } }\n", 2, "steps[0].expect.anchors.planes",
            "expected a count such as 2, \">= 1\" or \"< 3\", got 'lots'"
        ),
        ("steps:\n  - snapshot: \"../escape\"\n", 2, "steps[0].snapshot", "a snapshot name is letters, digits, '-' and '_' (it names a PNG), got '../escape'"),
        ("steps:\n  - device: { duration: 1 }\n", 2, "steps[0].device", "needs moveTo, moveBy, lookAt or rotation"),
        (
            "steps:\n  - wait: 1\n    tap: [0, 0]\n", 2, "steps[0]",
            "a step is one of wait, place, tap, pan, rotate, drag, device, touches, reset, open, geoAnchor, undo, light, snapshot, animate, variant, expect, always, eventually with its value, e.g. `- wait: 1.5`"
        ),
        ("fps: 0\nsteps: []\n", 1, "fps", "must lie in 1...1000, got 0"),
        ("seed: 7\n", 1, "steps", "is required"),
        (
            "objects: { frame: { model: pot, alignment: sideways } }\nsteps: []\n", 1, "objects.frame.alignment",
            "must be one of horizontal, vertical, any; got 'sideways'"
        ),
        ("objects: { frame: { alignment: any, scale: 2 } }\nsteps: []\n", 1, "objects.frame.scale", "needs `model:` beside it"),
        ("objects: { frame: {} }\nsteps: []\n", 1, "objects.frame", "needs `model:` (a path, catalog plant or built-in) or `alignment:`"),
        (
            "steps:\n  - expect: { focusSquare: { alignment: up } }\n", 2, "steps[0].expect.focusSquare.alignment",
            "must be one of horizontal, vertical, none; got 'up'"
        ),
        ("steps:\n  - expect: { alignment: vertical }\n", 2, "steps[0].expect.alignment", "needs `object:` to say which object"),
        ("steps:\n  - expect: { clip: Walk }\n", 2, "steps[0].expect.clip", "needs `object:` to say which object"),
        ("steps:\n  - animate: { clip: Walk }\n", 2, "steps[0].animate.object", "is required"),
        ("steps:\n  - animate: { object: fox, speed: 1000 }\n", 2, "steps[0].animate.speed", "must lie in -100.0...100.0, got 1000.0"),
        (
            "steps: []\nstage: tabletop\nzoom: 2\n", 3, "zoom",
            "unknown field; expected one of stage, seed, fps, viewport, camera, objects, planes, steps, tolerance, placemarkStyle, network, jitter, faults (or an x- key of your own)"
        )
    ])
    func badScriptsNameTheLineAndTheStep(_ text: String, line: Int, field: String, reason: String) {
        let error = #expect(throws: DocumentError.self) { try Script.parse(text, file: "bad.yaml") }
        #expect(error == DocumentError(file: "bad.yaml", line: line, field: field, message: reason))
    }
}

@Suite struct ObjectAlignmentTests {
    @Test func aScriptSaysWhichPlanesAnObjectTakesElseTheSamplesRuleHolds() throws {
        let script = try Script.parse(
            "objects:\n  frame: { model: pot, alignment: vertical }\n  note: { alignment: any }\n  plant: seedling\nsteps: []\n", file: "a.yaml")
        #expect(script.allowedAlignments("frame") == [.vertical])
        #expect(script.allowedAlignments("note") == [.horizontal, .vertical])
        #expect(script.objects["note"] == nil)   // no model: the name is the built-in's or a plant's
        #expect(script.allowedAlignments("plant") == [.horizontal])
        #expect(script.allowedAlignments("painting") == [.vertical])   // P18 L23-31
        #expect(script.allowedAlignments("sticky-note") == [.horizontal, .vertical])
    }
}

@Suite struct ExpectationFailureTests {
    @Test func aFailedExpectationSaysWhereWhatAndWhatWasFound() throws {
        let script = try Script.parse(
            """
            seed: 1
            steps:
              - wait: 0.2
              - expect: { focusSquare: closed, objects: ">= 1", message: "SURFACE DETECTED" }
            """, file: "fail.yaml")
        let runner = ScriptRunner(script: script, stage: try ScenarioTests.tabletop()) { _ in throw ScenarioTests.DocumentErrorStub(name: "none") }
        try runner.run()
        #expect(
            runner.failures.map(\.description) == [
                "fail.yaml:4: step 2 expect: message: expected \"SURFACE DETECTED\", got \"Initializing\"",
                "fail.yaml:4: step 2 expect: focusSquare: expected closed, got initializing",
                "fail.yaml:4: step 2 expect: objects: expected >= 1, got 0"
            ])
    }

    /// `light:` switches the tabletop's sun off (its ambient light is 0.25): the estimate falls
    /// from about 900 lm to the ambient's 250, and the content's lights follow it (P18).
    @Test func aLightStepSwitchesTheSunOffAndTheEstimateFollows() throws {
        let script = try Script.parse(
            """
            seed: 1
            steps:
              - wait: 2
              - expect: { lightEstimate: "> 800", colorTemperature: "< 6500" }
              - light: { directional: 0 }
              - wait: 2.5
              - expect: { lightEstimate: "== 250", colorTemperature: "== 6504" }
              - light: { directional: 1, ambient: 0.5, duration: 1 }
              - wait: 0.5
              - expect: { lightEstimate: "< 250" }
            """, file: "light.yaml")
        let runner = ScriptRunner(script: script, stage: try ScenarioTests.tabletop()) { _ in throw ScenarioTests.DocumentErrorStub(name: "none") }
        try runner.run()
        #expect(
            runner.failures.map(\.description) == [
                "light.yaml:10: step 8 expect: lightEstimate: expected < 250, got 511 lm"
            ])
        #expect(runner.engine.session.lighting.intensity == 0.5 && runner.engine.session.lighting.ambient == 0.375)
        #expect(runner.engine.scene.lighting == runner.engine.session.lighting)
        #expect(runner.engine.scene.contentLightIntensity == runner.engine.session.lightEstimate?.ambientIntensity)
    }

    @Test func aLightStepNeedsALight() {
        let error = #expect(throws: DocumentError.self) { try Script.parse("steps:\n  - light: { duration: 1 }\n", file: "l.yaml") }
        #expect(error?.description == "l.yaml:2: steps[0].light: changes `directional`, `ambient` or both (intensities, 0...100)")
    }

    @Test func anUnknownObjectStopsTheRunAtItsStep() throws {
        let script = try Script.parse("steps:\n  - wait: 3\n  - place: dragon\n", file: "obj.yaml")
        let runner = ScriptRunner(script: script, stage: try ScenarioTests.tabletop()) { name in
            guard let m = BuiltInModels.make(name) else { throw ScenarioTests.DocumentErrorStub(name: name) }
            return m
        }
        let error = #expect(throws: DocumentError.self) { try runner.run() }
        #expect(error?.line == 3 && error?.field == "steps[1].place")
    }
}

@Suite struct JSONValueTests {
    @Test func keysKeepTheirOrderAndNumbersAreStable() {
        let v = JSONValue.object([
            ("z", .number(1)), ("a", .vector([0.1, -0.0, 1e-9, 2.5])), ("s", .string("a\"b\n")), ("n", .null), ("b", .bool(true)),
            ("o", .array([.object([("k", .number(-3.25))])]))
        ])
        #expect(
            v.serialized() == """
                {
                  "z": 1,
                  "a": [0.1, 0, 0, 2.5],
                  "s": "a\\"b\\n",
                  "n": null,
                  "b": true,
                  "o": [
                    {
                      "k": -3.25
                    }
                  ]
                }
                """)
        #expect(JSONValue.format(0.7400004) == "0.74")
        #expect(JSONValue.format(-1e-7) == "0")
    }
}

/// A failure echoes at most 500 characters of a value (issue 30, item 15: a 1 MB
/// `expect: { message: }` was echoed whole).
@Suite struct ExpectationFailureLengthTests {
    @Test func longValuesAreCut() {
        let long = String(repeating: "x", count: 1_000_000)
        let failure = ExpectationFailure(source: "s.yaml", line: 3, step: 0, what: "message", expected: long, actual: "\"\"")
        #expect(failure.expected == String(repeating: "x", count: 500) + "... (1000000 bytes in all)")
        #expect(failure.description.utf8.count < 600)
    }
}

/// The trace has a stated limit (issue 30, item 13: 3,000 placements wrote 3 GB): past it the
/// run stops saying so.
@Suite struct TraceLimitTests {
    @Test func aTracePastItsLimitStopsTheRun() throws {
        let script = try Script.parse("steps:\n" + String(repeating: "  - wait: 0.05\n", count: 40), file: "long.yaml")
        let runner = ScriptRunner(script: script, stage: Stage(name: "empty")) { _ in throw DocumentError(file: "", line: 0, field: "", message: "none") }
        runner.maximumTraceBytes = 4096
        let error = #expect(throws: TraceLimit.self) { try runner.run() }
        #expect(error?.description.hasPrefix("the trace passed 4096 bytes after ") == true)
    }
}
