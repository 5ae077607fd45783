import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// Meshes outside the view are not drawn, and the picture is the same as drawing them.
@Suite(.serialized) final class FrustumCullingGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    @Test func meshesBehindOrBesideTheCameraAreSkippedWithoutChangingAPixel() throws {
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0.3, 1, 0.2)))
        let box = MeshFactory.box(size: Vec3(0.4, 0.4, 0.4))
        // A row of boxes along x; the camera at the origin looks down -z at the middle ones.
        for x in stride(from: Float(-20), through: 20, by: 2) {
            for z: Float in [-3, 3] {   // in front, and behind the camera
                scene.addChild(
                    Entity(name: "box", transform: Transform(translation: Vec3(x, 0, z)), model: ModelComponent(mesh: box, material: Material(name: "m"))))
            }
        }
        let camera = Camera.looking(from: Vec3(0, 0.5, 0), at: Vec3(0, 0, -3), fovYDegrees: 50)
        let renderer = try Renderer(context: context)
        func draw(culling: Bool) throws -> [UInt8] {
            let target = try OffscreenTarget(width: 96, height: 64, samples: 0)
            try renderer.render(
                scene, view: View(camera: camera, options: RenderOptions(shadows: true, shadowMapSize: 512, frustumCulling: culling)), into: target)
            return target.readPixels()
        }
        let all = try draw(culling: false)
        #expect(renderer.lastCulledCount == 0)
        let culled = try draw(culling: true)
        #expect(renderer.lastCulledCount > 30)   // of 42: every box behind, and those far to the sides
        #expect(renderer.lastCulledCount < 42)
        #expect(culled == all)
        #expect(Frustum(viewProjection: .identity).mayContain(.empty))
    }
}
