import SproutMath
import SproutScene
import Testing
@testable import SproutSession

@Suite struct StageSceneTests {
    @Test func everySurfaceImageAndBlockBecomesAnEntityWithItsTexture() throws {
        let stage = try SessionFixture.tabletop()
        var loaded: [String] = []
        let root = try StageScene.build(stage) { path in
            loaded.append(path)
            return Texture(name: path, image: Image(width: 2, height: 3, fill: (255, 255, 255, 255)))
        }
        #expect(root.children.count == stage.surfaces.count + stage.images.count + stage.blocks.count)
        #expect(loaded == [stage.images[0].texturePath])   // loaded once, only what is used
        let table = try #require(root.findEntity(named: "table"))
        // The table is a 3 cm slab whose top is at 0.74 m, and it casts shadows; the floor does not.
        let bounds = table.visualBounds()
        #expect(abs(bounds.max.y - 0.74) < 1e-6 && abs(bounds.min.y - 0.71) < 1e-6)
        #expect(table.model?.castsShadow == true)
        #expect(root.findEntity(named: "floor")?.model?.castsShadow == false)
        let packet = try #require(root.findEntity(named: "image sunfl"))
        #expect(packet.model?.parts[0].material.baseColorTexture != nil)
        #expect(abs(packet.visualBounds().extents.y) < 1e-6)   // lying flat
    }

    @Test func aTextureThatCannotBeLoadedIsAnError() throws {
        struct Unreadable: Error {}
        #expect(throws: Unreadable.self) { try StageScene.build(try SessionFixture.tabletop()) { _ in throw Unreadable() } }
    }
}

@Suite struct PlaneAnchorVisualizerTests {
    @Test func followsAddedUpdatedAndRemovedPlanes() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop())
        let visualizer = PlaneAnchorVisualizer()
        SessionFixture.simulate(session, seconds: 8) { frame in frame.events.forEach(visualizer.apply) }
        #expect(visualizer.count == session.planeAnchors.count)
        let table = try #require(session.planeAnchors.first { $0.surfaceName == "table" })
        let entity = try #require(visualizer.root.findEntity(named: "plane \(table.identifier)"))
        let bounds = entity.visualBounds()
        // Over the extent, 1 mm above the estimated plane.
        #expect(abs(bounds.extents.x - table.extent.x) < 1e-4 && abs(bounds.extents.z - table.extent.z) < 1e-4)
        #expect(abs(bounds.min.y - (table.transform.translation.y + 0.001)) < 1e-5)
        #expect(entity.model?.parts[0].material.blending == .transparent)
        session.run(.worldTracking, options: [.removeExistingAnchors])
        session.update(deltaTime: 1.0 / 60).events.forEach(visualizer.apply)
        #expect(visualizer.count == 0 && visualizer.root.children.isEmpty)
    }
}

@Suite struct DeviceCameraTests {
    @Test func focalLengthAndProjectionAgree() {
        let device = DeviceCamera(stageCamera: StageCamera())
        // 720 points high, 60 degrees: 360 / tan(30 degrees).
        #expect(abs(device.focalLengthInPoints - 623.5383) < 1e-3)
        // A 1 m wide target 1 m ahead spans the focal length in points.
        var d = device
        d.look(from: .zero, at: Vec3(0, 0, -1))
        let mapping = d.mapping
        let left = mapping.project(Vec3(-0.5, 0, -1))!, right = mapping.project(Vec3(0.5, 0, -1))!
        #expect(abs((right.x - left.x) - d.focalLengthInPoints) < 1e-2)
    }

    @Test func moveKeepsTheOrientationAndTurnKeepsThePosition() {
        var d = DeviceCamera(stageCamera: StageCamera())
        let forward = d.forward
        d.move(by: Vec3(1, 0, 0))
        #expect(d.position.isApproximately(Vec3(1, 1.45, 0.85)))
        #expect(d.forward.isApproximately(forward))
        d.turn(yaw: .pi / 2, pitch: 0)
        #expect(d.position.isApproximately(Vec3(1, 1.45, 0.85)))
        // A quarter turn left about the vertical: the heading rotates, the tilt stays.
        let expected = Quaternion(angle: .pi / 2, axis: .unitY).act(forward)
        #expect(d.forward.isApproximately(expected, tolerance: 1e-5))
    }
}

@Suite struct SurfaceFrameTests {
    @Test func framesFollowARKitsPlaneAnchorConvention() {
        let floor = SurfaceFrame(center: .zero, yaw: 0, alignment: .horizontal)
        #expect(floor.normal == .unitY && floor.xAxis.isApproximately(.unitX) && floor.zAxis.isApproximately(.unitZ))
        let wall = SurfaceFrame(center: Vec3(0, 1, -2), yaw: 0, alignment: .vertical)
        #expect(wall.normal.isApproximately(.unitZ))
        #expect(wall.zAxis.isApproximately(Vec3(0, -1, 0)))   // x right, y out of the wall, z down
        #expect(wall.transform.determinant > 0)
        let p = wall.world(Vec2(0.3, -0.2), height: 0.05)
        #expect(p.isApproximately(Vec3(0.3, 1.2, -1.95)))
        #expect(length(wall.local(p) - Vec2(0.3, -0.2)) < 1e-6)
    }
}
