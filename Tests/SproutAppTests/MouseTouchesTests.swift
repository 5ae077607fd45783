import SproutInteraction
import SproutMath
import SproutWindow
import Testing
@testable import SproutApp

@Suite struct MouseTouchesTests {
    @Test func theLeftButtonIsOneFinger() {
        var mouse = MouseTouches()
        #expect(mouse.touches(for: .mouseMoved(to: Vec2(5, 5)), at: 0).isEmpty)
        #expect(mouse.touches(for: .mouseDown(.left, at: Vec2(10, 20)), at: 1) == [TouchEvent(id: 1, location: Vec2(10, 20), phase: .began, timestamp: 1)])
        #expect(mouse.touches(for: .mouseMoved(to: Vec2(15, 20)), at: 2).map(\.phase) == [.moved])
        #expect(mouse.touches(for: .mouseUp(.left, at: Vec2(15, 20)), at: 3).map(\.phase) == [.ended])
    }

    @Test func theRightButtonIsTwoFingersAndTheWheelTwistsThem() {
        var mouse = MouseTouches()
        let down = mouse.touches(for: .mouseDown(.right, at: Vec2(100, 100)), at: 0)
        #expect(down.map(\.location) == [Vec2(60, 100), Vec2(140, 100)])
        let moved = mouse.touches(for: .mouseMoved(to: Vec2(110, 100)), at: 1)
        #expect(moved.map(\.location) == [Vec2(70, 100), Vec2(150, 100)])
        let twisted = mouse.touches(for: .scrolled(by: Vec2(0, 9)), at: 2)   // 9 steps of 10 degrees
        #expect(length(twisted[0].location - Vec2(110, 60)) < 1e-3 && length(twisted[1].location - Vec2(110, 140)) < 1e-3)
        // The same twist through the rotation recognizer: a quarter turn clockwise on screen.
        var rotation = RotationGesture()
        rotation.handle(down)
        rotation.handle(moved)
        rotation.handle(twisted)
        #expect(abs(rotation.rotation - .pi / 2) < 1e-4)
        #expect(mouse.touches(for: .mouseUp(.right, at: Vec2(110, 100)), at: 3).map(\.phase) == [.ended, .ended])
        #expect(mouse.touches(for: .scrolled(by: Vec2(0, 1)), at: 4).isEmpty)   // a wheel alone is not a touch
    }
}
