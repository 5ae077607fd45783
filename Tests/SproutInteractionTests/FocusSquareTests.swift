import SproutMath
import SproutScene
import SproutSession
import Testing
@testable import SproutInteraction

@Suite struct FocusSquareTests {
    @Test(arguments: [(Float(0.35), Float(0.5)), (0.7, 1.0), (1.5, 1.2), (3, 1.575)])
    func scaleGrowsWithDistance(distance: Float, scale: Float) {
        #expect(abs(FocusSquare.scale(forDistance: distance) - scale) < 1e-6)
    }

    @Test func normalizeTurnsByQuarterTurnsToWithin45Degrees() {
        #expect(abs(FocusSquare.normalize(2.0, forMinimalRotationTo: 0) - (2.0 - .pi / 2)) < 1e-6)
        #expect(abs(FocusSquare.normalize(-3.0, forMinimalRotationTo: 0) - (-3.0 + .pi)) < 1e-6)
        #expect(FocusSquare.normalize(0.5, forMinimalRotationTo: 0) == 0.5)
    }

    @Test func theBounceFollowsItsKeyframes() {
        #expect(FocusSquare.bounceScale(at: 0) == 0.17)
        #expect(abs(FocusSquare.bounceScale(at: 0.25) - 0.1955) < 1e-6)
        #expect(abs(FocusSquare.bounceScale(at: 0.5) - 0.1955) < 1e-6)
        #expect(abs(FocusSquare.bounceScale(at: 0.75) - 0.159953) < 1e-6)
        #expect(abs(FocusSquare.bounceScale(at: 1) - 0.1649) < 1e-6)
    }

    @Test func segmentsSitWhereTheSampleDrawsThemAndOpenBy015() {
        let square = FocusSquare()
        let positions = square.segments.map { $0.geometry(openness: 0).position }
        let expected: [Vec2] = [
            Vec2(-0.241, -0.491), Vec2(0.241, -0.491), Vec2(-0.5, -0.25), Vec2(0.5, -0.25),
            Vec2(-0.5, 0.25), Vec2(0.5, 0.25), Vec2(-0.241, 0.491), Vec2(0.241, 0.491)
        ]
        for (p, e) in zip(positions, expected) { #expect(length(p - e) < 1e-6) }
        let s1 = square.segments[0]
        #expect(s1.geometry(openness: 0).size == Vec2(0.5, 0.018))
        let open = s1.geometry(openness: 1)
        #expect(abs(open.size.x - 0.2) < 1e-6)
        #expect(abs(open.position.x - (-0.241 - 0.15)) < 1e-6)
        let s3 = square.segments[2].geometry(openness: 1)
        #expect(abs(s3.size.y - 0.2) < 1e-6 && abs(s3.position.y - (-0.25 - 0.15)) < 1e-6)   // "up" is y -
    }

    @Test func openingIsGatedAndTakes0175SecondsThenPulses() {
        let square = FocusSquare()
        let camera = DeviceCamera(stageCamera: StageCamera())
        square.setState(.initializing, camera: camera)
        #expect(square.isOpen && square.isAnimating)
        square.advance(by: 0.17)
        #expect(square.isAnimating)
        square.advance(by: 0.01)
        #expect(!square.isAnimating && square.openness == 1)
        #expect(abs(square.positioningScale - 0.17) < 1e-6)
        // The pulse: opacity down to 0.4 after 0.5 s, back to 1 after 1 s.
        square.advance(by: 0.5)
        #expect(abs(square.positioningOpacity - 0.4) < 1e-3)
        square.advance(by: 0.5)
        #expect(abs(square.positioningOpacity - 1) < 1e-3)
        // Billboard: 0.8 m ahead of the camera.
        #expect(distance(square.entity.worldPosition, camera.position + camera.forward * 0.8) < 1e-5)
    }

    @Test func closingOnAPlaneFlashesOnlyOnTheFirstVisitAndTakes0525Seconds() throws {
        let square = FocusSquare()
        let session = Session(stage: try InteractionFixture.tabletop(), seed: 3)
        session.run(.worldTracking)
        for _ in 0..<300 { session.update(deltaTime: 1.0 / 60) }
        let device = session.device
        let hit = try #require(SmartHitTest.hit(session, at: device.viewport.center))
        #expect(hit.anchor != nil)
        square.setState(.initializing, camera: device)
        square.advance(by: 0.2)
        square.setState(.detecting(hit, camera: device), camera: device)
        #expect(!square.isOpen && square.isAnimating)
        #expect(square.stateDescription == "closed")
        square.advance(by: 0.5)
        square.advance(by: 0.024)
        #expect(square.isAnimating)   // 0.524 s
        square.advance(by: 0.002)   // 0.526 s: 0.35 s fade then 0.175 s of closing
        #expect(!square.isAnimating && square.openness == 0)
        #expect(square.anchorsOfVisitedPlanes.contains(hit.anchor!.identifier))
        square.advance(by: 0.3)
        #expect(abs(square.positioningScale - 0.1649) < 1e-6)   // the bounce ends at the closed size
        // Opening again while closing is dropped, not queued.
        square.setState(.initializing, camera: device)
        #expect(square.isOpen)
    }

    @Test func hideAndUnhideFadeOverHalfASecond() {
        let square = FocusSquare()
        #expect(square.opacity == 0)
        square.unhide()
        square.advance(by: 0.25)
        #expect(abs(square.opacity - 0.5) < 1e-6 && square.isDisplayedOnTop)
        square.advance(by: 0.25)
        #expect(square.opacity == 1)
        square.hide()
        square.advance(by: 0.5)
        #expect(square.opacity == 0 && !square.isDisplayedOnTop && !square.entity.isEnabled)
    }
}
