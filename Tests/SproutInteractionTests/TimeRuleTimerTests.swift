import SproutMath
import SproutScene
import SproutSession
import Testing
@testable import SproutInteraction

private typealias F = InteractionFixture

/// Every timer of the interaction layer on the time rule (README, "Time"), to the frame at 60 fps.
@Suite struct TimeRuleTimerTests {
    /// Frames of an engine from now on, each with its index (the session's frame count).
    static func frames(_ engine: InteractionEngine, count: Int, each: (Int, Frame) -> Void) {
        for _ in 0..<count {
            let frame = engine.update(deltaTime: F.step)
            each(engine.session.clock.frame, frame)
        }
    }

    /// P18 resetTracking: "FIND A SURFACE" 7.5 s on is frame 450 (summed steps made it 451).
    @Test func aMessageScheduledAtFrameZeroFiresOnFrame450() {
        let m = StatusMessages()
        m.scheduleMessage("FIND A SURFACE TO PLACE AN OBJECT", inSeconds: 7.5, type: .planeEstimation)
        var shownAt: Int?
        for k in 1...460 {
            m.beginFrame(at: Double(k) / 60)
            m.advance()
            if shownAt == nil, m.isShown { shownAt = k }
        }
        #expect(shownAt == 450)
    }

    /// The 6 s auto-hide counts from the frame the message was shown on; the 0.2 s fade takes
    /// 12 frames, eased, from there.
    @Test func aShownMessageHides360FramesLaterAndFadesIn12() {
        let m = StatusMessages()
        m.beginFrame(at: 10.0 / 60)
        m.showMessage("SURFACE DETECTED")
        m.advance()
        #expect(m.alpha == 0)
        var hiddenAt: Int?, opaqueAt: Int?
        for k in 11...400 {
            m.beginFrame(at: Double(k) / 60)
            m.advance()
            if k == 16 { #expect(abs(m.alpha - 0.5) < 1e-6) }   // ease in-out is halfway at half time
            if opaqueAt == nil, m.alpha == 1 { opaqueAt = k }
            if hiddenAt == nil, !m.isShown { hiddenAt = k }
        }
        #expect(opaqueAt == 22 && hiddenAt == 370 && m.alpha == 0)
    }

    /// P18 renderer(_:didAdd:): "TAP +" 7.5 s after the frame the last plane was added on.
    @Test func thePlacementHintComes450FramesAfterTheLastNewPlane() throws {
        let engine = try F.engine()
        var lastPlane = 0, hintAt: Int?
        Self.frames(engine, count: 20 * 60) { k, frame in
            guard hintAt == nil else { return }
            for case .added(_ as PlaneAnchor) in frame.events { lastPlane = k }
            if hintAt == nil, engine.messages.text == "TAP + TO PLACE AN OBJECT" { hintAt = k }
        }
        #expect(lastPlane > 0 && hintAt == lastPlane + 450, "plane \(lastPlane) hint \(String(describing: hintAt))")
    }

    /// P18 restartExperience: a restart at frame k (between frames) is refused until frame k + 300.
    @Test func restartComesBack300FramesLater() throws {
        let engine = try F.engine()
        F.run(engine, seconds: 1)
        let k = engine.session.clock.frame
        #expect(engine.restartExperience())
        var availableAt: Int?
        Self.frames(engine, count: 320) { frame, _ in
            if availableAt == nil, engine.isRestartAvailable { availableAt = frame }
        }
        #expect(availableAt == k + 300)
    }

    /// The focus square's keyframes: a 0.5 s tween begun on frame k is at 0 there, halfway on
    /// k + 15 and done on k + 30 (summed steps ended it on k + 31); a chained one starts where
    /// it ended.
    @Test func aTweenOfHalfASecondTakesThirtyFrames() {
        let timeline = Timeline()
        var progress: [Int: Float] = [:], chained: [Int: Float] = [:]
        var k = 7
        timeline.begin(at: Double(k) / 60)
        timeline.run(
            "alignment", duration: 0.5, update: { progress[k] = $0 },
            completion: {
                timeline.run("next", duration: 0.25, update: { chained[k] = $0 })
            })
        timeline.evaluate()
        for frame in 8...60 {
            k = frame
            timeline.begin(at: Double(frame) / 60)
            timeline.evaluate()
        }
        #expect(progress[7] == 0 && abs((progress[22] ?? 0) - 0.5) < 1e-6 && progress[37] == 1 && progress[38] == nil)
        #expect(progress[36].map { $0 < 1 } == true)
        #expect(chained[37] == 0 && chained[52] == 1 && chained[53] == nil)
        #expect(!timeline.isRunning("alignment") && !timeline.isRunning("next"))
    }
}
