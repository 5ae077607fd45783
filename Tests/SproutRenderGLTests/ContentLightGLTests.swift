import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// The content's lights follow `Scene.contentLightIntensity` (P18's key and fill lights at the
/// light estimate); the backdrop (the camera feed) keeps the stage's light.
@Suite(.serialized) final class ContentLightGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    /// A grey box lit by ambient light alone (simple shading: no tone mapping to bend the ratio),
    /// as content and as backdrop, at 1000 and 250 lm:
    /// the content's linear radiance falls to a quarter (sRGB 188 -> 99 for albedo 0.5 under
    /// ambient 1), the backdrop's stays.
    @Test func contentDimsWithTheEstimateAndTheBackdropDoesNot() throws {
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 1, castsShadows: false))
        let box = MeshFactory.box(size: Vec3(1, 1, 1))
        let grey = Material(name: "grey", baseColor: Vec4(0.5, 0.5, 0.5, 1))
        scene.addChild(Entity(name: "content", transform: Transform(translation: Vec3(-0.8, 0, 0)), model: ModelComponent(mesh: box, material: grey)))
        scene.backdrop.addChild(Entity(name: "backdrop", transform: Transform(translation: Vec3(0.8, 0, 0)), model: ModelComponent(mesh: box, material: grey)))
        let camera = Camera.looking(from: Vec3(0, 0, 4), at: .zero, fovYDegrees: 50)
        let renderer = try Renderer(context: context)
        func pixels(at lumens: Float) throws -> (content: UInt8, backdrop: UInt8) {
            scene.contentLightIntensity = lumens
            let target = try OffscreenTarget(width: 64, height: 32, samples: 0)
            try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: false, shading: .simple)), into: target)
            let rgba = target.readPixels()
            func red(x: Int) -> UInt8 { rgba[(16 * 64 + x) * 4] }
            return (red(x: 24), red(x: 40))
        }
        let neutral = try pixels(at: 1000), dim = try pixels(at: 250)
        #expect(neutral.content == 188 && neutral.backdrop == 188)
        #expect(dim.content == 99 && dim.backdrop == 188)
    }
}
