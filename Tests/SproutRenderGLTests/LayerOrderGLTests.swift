import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// How the two layers come together: the content's opaque surfaces are drawn before the
/// stage's, so the stage's blended surfaces blend over content behind them, and without
/// occlusion the content lies over the camera feed.
@Suite(.serialized) final class LayerOrderGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    /// A stage's half-transparent red pane in front of a green content box, both unlit (their
    /// colours written as they are): the pane blends over the box (255 x 0.5 of each, 127 or 128
    /// as the blender rounds), and over the black clear colour beside it; with occlusion off the
    /// box is drawn over the camera feed, pane and all (pure green).
    @Test func aStagesBlendedSurfaceBlendsOverContentBehindIt() throws {
        let scene = Scene(lighting: Lighting(castsShadows: false))
        let green = Material(name: "green", baseColor: Vec4(0, 1, 0, 1), isUnlit: true)
        let pane = Material(name: "pane", baseColor: Vec4(1, 0, 0, 0.5), isDoubleSided: true, isUnlit: true, blending: .transparent)
        scene.addChild(
            Entity(
                name: "box", transform: Transform(translation: Vec3(0, 0, -0.5)),
                model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 1, 1)), material: green)))
        scene.backdrop.addChild(
            Entity(
                name: "pane", transform: Transform(translation: Vec3(0, 0, 0.5), rotation: Quaternion(angle: .pi / 2, axis: Vec3(1, 0, 0))),
                model: ModelComponent(mesh: MeshFactory.plane(width: 3, depth: 3), material: pane)))
        let camera = Camera.looking(from: Vec3(0, 0, 4), at: .zero, fovYDegrees: 50)
        let renderer = try Renderer(context: context)
        func pixels(occluding: Bool) throws -> (box: [UInt8], beside: [UInt8]) {
            let target = try OffscreenTarget(width: 64, height: 64, samples: 0)
            let view = View(camera: camera, clearColor: Vec4(0, 0, 0, 1), options: RenderOptions(shadows: false, backdropOccludes: occluding))
            try renderer.render(scene, view: view, into: target)
            let rgba = target.readPixels()
            func rgb(x: Int, y: Int) -> [UInt8] { Array(rgba[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 3]) }
            return (rgb(x: 32, y: 32), rgb(x: 32, y: 4))
        }
        let occluded = try pixels(occluding: true)
        #expect([127, 128].contains(occluded.box[0]) && [127, 128].contains(occluded.box[1]) && occluded.box[2] == 0, "\(occluded.box)")
        #expect([127, 128].contains(occluded.beside[0]) && occluded.beside[1] == 0 && occluded.beside[2] == 0, "\(occluded.beside)")
        let composited = try pixels(occluding: false)
        #expect(composited.box == [0, 255, 0])
        #expect(composited.beside == occluded.beside)
    }
}
