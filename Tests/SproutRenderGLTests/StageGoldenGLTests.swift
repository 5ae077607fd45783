import SproutImage
import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import Testing
@testable import SproutRender

/// The default stage as the device sees it, in the same serialized suite as the other goldens.
extension RenderGoldenGLTests {
    /// 16:9 like the device's default viewport, still small (engineering notes 3.3).
    static let stageSize = (width: 128, height: 72)

    func stageScene(planesAfter seconds: Double?) throws -> (Scene, Camera) {
        let stage = try StageLoader.builtIn("tabletop", assetsDirectory: Fixtures.assetsDirectory)
        let scene = Scene(lighting: stage.lighting)
        scene.backdrop.addChild(try StageScene.build(stage, loadTexture: Texture.read))
        let session = Session(stage: stage, seed: 7, viewport: Viewport(width: 1280, height: 720))
        if let seconds {
            let planes = PlaneAnchorVisualizer()
            scene.addChild(planes.root)
            session.run(.worldTracking)
            for _ in 0..<Int(seconds * 60) {
                for event in session.update(deltaTime: 1.0 / 60).events { planes.apply(event) }
            }
            #expect(planes.count >= 2)
        }
        return (scene, session.device.camera)
    }

    func renderStage(_ scene: Scene, camera: Camera) throws -> Image {
        try context.makeCurrent()
        let (w, h) = Self.stageSize
        let target = try OffscreenTarget(width: w, height: h, samples: 0)
        try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadowMapSize: 512)), into: target)
        return Image(width: w, height: h, pixels: target.readPixels())
    }

    @Test func tabletopStageFromTheDefaultCamera() throws {
        let (scene, camera) = try stageScene(planesAfter: nil)
        try Golden.check(try renderStage(scene, camera: camera), against: Self.goldens + "stage-tabletop.png", tolerance: tolerance)
    }

    @Test func tabletopStageWithDetectedPlanes() throws {
        let (scene, camera) = try stageScene(planesAfter: 6)
        try Golden.check(try renderStage(scene, camera: camera), against: Self.goldens + "stage-tabletop-planes.png", tolerance: tolerance)
    }
}
