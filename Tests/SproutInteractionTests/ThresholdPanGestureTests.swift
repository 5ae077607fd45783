import SproutMath
import Testing
@testable import SproutInteraction

@Suite struct ThresholdPanGestureTests {
    private func touch(_ id: Int, _ x: Float, _ y: Float, _ phase: TouchPhase) -> TouchEvent {
        TouchEvent(id: id, location: Vec2(x, y), phase: phase, timestamp: 0)
    }

    /// One finger from (100, 100) moved `dx` points right in one event.
    private func singleFinger(movedBy dx: Float) -> ThresholdPanGesture {
        var pan = ThresholdPanGesture()
        pan.handle([touch(1, 100, 100, .began)])
        pan.handle([touch(1, 100 + dx, 100, .moved)])
        return pan
    }

    @Test func oneTouchCrossesStrictlyAbove30Points() {
        #expect(!singleFinger(movedBy: 29).isThresholdExceeded)
        #expect(!singleFinger(movedBy: 30).isThresholdExceeded)   // strict >
        let crossed = singleFinger(movedBy: 31)
        #expect(crossed.isThresholdExceeded)
        #expect(crossed.translation == .zero)   // restarts from zero
        #expect(crossed.state == .began)
    }

    @Test func belowTheThresholdTheTranslationAccumulates() {
        var pan = singleFinger(movedBy: 20)
        #expect(pan.translation == Vec2(20, 0))
        pan.handle([touch(1, 125, 100, .moved)])
        #expect(!pan.isThresholdExceeded && pan.translation == Vec2(25, 0) && pan.state == .changed)
        pan.handle([touch(1, 131, 100, .moved)])
        #expect(pan.isThresholdExceeded && pan.translation == .zero)
        pan.handle([touch(1, 141, 100, .moved)])
        #expect(pan.translation == Vec2(10, 0))
    }

    /// Two fingers both moving `d` points: 60 points for two or more moved touches.
    private func twoFingers(movedBy d: Float) -> ThresholdPanGesture {
        var pan = ThresholdPanGesture()
        pan.handle([touch(1, 100, 100, .began), touch(2, 200, 100, .began)])
        pan.handle([touch(1, 100, 100 + d, .moved), touch(2, 200, 100 + d, .moved)])
        return pan
    }

    @Test func twoMovingTouchesNeedMoreThan60Points() {
        #expect(!twoFingers(movedBy: 59).isThresholdExceeded)
        #expect(!twoFingers(movedBy: 60).isThresholdExceeded)
        #expect(twoFingers(movedBy: 61).isThresholdExceeded)
    }

    @Test func theCountIsOfTouchesThatMovedInTheEvent() {
        // Two fingers down, only one moves 70 points: the centroid moves 35 > 30, the one-touch threshold.
        var pan = ThresholdPanGesture()
        pan.handle([touch(1, 100, 100, .began), touch(2, 200, 100, .began)])
        pan.handle([touch(1, 170, 100, .moved)])
        #expect(pan.numberOfTouches == 2)
        #expect(pan.isThresholdExceeded)
    }

    @Test func leavingBeganOrChangedResetsTheFlag() {
        var pan = singleFinger(movedBy: 40)
        #expect(pan.isThresholdExceeded)
        #expect(pan.handle([touch(1, 140, 100, .ended)]) == .ended)
        #expect(!pan.isThresholdExceeded)
        var cancelled = singleFinger(movedBy: 40)
        #expect(cancelled.handle([touch(1, 140, 100, .cancelled)]) == .cancelled)
        #expect(!cancelled.isThresholdExceeded)
        // A new gesture starts from possible.
        #expect(cancelled.handle([touch(3, 0, 0, .began)]) == .possible)
    }

    @Test func theBoundingCentreOfTheTouchesIsKept() {
        var pan = ThresholdPanGesture()
        pan.handle([touch(1, 100, 100, .began), touch(2, 300, 200, .began), touch(3, 120, 400, .began)])
        #expect(pan.touchesCenter == Vec2(200, 250))
    }
}

@Suite struct RotationGestureTests {
    @Test func reportsTheTwistPerEventClockwisePositive() {
        var r = RotationGesture()
        r.handle([TouchEvent(id: 1, location: Vec2(0, 0), phase: .began, timestamp: 0), TouchEvent(id: 2, location: Vec2(100, 0), phase: .began, timestamp: 0)])
        #expect(r.state == .possible)
        // Finger 2 goes from (100, 0) to (0, 100): a quarter turn clockwise on a y-down screen.
        r.handle([TouchEvent(id: 2, location: Vec2(70.710678, 70.710678), phase: .moved, timestamp: 0.1)])
        #expect(r.state == .began)
        #expect(abs(r.rotation - .pi / 4) < 1e-5)
        r.handle([TouchEvent(id: 2, location: Vec2(0, 100), phase: .moved, timestamp: 0.2)])
        #expect(r.state == .changed)
        #expect(abs(r.rotation - .pi / 2) < 1e-5)   // accumulated until the consumer zeroes it
        r.rotation = 0
        r.handle([TouchEvent(id: 2, location: Vec2(-70.710678, 70.710678), phase: .moved, timestamp: 0.25)])
        #expect(abs(r.rotation - .pi / 4) < 1e-5)
        r.handle([TouchEvent(id: 2, location: Vec2(0, 100), phase: .ended, timestamp: 0.3)])
        #expect(r.state == .ended)
    }
}

@Suite struct TapGestureTests {
    @Test func aShortStillPressIsATap() {
        var tap = TapGesture()
        #expect(tap.handle([TouchEvent(id: 1, location: Vec2(10, 10), phase: .began, timestamp: 0)]) == nil)
        #expect(tap.handle([TouchEvent(id: 1, location: Vec2(14, 10), phase: .ended, timestamp: 0.2)]) == Vec2(14, 10))
        // Moved 11 points: not a tap.
        _ = tap.handle([TouchEvent(id: 1, location: Vec2(10, 10), phase: .began, timestamp: 1)])
        _ = tap.handle([TouchEvent(id: 1, location: Vec2(21, 10), phase: .moved, timestamp: 1.1)])
        #expect(tap.handle([TouchEvent(id: 1, location: Vec2(10, 10), phase: .ended, timestamp: 1.2)]) == nil)
        // Held 0.6 s: not a tap.
        _ = tap.handle([TouchEvent(id: 1, location: Vec2(10, 10), phase: .began, timestamp: 2)])
        #expect(tap.handle([TouchEvent(id: 1, location: Vec2(10, 10), phase: .ended, timestamp: 2.6)]) == nil)
    }
}
