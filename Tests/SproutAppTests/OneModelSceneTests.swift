import Foundation
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
        #expect(placed.camera.projection.near == 0.05 && placed.camera.projection.far == 30)
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

    /// A model's named camera is at its node: (0, 0, 5), raised 1 by standing (Assimp 5.2 had
    /// put it at z 10, applying the node's translation twice). On an animated node it follows it: a camera at (0, 0, 5) moved to
    /// (0, 0, 10) over its clip's second is at z 7.5 posed at 0.5 s, and at 10 once the frames
    /// have advanced half a second more (the model stands on the origin: its triangle's lowest
    /// point, y = -1, goes to 0, so the camera sits at y = 1).
    @Test func aNamedCameraFollowsItsAnimatedNode() throws {
        let dir = try Fixtures.temporaryDirectory("scene-camera-follows")
        var bytes: [UInt8] = []
        for v: Float in [-1, -1, 0, 1, -1, 0, 0, 1, 0, 0, 1, 0, 0, 5, 0, 0, 10] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
        let base64 = Data(bytes).base64EncodedString()
        try Fixtures.write(
            """
            {"asset": {"version": "2.0"}, "buffers": [{"byteLength": 68, "uri": "data:application/octet-stream;base64,\(base64)"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 8},
                             {"buffer": 0, "byteOffset": 44, "byteLength": 24}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [-1, -1, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
                           {"bufferView": 2, "componentType": 5126, "count": 2, "type": "VEC3"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
             "cameras": [{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1}}],
             "nodes": [{"name": "tri", "mesh": 0}, {"name": "eye", "camera": 0, "translation": [0, 0, 5]}],
             "animations": [{"name": "dolly", "samplers": [{"input": 1, "output": 2}], "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}]}],
             "scenes": [{"nodes": [0, 1]}], "scene": 0}
            """, to: dir + "/dolly.gltf")
        let file = try SceneFile.parse(
            "size: [64, 64]\ncamera: { name: eye }\nmodels:\n  - { model: \(dir)/dolly.gltf, animation: { clip: dolly, time: 0.5 } }\n",
            file: dir + "/s.yaml")
        let still = try SceneView(file: try SceneFile.parse("size: [64, 64]\ncamera: { name: eye }\nmodels:\n  - \(dir)/dolly.gltf\n", file: dir + "/t.yaml"))
        #expect(still.camera.position == Vec3(0, 1, 5))
        let view = try SceneView(file: file)
        #expect(distance(view.camera(orbitDegrees: 0).position, Vec3(0, 1, 7.5)) < 1e-4)
        view.advanceAnimations(to: 0.5)
        #expect(distance(view.camera(orbitDegrees: 0).position, Vec3(0, 1, 10)) < 1e-4)
        #expect(abs(view.camera.projection.fovY - 0.8) < 1e-6)
    }
}
