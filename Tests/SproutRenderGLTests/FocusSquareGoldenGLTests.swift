import SproutImage
import SproutInteraction
import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import Testing
@testable import SproutRender

/// The focus square open (searching on an estimated plane) and closed (on the table's plane
/// anchor), looking down at the table from 45 cm, with 4x MSAA for its 1-pixel bars; in the
/// serialized golden suite.
extension RenderGoldenGLTests {
    func focusSquareScene(seconds: Double) throws -> (Scene, Camera, FocusSquare) {
        let stage = try StageLoader.builtIn("tabletop", assetsDirectory: Fixtures.assetsDirectory)
        let scene = Scene(lighting: stage.lighting)
        scene.backdrop.addChild(try StageScene.build(stage, loadTexture: Texture.read))
        let session = Session(stage: stage, seed: 7, viewport: Viewport(width: 720, height: 720))
        session.device.look(from: Vec3(-0.2, 1.19, 0.12), at: Vec3(-0.2, 0.74, -0.05))
        // A narrow lens makes the square about 50 pixels wide in a 96-pixel golden (its apparent
        // size is constant within 0.7 m: scale by distance).
        session.device.fovYDegrees = 25
        let engine = InteractionEngine(session: session, scene: scene)
        for _ in 0..<Int(seconds * 60) { engine.update(deltaTime: 1.0 / 60) }
        return (scene, session.device.camera, engine.focusSquare)
    }

    @Test func focusSquareOpenOnAnEstimatedPlane() throws {
        let (scene, camera, square) = try focusSquareScene(seconds: 1.1)
        #expect(square.stateDescription == "open")
        try Golden.check(try render(scene, camera: camera, samples: 4, shadows: false), against: Self.goldens + "focus-square-open.png", tolerance: tolerance)
    }

    @Test func focusSquareClosedOnTheTablePlane() throws {
        let (scene, camera, square) = try focusSquareScene(seconds: 4)
        #expect(square.stateDescription == "closed" && !square.isAnimating)
        try Golden.check(try render(scene, camera: camera, samples: 4, shadows: false), against: Self.goldens + "focus-square-closed.png", tolerance: tolerance)
    }
}
