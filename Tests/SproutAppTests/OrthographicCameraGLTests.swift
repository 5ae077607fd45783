import SproutDocument
import SproutImage
import SproutMath
import SproutScene
import SproutSceneFile
import SproutTesting
import Testing
@testable import SproutApp

/// A glTF file's orthographic camera (glTF 2.0 section 3.10.3): its `ymag` is half the view's
/// height at every distance, its `znear` and `zfar` clip, and the picture's aspect gives the width.
@Suite struct OrthographicCameraGLTests {
    /// A 1 m unlit red square facing +Z at the origin; cameras on +Z looking at it: `near` 5 m
    /// away and `far` 40 m away, both orthographic with ymag 1 (a view 2 m tall), `flat` an
    /// orthographic camera with ymag 0, which glTF forbids (Fixtures/README.md).
    static func squareFile(in dir: String) throws -> String {
        let source = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/orthographic-square.gltf"
        try Fixtures.write(try Fixtures.read(source), to: dir + "/square.gltf")
        return dir + "/square.gltf"
    }

    /// Exactly red pixels (unlit, no tone mapping).
    func redPixels(_ image: Image) -> Int {
        stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 255 && image.pixels[$0 + 1] == 0 && image.pixels[$0 + 2] == 0 }.count
    }

    func view(_ camera: String, model: String, size: String = "[64, 64]") throws -> SceneView {
        let dir = Document.folder(of: model)
        try Fixtures.write(
            "size: \(size)\ntoneMapping: none\nshadows: false\ncamera: { name: \(camera) }\nmodels:\n  - \(model)\n", to: dir + "/\(camera).yaml")
        return try SceneView(path: dir + "/\(camera).yaml")
    }

    /// The view is 2 m tall: the 1 m square covers half of 64 pixels each way, 32 x 32 = 1,024
    /// pixels (its edges fall on pixel boundaries), from 5 m and from 40 m alike; a picture twice
    /// as wide shows 4 m across, so the square stays 32 pixels wide, not stretched to 64.
    @Test func theSquareIsTheSameSizeAtEveryDistance() throws {
        let model = try Self.squareFile(in: try Fixtures.temporaryDirectory("ortho-camera"))
        let near = try view("near", model: model)
        let camera = try #require(near.assets.first?.cameras.first { $0.name == "near" })
        #expect(camera.lens == .orthographic(halfHeight: 1, near: 0.1, far: 100) && camera.fovYDegrees == nil)
        #expect(near.camera.projection == .orthographic(halfHeight: 1, near: 0.1, far: 100))
        #expect(redPixels(try SceneView.render(path: Document.folder(of: model) + "/near.yaml")) == 1024)
        _ = try view("far", model: model)
        #expect(redPixels(try SceneView.render(path: Document.folder(of: model) + "/far.yaml")) == 1024)
        _ = try view("near", model: model, size: "[128, 64]")
        #expect(redPixels(try SceneView.render(path: Document.folder(of: model) + "/near.yaml")) == 1024)
    }

    /// KHR_animation_pointer zooms the camera: the fixture's clip takes camera 0's ymag from 1
    /// to 2 over a second, so it is 1.5 posed at 0.5 s and 2 half a second of frames later (on
    /// both nodes sharing the camera); at 2 the view is 4 m tall and the square 64 / 4 = 16
    /// pixels a side: 256 pixels.
    @Test func anAnimationZoomsTheCamera() throws {
        let model = try Self.squareFile(in: try Fixtures.temporaryDirectory("ortho-zoom"))
        let dir = Document.folder(of: model)
        func scene(_ camera: String, time: Double) throws -> String {
            let path = dir + "/zoom-\(camera)-\(time).yaml"
            try Fixtures.write(
                "size: [64, 64]\ntoneMapping: none\nshadows: false\ncamera: { name: \(camera) }\nmodels:\n"
                    + "  - { model: \(model), animation: { clip: zoom, time: \(time) } }\n", to: path)
            return path
        }
        let view = try SceneView(path: try scene("near", time: 0.5))
        #expect(view.camera(orbitDegrees: 0).projection.orthographicHalfHeight == 1.5)
        view.advanceAnimations(to: 0.5)
        #expect(view.camera(orbitDegrees: 0).projection.orthographicHalfHeight == 2)
        #expect(try SceneView(path: try scene("far", time: 0.5)).camera(orbitDegrees: 0).projection.orthographicHalfHeight == 1.5)
        #expect(redPixels(try SceneView.render(path: try scene("near", time: 1))) == 256)
    }

    /// A picture's ray through a pixel runs parallel to the view: picking works under the camera.
    @Test func aTapRayRunsDownTheView() throws {
        let model = try Self.squareFile(in: try Fixtures.temporaryDirectory("ortho-ray"))
        let far = try view("far", model: model)
        let ray = far.camera.mapping(viewport: Viewport(width: 64, height: 64)).unproject(Vec2(48, 16))
        // The square stands on the origin (its lowest point raised to y 0), the camera with it.
        #expect(ray.origin.isApproximately(Vec3(0.5, 1, 40)) && ray.direction.isApproximately(Vec3(0, 0, -1)), "\(ray)")
    }

    /// A camera name the scene file asks for and the file lacks is an error listing the file's
    /// cameras; names from files are escaped (a terminal escape in a node's name is shown, not sent).
    @Test func aMissingCameraListsTheFilesCamerasEscaped() throws {
        let dir = try Fixtures.temporaryDirectory("ortho-names")
        let text = try String(decoding: Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/orthographic-square.gltf"), as: UTF8.self)
        try Fixtures.write(text.replacingOccurrences(of: "\"name\": \"lens\"", with: "\"name\": \"le\\u001b[31mns\""), to: dir + "/square.gltf")
        try Fixtures.write("size: [64, 64]\ncamera: { name: \"top\\e[0m\" }\nmodels:\n  - square.gltf\n", to: dir + "/s.yaml")
        let error = #expect(throws: (any Error).self) { try SceneView(path: dir + "/s.yaml") }
        let message = error.map { "\($0)" } ?? ""
        #expect(
            message.hasSuffix(
                "s.yaml:2: camera.name: no camera named 'top\\u{1b}[0m'; the models' cameras are 'near', 'far', 'flat', 'le\\u{1b}[31mns'"),
            "\(message)")
        #expect(!message.contains("\u{1b}"))
    }

    /// A camera with ymag 0 breaks glTF's rule: said once, and drawn in perspective.
    @Test func aForbiddenOrthographicViewIsWarnedAndDrawnInPerspective() throws {
        let model = try Self.squareFile(in: try Fixtures.temporaryDirectory("ortho-flat"))
        let flat = try view("flat", model: model)
        #expect(!flat.camera.projection.isOrthographic)
        #expect(
            flat.assets.first?.warnings.contains {
                $0.contains("1 orthographic camera(s) without a non-zero ymag and 0 <= znear < zfar (the first: cameras[1])")
            }
                == true, "\(flat.assets.first?.warnings ?? [])")
    }
}
