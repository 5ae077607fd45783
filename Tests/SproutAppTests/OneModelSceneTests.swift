import SproutMath
import SproutScene
import SproutSceneFile
import SproutTesting
import Testing
@testable import SproutApp

/// `sprout render MODEL` as a scene of one (`SceneFile.oneModel`): the one render path.
@Suite struct OneModelSceneTests {
    /// The Box sample is a 1 m cube centred on its origin: drawn where its file puts it, framed
    /// from Camera.framing's direction, or from a given position towards its centre.
    @Test func withoutAStageTheModelStaysWhereItsFilePutsIt() throws {
        var file = SceneFile.oneModel(Fixtures.sharedModel("Box/Box.glb"))
        file.width = 64
        file.height = 64
        let view = try SceneView.model(file)
        let bounds = Framing.bounds(of: view.scene.root)
        // (Its node turns it a quarter about x: a last-bit rounding in y and z.)
        #expect(distance(bounds.min, Vec3(-0.5, -0.5, -0.5)) < 1e-6 && distance(bounds.max, Vec3(0.5, 0.5, 0.5)) < 1e-6, "\(bounds)")
        #expect(length(view.target) < 1e-6)
        #expect(view.assets.count == 1 && view.assets[0].summary(named: "box").hasPrefix("box: 1 meshes, 12 triangles"))
        file.camera = .framing(node: nil, position: Vec3(0, 0, 3), lookAt: nil)
        let placed = try SceneView.model(file)
        #expect(length(placed.target) < 1e-6 && placed.camera.position == Vec3(0, 0, 3))
        // Near 5 cm, far max(20 m, ten times the distance): what a given position always had.
        #expect(placed.camera.perspective.near == 0.05 && placed.camera.perspective.far == 30)
    }

    /// On a stage the model stands where the stage's camera looks, seen from that camera.
    @Test func onAStageTheModelStandsWhereItsCameraLooks() throws {
        let file = SceneFile.oneModel(Fixtures.sharedModel("Box/Box.glb"), stage: "tabletop")
        let view = try SceneView.model(file)
        let stage = try Assets.stage("tabletop")
        let models = try #require(view.scene.root.findEntity(named: "models"))
        let bounds = models.visualBounds()
        #expect(abs(bounds.min.y - stage.camera.lookAt.y) < 1e-5)
        #expect(abs(bounds.center.x - stage.camera.lookAt.x) < 1e-5 && abs(bounds.center.z - stage.camera.lookAt.z) < 1e-5)
        #expect(view.target == stage.camera.lookAt && view.camera.position == stage.camera.position)
    }

    /// A model that cannot be loaded is named plainly, not as a line of a scene file.
    @Test func aBrokenModelIsNamedWithoutAScenePlace() throws {
        let error = #expect(throws: AppError.self) { try SceneView.model(SceneFile.oneModel("/nonexistent/x.glb")) }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("/nonexistent/x.glb") && !text.contains("models[0]"), "\(text)")
    }
}
