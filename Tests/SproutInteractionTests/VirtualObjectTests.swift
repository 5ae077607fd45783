import SproutMath
import SproutScene
import SproutSession
import Testing
@testable import SproutInteraction

@Suite struct VirtualObjectTests {
    let camera = Vec3(0, 1, 0)

    @Test func smoothingAveragesTheLastTenDistancesAlongTheNewestDirection() {
        let object = InteractionFixture.pot()
        for d in 1...12 { object.setPosition(camera + Vec3(0, 0, -Float(d)), relativeTo: camera, smoothMovement: true) }
        // Distances 3...12 remain (the last ten), mean 7.5; the 10 m clamp caps 11 and 12 at 10.
        #expect(object.recentDistances == [3, 4, 5, 6, 7, 8, 9, 10, 10, 10])
        #expect(object.transform.translation.isApproximately(camera + Vec3(0, 0, -7.2)))
        // A new direction takes the mean distance at once: [4 ... 10, 10, 10, 2] averages 7.1.
        object.setPosition(camera + Vec3(2, 0, 0), relativeTo: camera, smoothMovement: true)
        #expect(object.transform.translation.isApproximately(camera + Vec3(7.1, 0, 0), tolerance: 1e-5))
    }

    @Test func withoutSmoothingOnlyTheTenMetreClampApplies() {
        let object = InteractionFixture.pot()
        object.setPosition(camera + Vec3(0, 0, -15), relativeTo: camera, smoothMovement: false)
        #expect(object.transform.translation.isApproximately(camera + Vec3(0, 0, -10)))
        #expect(object.recentDistances.isEmpty)   // not appended without smoothing
        object.setPosition(camera + Vec3(3, 0, -4), relativeTo: camera, smoothMovement: false)
        #expect(object.transform.translation.isApproximately(camera + Vec3(3, 0, -4)))
        object.reset()
        #expect(object.recentDistances.isEmpty)
    }

    @Test func rotationWrapsIntoMinusPiToPi() {
        let object = InteractionFixture.pot()
        object.objectRotation = 3 * .pi / 2
        #expect(abs(object.objectRotation - (-.pi / 2)) < 1e-5)
        object.objectRotation -= .pi
        #expect(abs(object.objectRotation - .pi / 2) < 1e-5)
        object.objectRotation = -.pi
        #expect(abs(object.objectRotation - .pi) < 1e-5)   // -pi wraps to pi: the interval is (-pi, pi]
        #expect(abs(object.rotationWhenAlignedHorizontally - .pi) < 1e-5)
    }

    /// A horizontal plane anchor at y = 0.74 over a 1 x 1 m extent centred on the origin.
    private func plane(y: Float = 0.74, extent: Float = 1) -> PlaneAnchor {
        let session = Session(
            stage: Stage(
                name: "one", surfaces: [StageSurface(name: "t", alignment: .horizontal, position: Vec3(0, y, 0), size: Vec2(extent, extent), detail: 1)]))
        session.device.look(from: Vec3(0, y + 1.2, 0.3), at: Vec3(0, y, 0))
        session.run(.worldTracking)
        var anchor: PlaneAnchor?
        for _ in 0..<600 where anchor == nil {
            for case .added(let a as PlaneAnchor) in session.update(deltaTime: 1.0 / 60).events { anchor = a }
        }
        for _ in 0..<900 { session.update(deltaTime: 1.0 / 60) }   // converged and fully grown
        return anchor!
    }

    @Test(arguments: [(Float(0.0005), false), (0.001, false), (0.0011, true), (0.049, true), (0.05, false), (0.06, false), (-0.03, true)])
    func snapsOnlyBetweenOneMillimetreAndFiveCentimetres(offset: Float, snaps: Bool) throws {
        let anchor = plane()
        #expect(anchor.transform.translation.y == 0.74)
        let scene = Scene()
        let object = InteractionFixture.pot()
        scene.addChild(object)
        object.transform.translation = Vec3(0.1, 0.74 + offset, 0.1)
        #expect(object.adjustOntoPlaneAnchor(anchor, scene: scene) == snaps)
        guard snaps else { return }
        // An SCNTransaction: the model value is the plane's height at once (what rules read), so
        // snapping again measures nothing and starts nothing.
        #expect(object.transform.translation.y == 0.74)
        #expect(!object.adjustOntoPlaneAnchor(anchor, scene: scene))
        // What is drawn moves over distance x 500 s (2 mm a second), ease-in-ease-out.
        let duration = Double(abs(offset)) * 500
        scene.update(deltaTime: duration / 2)
        #expect(abs(object.presentedTransform.translation.y - (0.74 + offset / 2)) < 1e-4)   // the ease is symmetric
        #expect(abs(object.presentedWorldMatrix.translation.y - (0.74 + offset / 2)) < 1e-4)
        scene.update(deltaTime: duration / 2)
        #expect(object.presentation == nil && object.presentedTransform.translation.y == 0.74)
    }

    @Test func snappingHonoursTheExtentPlusTenPercentAndTheAlignments() throws {
        let anchor = plane(extent: 1)
        let c = anchor.center, e = anchor.extent
        let scene = Scene()
        let inside = InteractionFixture.pot()
        inside.transform.translation = Vec3(c.x + e.x / 2 + 0.1 * e.x - 0.001, 0.76, 0)
        #expect(inside.adjustOntoPlaneAnchor(anchor, scene: scene))
        let outside = InteractionFixture.pot()
        outside.transform.translation = Vec3(c.x + e.x / 2 + 0.1 * e.x + 0.001, 0.76, 0)
        #expect(!outside.adjustOntoPlaneAnchor(anchor, scene: scene))
        let painting = InteractionFixture.pot("painting", alignments: [.vertical])
        painting.transform.translation = Vec3(0, 0.76, 0)
        #expect(!painting.adjustOntoPlaneAnchor(anchor, scene: scene))
    }
}
