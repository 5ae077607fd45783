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
