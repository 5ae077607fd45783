import SproutInteraction
import SproutMath
import SproutScene
import SproutSession
import Testing
@testable import SproutScript

/// A recording made while driving an engine frame by frame replays to the same final state.
@Suite struct ScriptRecorderTests {
    @Test func aRecordedSessionReplaysToTheSameState() throws {
        let stage = try ScenarioTests.tabletop()
        let fps = 60, dt = 1.0 / 60
        let engine = InteractionEngine(session: Session(stage: stage, seed: 3), scene: Scene())
        var pose = ScriptRecorder.Pose(engine.session.device.transform)
        engine.session.device.transform = pose.matrix
        let recorder = ScriptRecorder(stage: "tabletop", seed: 3, fps: fps, viewport: Vec2(1280, 720), objects: [:], startPose: pose)
        var placed = 0
        // What a person might do: wait, place, drag with the mouse while walking, twist, restart, place again.
        for frame in 0..<600 {
            var actions: [ScriptRecorder.Action] = []
            if frame == 200 || frame == 520 {
                placed += 1
                if engine.place(VirtualObject(name: placed == 1 ? "pot" : "pot \(placed)", model: BuiltInModels.make("pot")!)) {
                    actions.append(.place("pot"))
                } else {
                    placed -= 1
                }
            }
            if frame == 500 { engine.restartExperience(); actions.append(.reset); placed = 0 }
            if (300..<360).contains(frame) {
                var device = engine.session.device
                device.move(by: Vec3(0.004, 0, 0))
                device.turn(yaw: 0.002, pitch: 0)
                pose = ScriptRecorder.Pose(device.transform)
                engine.session.device.transform = pose.matrix
            }
            var touches: [TouchEvent] = []
            let t = engine.session.time
            switch frame {
            case 250: touches = [TouchEvent(id: 1, location: Vec2(640, 340), phase: .began, timestamp: t)]
            case 251..<330: touches = [TouchEvent(id: 1, location: Vec2(640 + Float(frame - 250) * 2, 340), phase: .moved, timestamp: t)]
            case 330: touches = [TouchEvent(id: 1, location: Vec2(800, 340), phase: .ended, timestamp: t)]
            case 400:
                touches = [
                    TouchEvent(id: 1, location: Vec2(700, 340), phase: .began, timestamp: t),
                    TouchEvent(id: 2, location: Vec2(760, 340), phase: .began, timestamp: t)
                ]
            case 401..<420:
                let a = Float(frame - 400) * 0.05, c = Vec2(730, 340), d = Vec2(cos(a), sin(a)) * 30
                touches = [TouchEvent(id: 1, location: c - d, phase: .moved, timestamp: t), TouchEvent(id: 2, location: c + d, phase: .moved, timestamp: t)]
            case 420:
                touches = [
                    TouchEvent(id: 1, location: Vec2(700, 340), phase: .ended, timestamp: t),
                    TouchEvent(id: 2, location: Vec2(760, 340), phase: .ended, timestamp: t)
                ]
            default: break
            }
            if !touches.isEmpty { engine.handle(touches) }
            engine.update(deltaTime: dt)
            recorder.frame(actions: actions, devicePose: pose, touches: touches)
        }
        let script = try Script.parse(recorder.text, file: "recorded.yaml")
        let runner = ScriptRunner(script: script, stage: stage) { BuiltInModels.make($0)! }
        try runner.run()
        #expect(runner.frameCount == 600)
        #expect(runner.engine.session.device.transform == engine.session.device.transform)
        #expect(runner.engine.objects.map(\.name) == engine.objects.map(\.name))
        #expect(runner.engine.objects.map(\.worldMatrix) == engine.objects.map(\.worldMatrix))
        #expect(runner.engine.session.anchors.map { describe($0) } == engine.session.anchors.map { describe($0) })
        #expect(runner.engine.messages.text == engine.messages.text)
    }

    /// A variant chosen in the window (V) is written as the step that replays it.
    @Test func aVariantIsWrittenAsItsStep() throws {
        let pose = ScriptRecorder.Pose(.identity)
        let recorder = ScriptRecorder(stage: "tabletop", seed: 0, fps: 60, viewport: Vec2(1280, 720), objects: [:], startPose: pose)
        recorder.frame(actions: [.variant(object: "plant", name: "Beach"), .variant(object: "plant", name: nil)], devicePose: pose, touches: [])
        let script = try Script.parse(recorder.text, file: "recorded.yaml")
        let variants = script.steps.compactMap { step -> [String?]? in
            if case .variant(let object, let name) = step.action { return [object, name] }
            return nil
        }
        #expect(variants == [["plant", "Beach"], ["plant", nil]])
    }
}
