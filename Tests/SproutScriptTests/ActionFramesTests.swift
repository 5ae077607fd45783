import SproutInteraction
import SproutMath
import SproutScene
import Testing
@testable import SproutScript

/// The one gesture synthesiser: each step's frames, whose number is the step's frame count.
@Suite struct ActionFramesTests {
    @Test func aTwoFingerPanIsDownMovesAndUpFortyPointsApart() {
        let frames = Action.pan(from: Vec2(100, 200), to: Vec2(160, 200), touches: 2, duration: 0.05, easing: .linear).frames(fps: 60)
        #expect(frames.count == 5)   // down, 3 moves (0.05 s at 60 fps), up
        #expect(frames[0].touches == [.init(id: 1, location: Vec2(80, 200), phase: .began), .init(id: 2, location: Vec2(120, 200), phase: .began)])
        #expect(frames[2].touches.map(\.location) == [Vec2(120, 200), Vec2(160, 200)])   // 2 of 3 moves: 40 points along
        #expect(frames[4].touches.map(\.phase) == [.ended, .ended] && frames[4].touches[0].location == Vec2(140, 200))
    }

    @Test func aTwistTurnsTwoFingersAboutTheCentre() {
        let frames = Action.rotate(center: Vec2(0, 0), angle: .pi / 2, radius: 60, duration: 0.1, easing: .linear).frames(fps: 10)
        #expect(frames.count == 3)
        #expect(frames[1].touches.map(\.phase) == [.moved, .moved])
        let end = frames[2].touches.map(\.location)
        #expect(abs(end[0].x) < 1e-4 && abs(end[0].y + 60) < 1e-4 && abs(end[1].y - 60) < 1e-4)   // finger 2 below the centre: clockwise
    }

    @Test func aDragSlidesPastTheThresholdThenHoldsWhileTheDeviceMoves() {
        let motion = DeviceMotion(target: .moveBy(Vec3(0.3, 0, 0)), lookAt: nil, rotation: nil, duration: 0)
        let frames = Action.drag(at: Vec2(10, 10), hold: 0.5, device: motion).frames(fps: 10)
        #expect(frames.count == 9)   // down, two slides, 5 held, up
        #expect(frames[2].touches == [.init(id: 1, location: Vec2(42, 10), phase: .moved)] && frames[2].device == nil)
        #expect(frames[3].device?.progress == 0.2 && frames[7].device?.progress == 1)
        #expect(frames[8].touches[0].phase == .ended && frames[8].device == nil)
    }

    @Test func stepsWithoutFramesHaveNone() {
        #expect(Action.place("pot").frames(fps: 60).isEmpty)
        #expect(Action.device(DeviceMotion(target: .stay, lookAt: Vec3(0, 0, -1), rotation: nil, duration: 0)).frames(fps: 60).isEmpty)
        #expect(Action.wait(1).frames(fps: 60).count == 60 && Action.tap(Vec2(1, 2)).frames(fps: 60).count == 2)
    }
}
