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

    /// Each pixel is shaded once where content hides the stage: an orthographic view 64 pixels
    /// and 2 m tall (32 pixels a metre) of a 4 m stage wall and a 1 m content card in front of
    /// it, 32 x 32 pixels. With occlusion 4,096 samples pass the depth test, one a pixel; drawn
    /// stage first (without occlusion) the card's 1,024 are shaded twice: 5,120.
    @Test func contentHidingTheStageShadesEachPixelOnce() throws {
        let scene = Scene(lighting: Lighting(castsShadows: false))
        let facing = Quaternion(angle: .pi / 2, axis: Vec3(1, 0, 0))
        func card(_ name: String, side: Float, z: Float) -> Entity {
            Entity(
                name: name, transform: Transform(translation: Vec3(0, 0, z), rotation: facing),
                model: ModelComponent(mesh: MeshFactory.plane(width: side, depth: side), material: Material(name: name, isDoubleSided: true, isUnlit: true)))
        }
        scene.addChild(card("card", side: 1, z: 0))
        scene.backdrop.addChild(card("wall", side: 4, z: -1))
        let camera = Camera(transform: .translation(Vec3(0, 0, 4)), projection: .orthographic(halfHeight: 1, near: 0.1, far: 10))
        let renderer = try Renderer(context: context)
        let target = try OffscreenTarget(width: 64, height: 64, samples: 0)
        func shaded(occluding: Bool) throws -> Int? {
            try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: false, backdropOccludes: occluding)), into: target)
            return renderer.lastShadedSampleCount
        }
        #expect(try shaded(occluding: true) == nil)   // not counted unless asked
        renderer.countsShadedSamples = true
        #expect(try shaded(occluding: true) == 4096)
        #expect(try shaded(occluding: false) == 5120)
    }

    /// A stage surface drawn on top (ignoring depth) stays under the content, as it was: with
    /// one, the stage is drawn first. A red on-top card in front of a green content card: green.
    @Test func contentStaysOverAStageSurfaceDrawnOnTop() throws {
        let scene = Scene(lighting: Lighting(castsShadows: false))
        let facing = Quaternion(angle: .pi / 2, axis: Vec3(1, 0, 0))
        var onTop = Material(name: "label", baseColor: Vec4(1, 0, 0, 1), isDoubleSided: true, isUnlit: true)
        onTop.drawsOnTop = true
        scene.backdrop.addChild(
            Entity(
                name: "label", transform: Transform(translation: Vec3(0, 0, 1), rotation: facing),
                model: ModelComponent(mesh: MeshFactory.plane(width: 1, depth: 1), material: onTop)))
        scene.addChild(
            Entity(
                name: "card", transform: Transform(translation: Vec3(0, 0, -1), rotation: facing),
                model: ModelComponent(
                    mesh: MeshFactory.plane(width: 1, depth: 1),
                    material: Material(name: "card", baseColor: Vec4(0, 1, 0, 1), isDoubleSided: true, isUnlit: true))))
        let camera = Camera(transform: .translation(Vec3(0, 0, 4)), projection: .orthographic(halfHeight: 1, near: 0.1, far: 10))
        let target = try OffscreenTarget(width: 64, height: 64, samples: 0)
        try Renderer(context: context).render(scene, view: View(camera: camera, options: RenderOptions(shadows: false)), into: target)
        let rgba = target.readPixels()
        let center = (32 * 64 + 32) * 4
        #expect(Array(rgba[center..<center + 3]) == [0, 255, 0])
    }
}
