import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// The shadow map is drawn only when the light or a caster changes: a moving camera reuses it,
/// and a reused map gives the same pixels as a fresh one.
@Suite(.serialized) final class ShadowReuseGLTests {
    let context: HeadlessContext
    static let size = 64

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    /// A box on a floor, in sunlight.
    func scene() -> (Scene, box: Entity) {
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0.4, 1, 0.3)))
        scene.addChild(Entity(name: "floor", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(2, 0.02, 2)), material: Material(name: "floor"))))
        let box = Entity(
            name: "box", transform: Transform(translation: Vec3(0, 0.25, 0)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.3, 0.5, 0.3)), material: Material(name: "box")))
        scene.addChild(box)
        return (scene, box)
    }

    func camera(_ degrees: Float) -> Camera {
        let eye = Matrix4.rotationY(radians(fromDegrees: degrees)).transformPoint(Vec3(0, 1.2, 1.8))
        return .looking(from: eye, at: Vec3(0, 0.2, 0), fovYDegrees: 50)
    }

    func draw(_ renderer: Renderer, _ scene: Scene, _ camera: Camera) throws -> [UInt8] {
        let target = try OffscreenTarget(width: Self.size, height: Self.size, samples: 0)
        try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: true, shadowMapSize: 512)), into: target)
        return target.readPixels()
    }

    @Test func anOrbitingCameraReusesTheMapAndAMovedCasterRedrawsIt() throws {
        let (scene, box) = scene()
        let renderer = try Renderer(context: context)
        for step in 0..<5 { _ = try draw(renderer, scene, camera(Float(step) * 20)) }
        #expect(renderer.shadowPassCount == 1)
        box.transform.translation.x = 0.2
        let moved = try draw(renderer, scene, camera(80))
        #expect(renderer.shadowPassCount == 2)
        scene.lighting.directionToLight = normalize(Vec3(-0.4, 1, 0.3))
        _ = try draw(renderer, scene, camera(80))
        #expect(renderer.shadowPassCount == 3)
        box.isEnabled = false
        _ = try draw(renderer, scene, camera(80))
        #expect(renderer.shadowPassCount == 4)
        // A reused map gives the pixels a fresh renderer draws.
        box.isEnabled = true
        scene.lighting.directionToLight = normalize(Vec3(0.4, 1, 0.3))
        _ = try draw(renderer, scene, camera(0))
        let reused = try draw(renderer, scene, camera(80))
        #expect(renderer.shadowPassCount == 5)
        #expect(reused == moved)
        #expect(try draw(try Renderer(context: context), scene, camera(80)) == reused)
    }

    /// What the caster's material does to the light is part of its shadow: a box turned
    /// half see-through (blended, alpha 0.5) redraws the map, and the floor under it brightens.
    @Test func aCasterTurnedSeeThroughRedrawsTheMap() throws {
        let (scene, box) = scene()
        let renderer = try Renderer(context: context)
        let solid = try draw(renderer, scene, camera(0))
        var glass = Material(name: "box", baseColor: Vec4(1, 1, 1, 0.5))
        glass.blending = .transparent
        box.model?.parts[0].material = glass
        let seeThrough = try draw(renderer, scene, camera(0))
        #expect(renderer.shadowPassCount == 2)
        #expect(solid != seeThrough)
        _ = try draw(renderer, scene, camera(20))
        #expect(renderer.shadowPassCount == 2)   // and nothing else changed: reused
    }

    @Test func aMeshSwappedInPlaceRedrawsTheMap() throws {
        let (scene, box) = scene()
        let renderer = try Renderer(context: context)
        _ = try draw(renderer, scene, camera(0))
        box.model = ModelComponent(mesh: MeshFactory.box(size: Vec3(0.3, 0.5, 0.3)), material: Material(name: "box"))   // same shape, new mesh
        _ = try draw(renderer, scene, camera(0))
        #expect(renderer.shadowPassCount == 2)
    }
}
