import SproutMath
import Testing
@testable import SproutScene

/// The time rule (README, "Time"): a frame's time is its index over the frame rate; a deadline
/// fires on the first frame at or past it; an animation begun at frame k with duration d is at
/// (t - t_k) / d and ends on the frame where that reaches 1.
@Suite struct TimeRuleTests {
    @Test func theClockCountsFramesOverTheRateWithoutSumming() {
        var clock = SimulationClock()
        for _ in 0..<450 { clock.advance(by: 1.0 / 60) }
        #expect(clock.time == 7.5 && clock.frame == 450)   // summed steps give 7.499999999999886
        for _ in 0..<30 { clock.advance(by: 1.0 / 30) }   // a new rate counts on from 7.5
        #expect(clock.time == 8.5 && clock.frame == 480)
        clock.advance(by: 0.25)
        #expect(clock.time == 8.75)
        clock.advance(by: 0)
        #expect(clock.time == 8.75 && clock.frame == 482)
    }

    @Test func aDeadlineFiresOnTheFirstFrameAtOrPastIt() {
        // 7.5 s after frame 17 at 60 fps is frame 467, though 17/60 + 7.5 rounds above 467/60.
        let start = 17.0 / 60
        #expect(!hasReached(466.0 / 60 - start, 7.5) && hasReached(467.0 / 60 - start, 7.5))
    }

    /// Frames of `scene` from `first` to `last` at 60 fps, each begun at its time and updated.
    static func frames(_ scene: Scene, _ range: ClosedRange<Int>, each: (Int) -> Void = { _ in }) {
        for k in range {
            scene.beginFrame(at: Double(k) / 60)
            scene.update()
            each(k)
        }
    }

    /// Snapping, re-alignment and growth are `Scene.animate`: begun at frame 10 (after the
    /// frame began, as an event of that frame begins it), 0.5 s is 30 frames to the frame.
    @Test func anAnimationBegunAtFrameKIsAtZeroThereAndEndsOnFrameKPlusDurationTimesRate() {
        let scene = Scene()
        let box = Entity(name: "box")
        scene.addChild(box)
        Self.frames(scene, 1...9)
        scene.beginFrame(at: 10.0 / 60)
        scene.animate(box, to: Transform(translation: Vec3(3, 0, 0)), duration: 0.5)
        scene.update()
        #expect(box.transform.translation.x == 0)   // progress 0 on its first frame
        var ended: Int?
        Self.frames(scene, 11...50) { k in
            if k == 25 { #expect(abs(box.transform.translation.x - 1.5) < 1e-5) }   // halfway at frame 25
            if ended == nil, !scene.isAnimating(box) { ended = k }
        }
        #expect(ended == 40 && box.transform.translation.x == 3)
    }

    @Test func aClipBegunInAFrameIsAtItsStartThere() {
        let scene = Scene()
        let root = Entity(name: "root")
        let child = Entity(name: "child")
        root.addChild(child)
        root.animationClips = [
            AnimationClip(
                name: "slide",
                channels: [
                    AnimationChannel(
                        target: EntityPath(childIndices: [0]), property: .translation,
                        sampler: AnimationSampler(interpolation: .linear, times: [0, 1], values: [0, 0, 0, 1, 0, 0], width: 3))
                ])
        ]
        scene.addChild(root)
        scene.beginFrame(at: 5.0 / 60)
        let player = scene.playAnimation(of: root)
        scene.update()
        #expect(player?.time == 0)
        Self.frames(scene, 6...35)
        #expect(abs((player?.time ?? 0) - 0.5) < 1e-12)
    }
}
