import SproutMath
import Testing
@testable import SproutSession

@Suite struct RaycastTests {
    let down = Ray(origin: Vec3(0, 1.5, 0), direction: Vec3(0, -1, 0))

    @Test func estimatedPlanesAnswerBeforeAnyAnchor() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop())
        SessionFixture.simulate(session, seconds: 0.1)
        #expect(session.planeAnchors.isEmpty)
        let results = session.raycast(from: session.device.viewport.center, allowing: [.estimatedPlane, .existingPlaneGeometry])
        #expect(results.count == 1)
        let hit = try #require(results.first)
        #expect(hit.target == .estimatedPlane)
        #expect(hit.anchor == nil)
        #expect(hit.alignment == .horizontal)
        // On the table (the screen centre looks at its middle), within the estimate's noise.
        #expect(abs(hit.position.y - 0.74) <= Session.estimatedPlaneErrorBound + 1e-6)
        #expect(abs(hit.position.x) < 0.01 && abs(hit.position.z) < 0.02)
        #expect(abs(hit.distance - distance(hit.position, session.device.position)) < 1e-4)
    }

    @Test func existingPlanesWithinTheirExtentAndAsInfinitePlanes() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop())
        SessionFixture.simulate(session, seconds: 8)
        let table = try #require(session.planeAnchors.first { $0.surfaceName == "table" })
        let onTable = session.raycast(RaycastQuery(ray: down, allowing: [.existingPlaneGeometry]))
        // The table first; the floor's plane, seen under it, further on.
        #expect(onTable.allSatisfy { $0.target == .existingPlaneGeometry })
        #expect(onTable[0].anchor === table)
        #expect(onTable.dropFirst().allSatisfy { $0.anchor?.surfaceName == "floor" })
        #expect(abs(onTable[0].position.y - 0.74) < 0.001)
        // Beside the table (x = 0.7 is 10 cm past its edge): not the table's geometry, but
        // its infinite plane, nearer than the floor's.
        let beside = Ray(origin: Vec3(0.7, 1.5, 0), direction: Vec3(0, -1, 0))
        #expect(session.raycast(RaycastQuery(ray: beside, allowing: [.existingPlaneGeometry])).allSatisfy { $0.anchor?.surfaceName != "table" })
        let infinite = session.raycast(RaycastQuery(ray: beside, allowing: [.existingPlaneInfinite]))
        #expect(infinite.first?.anchor === table)
        #expect(infinite.map(\.distance) == infinite.map(\.distance).sorted())
        #expect(infinite.contains { $0.anchor?.surfaceName == "floor" })
    }

    @Test func alignmentFiltersAndDistanceOrder() throws {
        var stage = SessionFixture.floorStage()
        stage.surfaces.append(StageSurface(name: "wall", alignment: .vertical, position: Vec3(0, 1.5, -2), size: Vec2(6, 3), detail: 1))
        let session = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.6, 1), at: Vec3(0, 0.8, -2)))
        SessionFixture.simulate(session, seconds: 6)
        #expect(session.planeAnchors.count == 2)
        // A ray down and forward meets the floor plane (y = 0) and the wall plane (z = -2).
        let ray = Ray(origin: Vec3(0, 1, 0), direction: Vec3(0, -0.4, -1))
        let any = session.raycast(RaycastQuery(ray: ray, allowing: [.existingPlaneInfinite], alignment: .any))
        #expect(any.map(\.alignment) == [.vertical, .horizontal])   // the wall at 2.15 m, the floor at 2.69 m
        #expect(any.map(\.distance) == any.map(\.distance).sorted())
        #expect(session.raycast(RaycastQuery(ray: ray, allowing: [.existingPlaneInfinite], alignment: .horizontal)).map(\.alignment) == [.horizontal])
        #expect(session.raycast(RaycastQuery(ray: ray, allowing: [.existingPlaneInfinite], alignment: .vertical)).map(\.alignment) == [.vertical])
        let wallHit = try #require(session.raycast(RaycastQuery(ray: ray, allowing: [.estimatedPlane], alignment: .vertical)).first)
        #expect(abs(wallHit.position.z + 2) <= Session.estimatedPlaneErrorBound + 1e-6)
        #expect(wallHit.worldTransform.columns.1.xyz.isApproximately(Vec3(0, 0, 1), tolerance: 1e-5))
        // The estimated floor is hidden behind the wall.
        #expect(session.raycast(RaycastQuery(ray: ray, allowing: [.estimatedPlane], alignment: .horizontal)).isEmpty)
    }

    @Test func planesAreNotHitFromBehindAndNothingAnswersWithoutTracking() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop())
        SessionFixture.simulate(session, seconds: 4)
        let up = Ray(origin: Vec3(0, 0.3, 0), direction: Vec3(0, 1, 0))
        #expect(session.raycast(RaycastQuery(ray: up, allowing: Set(RaycastTarget.allCases))).isEmpty)
        session.interrupt()
        session.update(deltaTime: 1.0 / 60)
        #expect(session.raycast(RaycastQuery(ray: down, allowing: Set(RaycastTarget.allCases))).isEmpty)
    }

    @Test func estimatedPlanesNeedDetail() {
        let stage = Stage(name: "blank", surfaces: [StageSurface(name: "glass", alignment: .horizontal, position: .zero, size: Vec2(4, 4), detail: 0.01)])
        let session = SessionFixture.running(stage)
        SessionFixture.simulate(session, seconds: 0.1)
        #expect(session.raycast(RaycastQuery(ray: down, allowing: [.estimatedPlane])).isEmpty)
    }
}
