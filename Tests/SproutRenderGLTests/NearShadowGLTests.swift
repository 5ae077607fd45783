import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// A small caster on a large ground (an island in its sea, a model on a terrain): the whole
/// scene's shadow map spreads its texels over the ground, so the view's near part gets a map of
/// its own, and the caster's shadow is drawn sharp instead of as a faint blob.
@Suite(.serialized) final class NearShadowGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    /// A 20 cm cube on a 200 m grey ground (albedo 0.5), sun from above and to the side, ambient
    /// 0.3, simple shading (no tone mapping): where the sun is wholly hidden the ground is the
    /// ambient alone, 0.5 x 0.3 = 0.15, sRGB 108. The whole map's texels are 41 cm, twice the
    /// cube, and its depth bias (sized for such texels) some 20 cm: the cube's shadow is lost
    /// there. In the near map it is a 20 cm square pushed 20 cm along the ground from the cube,
    /// some 80 pixels of this view where the cube does not hide it.
    func scene() -> Scene {
        let scene = Scene(lighting: Lighting(directionToLight: normalize(Vec3(1, 1, 0.3)), intensity: 1, ambient: 0.3))
        let grey = Material(name: "ground", baseColor: Vec4(0.5, 0.5, 0.5, 1), roughness: 1)
        scene.addChild(Entity(name: "ground", model: ModelComponent(mesh: MeshFactory.plane(width: 200, depth: 200), material: grey)))
        scene.addChild(
            Entity(
                name: "cube", transform: Transform(translation: Vec3(0, 0.1, 0)),
                model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, 0.2, 0.2)), material: grey)))
        return scene
    }

    /// Pixels of the ground in the sun's full shadow (red within a level of 108).
    func fullyShadowed(_ renderer: Renderer, _ scene: Scene, from eye: Vec3, near: Bool) throws -> Int {
        let target = try OffscreenTarget(width: 96, height: 96, samples: 0)
        let camera = Camera.looking(from: eye, at: Vec3(-0.2, 0, 0), fovYDegrees: 50, near: 0.05, far: 10)
        let options = RenderOptions(shadows: true, shading: .simple, nearShadowMap: near)
        try renderer.render(scene, view: View(camera: camera, options: options), into: target)
        let pixels = target.readPixels()
        return stride(from: 0, to: pixels.count, by: 4).filter { abs(Int(pixels[$0]) - 108) <= 1 }.count
    }

    @Test func aSmallCastersShadowOnALargeGroundIsDrawnSharp() throws {
        let scene = scene()
        let renderer = try Renderer(context: context)
        let eye = Vec3(0.2, 1.2, 1.2)
        #expect(try fullyShadowed(renderer, scene, from: eye, near: false) == 0)
        #expect(renderer.nearShadowPassCount == 0)
        let sharp = try fullyShadowed(renderer, scene, from: eye, near: true)
        #expect(sharp > 40, "\(sharp) pixels in full shadow")
        #expect(renderer.nearShadowPassCount == 1)
        // The same view again reuses both maps; a view from elsewhere draws the near one again.
        _ = try fullyShadowed(renderer, scene, from: eye, near: true)
        #expect(renderer.nearShadowPassCount == 1 && renderer.shadowPassCount == 1)
        _ = try fullyShadowed(renderer, scene, from: Vec3(-0.8, 1.0, 1.4), near: true)
        #expect(renderer.nearShadowPassCount == 2 && renderer.shadowPassCount == 1)
    }

    /// A half-transparent 20 cm card held 10 cm over the same ground lets half the sun through:
    /// the near map's own translucent layer draws that half shadow (ground pixels between the
    /// full shadow's 108 and the lit ground); the whole map's bias lifts it off, as the cube's.
    @Test func aBlendedCastersShadowOnALargeGroundIsDrawnToo() throws {
        let scene = Scene(lighting: Lighting(directionToLight: normalize(Vec3(1, 1, 0.3)), intensity: 1, ambient: 0.3))
        let grey = Material(name: "ground", baseColor: Vec4(0.5, 0.5, 0.5, 1), roughness: 1)
        scene.addChild(Entity(name: "ground", model: ModelComponent(mesh: MeshFactory.plane(width: 200, depth: 200), material: grey)))
        let glass = Material(name: "glass", baseColor: Vec4(0.5, 0.5, 0.5, 0.5), roughness: 1, isDoubleSided: true)
        scene.addChild(
            Entity(
                name: "card", transform: Transform(translation: Vec3(0, 0.1, 0)),
                model: ModelComponent(mesh: MeshFactory.plane(width: 0.2, depth: 0.2), material: glass)))
        let renderer = try Renderer(context: context)
        func halfShadowed(near: Bool) throws -> Int {
            let target = try OffscreenTarget(width: 96, height: 96, samples: 0)
            let camera = Camera.looking(from: Vec3(0.2, 1.2, 1.2), at: Vec3(-0.2, 0, 0), fovYDegrees: 50, near: 0.05, far: 10)
            try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: true, shading: .simple, nearShadowMap: near)), into: target)
            let pixels = target.readPixels()
            let reds = stride(from: 0, to: pixels.count, by: 4).map { Int(pixels[$0]) }
            let lit = Dictionary(grouping: reds, by: { $0 }).max { $0.value.count < $1.value.count }!.key   // the ground, mostly lit
            return reds.filter { $0 > 108 + 8 && $0 < lit - 8 }.count
        }
        #expect(try halfShadowed(near: false) == 0)
        let drawn = try halfShadowed(near: true)
        #expect(drawn > 40, "\(drawn) pixels in half shadow")
    }
}
