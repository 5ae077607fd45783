import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import Testing
@testable import SproutApp

/// A stage made from a room model, end to end: the built-in model room imported through
/// Assimp, its planes found on the model, and a script placing, snapping and dragging on it.
@Suite struct StageModelsTests {
    @Test func theModelRoomsFlatPartsBecomeItsSurfaces() throws {
        let stage = try Assets.stage("model-room")
        let geometry = try #require(stage.geometry)
        #expect(geometry.bvh.triangleCount == 240)   // LivingRoomModel: 20 boxes
        let table = try #require(stage.surfaces.first { $0.isFromModel && $0.alignment == .horizontal && abs($0.frame.center.y - 0.74) < 1e-5 })
        #expect(table.frame.center.isApproximately(LivingRoomModel.tableCenter, tolerance: 1e-5))
        #expect(abs(table.size.x - 1.2) < 1e-4 && abs(table.size.y - 0.8) < 1e-4)
        #expect(stage.surfaces.contains { $0.isFromModel && $0.alignment == .horizontal && $0.frame.center.y == 0 })   // the floor
        #expect(stage.surfaces.filter { $0.isFromModel && $0.alignment == .vertical }.count >= 4)   // walls, sofa, poster
    }

    /// `images: [{ name: poster, material: poster, width: 0.6 }]`: the picture is the model's
    /// faces of that material, and the session recognises it there.
    @Test func aPictureFoundByItsMaterialIsRecognisedWhereTheModelHasIt() throws {
        let stage = try Assets.stage("model-room")
        let poster = try #require(stage.image(named: "poster"))
        #expect(poster.alignment == .vertical)
        #expect(poster.frame.center.isApproximately(LivingRoomModel.posterCenter, tolerance: 1e-4))
        #expect(poster.frame.normal.isApproximately(.unitX, tolerance: 1e-4))   // facing into the room, not into the wall
        #expect(abs(poster.physicalSize.y - 0.9) < 1e-4)   // 0.6 wide, as tall as the model's 0.6 x 0.9 poster
        let session = Session(stage: stage, seed: 1)
        session.device.look(from: Vec3(-1.2, 1.5, 0.3), at: Vec3(-2.5, 1.5, 0.3))
        var configuration = SessionConfiguration.worldTracking
        configuration.detectionImages = [ReferenceImage(name: "poster", physicalWidth: 0.6)]
        session.run(configuration)
        for _ in 0..<180 { session.update(deltaTime: 1.0 / 60) }
        let anchor = try #require(session.anchors.compactMap { $0 as? ImageAnchor }.first)
        #expect(anchor.transform.translation.isApproximately(poster.frame.center, tolerance: 1e-5))
        // A material the model does not have is an error naming it.
        var missing = try StageLoader(textureRoot: Assets.directory!).parse(
            "model: rooms/living-room.glb\nimages: [{ name: p, material: velvet, width: 0.3 }]\n", file: "s.yaml")
        missing.geometry = nil
        #expect(throws: StageModelError.self) { try StageModels.attach(missing) }
    }

    @Test func aPlantIsPlacedSnappedAndDraggedOnTheModelRoomsTable() throws {
        let player = try ScriptPlayer(path: Fixtures.repositoryRoot + "/Tests/SproutAppTests/Scenarios/model-room.yaml")
        let failures = try player.run()
        #expect(failures.isEmpty, "\(failures.map(\.description))")
        // The table's plane, found on the model's table top, is at its height within 1 mm.
        let planes = player.runner.engine.session.anchors.compactMap { $0 as? PlaneAnchor }
        let table = try #require(planes.first { abs($0.transform.translation.y - LivingRoomModel.tableHeight) < 0.05 })
        #expect(abs(table.transform.translation.y - LivingRoomModel.tableHeight) <= 0.001)
    }
}
