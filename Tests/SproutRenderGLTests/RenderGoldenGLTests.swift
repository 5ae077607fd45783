import SproutAssets
import SproutHeadless
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender
import SproutGolden

/// Small headless renderings compared with PNG goldens (engineering notes 3.3).
/// One context for the suite; serialized because GL state belongs to a thread.
@Suite(.serialized) final class RenderGoldenGLTests {
    let context: HeadlessContext
    let renderer: Renderer
    static let size = 96
    static let goldens = Fixtures.repositoryRoot + "/Tests/SproutRenderGLTests/Goldens/"

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    /// llvmpipe made the goldens; elsewhere the looser profile applies (and the test says so).
    var tolerance: ImageTolerance {
        renderer.info.isSoftware ? .strict : .foreignRasterizer
    }

    func render(_ scene: Scene, camera: Camera, samples: Int = 0, shadows: Bool = true) throws -> Image {
        try context.makeCurrent()
        let target = try OffscreenTarget(width: Self.size, height: Self.size, samples: samples)
        try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: shadows, shadowMapSize: 512)), into: target)
        return Image(width: Self.size, height: Self.size, pixels: target.readPixels())
    }

    func modelScene(_ path: String) throws -> (Scene, Camera) {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel(path))
        let scene = Scene(lighting: Lighting(castsShadows: false))
        scene.addChild(asset.root)
        return (scene, Camera.framing(asset.bounds, aspect: 1))
    }

    @Test func rendererIsLlvmpipe() {
        #expect(renderer.info.isSoftware, "goldens were made on llvmpipe; got \(renderer.info.renderer)")
    }

    @Test func box() throws {
        let (scene, camera) = try modelScene("Box/Box.glb")
        try Golden.check(try render(scene, camera: camera), against: Self.goldens + "box.png", tolerance: tolerance)
    }

    @Test func boxTextured() throws {
        let (scene, camera) = try modelScene("BoxTextured/BoxTextured.glb")
        try Golden.check(try render(scene, camera: camera), against: Self.goldens + "box-textured.png", tolerance: tolerance)
    }

    @Test func duck() throws {
        let (scene, camera) = try modelScene("Duck/Duck.glb")
        try Golden.check(try render(scene, camera: camera), against: Self.goldens + "duck.png", tolerance: tolerance)
    }

    @Test func duckWithFourTimesMSAA() throws {
        let (scene, camera) = try modelScene("Duck/Duck.glb")
        try Golden.check(try render(scene, camera: camera, samples: 4), against: Self.goldens + "duck-msaa4.png", tolerance: tolerance)
    }

    /// A checkerboard texture on a plane seen at a grazing angle: sRGB decoding and mipmapping.
    @Test func texturedPlane() throws {
        var pixels = [UInt8]()
        for y in 0..<64 { for x in 0..<64 { let on = (x / 8 + y / 8) % 2 == 0; pixels += on ? [230, 60, 40, 255] : [240, 240, 240, 255] } }
        let texture = Texture(name: "checker", image: Image(width: 64, height: 64, pixels: pixels))
        let scene = Scene(lighting: Lighting(castsShadows: false))
        scene.addChild(
            Entity(
                model: ModelComponent(
                    mesh: MeshFactory.plane(width: 2, depth: 2, uvScale: 4),
                    material: Material(baseColorTexture: texture))))
        let camera = Camera.looking(from: Vec3(0, 0.6, 1.6), at: Vec3(0, 0, -0.2))
        try Golden.check(try render(scene, camera: camera), against: Self.goldens + "textured-plane.png", tolerance: tolerance)
    }

    /// A box on a ground plane, lit from the upper right: the shadow must fall to the lower left.
    @Test func shadowedObject() throws {
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0.5, 1, 0.3)))
        let ground = Entity(
            model: ModelComponent(
                parts: [ModelPart(mesh: MeshFactory.plane(width: 3, depth: 3), material: .color(sRGB: 0.8, 0.75, 0.65))],
                castsShadow: false))
        let box = Entity(model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.4, 0.8, 0.4)), material: .color(sRGB: 0.2, 0.5, 0.9)))
        box.transform.translation = Vec3(0, 0.4, 0)
        scene.addChild(ground)
        scene.addChild(box)
        let camera = Camera.looking(from: Vec3(0, 2.2, 2.2), at: Vec3(0, 0.2, 0))
        let image = try render(scene, camera: camera)
        try Golden.check(image, against: Self.goldens + "shadowed-box.png", tolerance: tolerance)
        // The ground is darker where the shadow falls (-x side of the box) than on the lit +x side.
        let unshadowed = try render(scene, camera: camera, shadows: false)
        let mapping = camera.mapping(viewport: Viewport(width: Float(Self.size), height: Float(Self.size)))
        let shadowSpot = mapping.project(Vec3(-0.45, 0, -0.25))!
        let x = Int(shadowSpot.x), y = Int(shadowSpot.y)
        #expect(Int(image[x, y].r) + 20 < Int(unshadowed[x, y].r), "shadow expected at \(x),\(y)")
    }

    @Test func gpuResourcesAreReleasedWhenTheMeshGoes() throws {
        let scene = Scene()
        var entity: Entity? = Entity(model: ModelComponent(mesh: MeshFactory.box(size: .one), material: Material()))
        scene.addChild(entity!)
        let camera = Camera.looking(from: Vec3(0, 1, 3), at: .zero)
        _ = try render(scene, camera: camera)
        #expect(renderer.gpuMeshCount >= 1)
        let before = renderer.gpuMeshCount
        entity?.removeFromParent()
        entity = nil
        _ = try render(scene, camera: camera)
        _ = try render(scene, camera: camera)
        #expect(renderer.gpuMeshCount == before - 1)
    }

    @Test func sharedMeshesAreUploadedOnce() throws {
        let scene = Scene()
        let mesh = MeshFactory.sphere(radius: 0.2)
        for i in 0..<5 {
            let e = Entity(model: ModelComponent(mesh: mesh, material: Material()))
            e.transform.translation = Vec3(Float(i) * 0.5 - 1, 0, 0)
            scene.addChild(e)
        }
        let before = renderer.gpuMeshCount
        _ = try render(scene, camera: Camera.looking(from: Vec3(0, 1, 3), at: .zero), shadows: false)
        #expect(renderer.gpuMeshCount - before <= 1)
        #expect(renderer.lastDrawCount == 5)
    }
}

/// Every GL object a renderer, its targets and its GPU copies create is deleted again once
/// they are gone (the soak check of issue 17; figures in BENCHMARKS.md).
extension RenderGoldenGLTests {
    @Test func everyGLObjectMadeIsDeletedAgain() throws {
        try context.makeCurrent()
        let before = GLObjectCount.onThisThread
        do {
            let renderer = try Renderer()
            let target = try OffscreenTarget(width: 32, height: 32, samples: 4)
            for frame in 0..<20 {
                // A new mesh and texture every frame: their GPU copies must not pile up.
                let scene = Scene()
                let image = Image(width: 2, height: 2, pixels: [UInt8](repeating: UInt8(frame * 10), count: 16))
                let material = Material(baseColorTexture: Texture(name: "t\(frame)", image: image))
                scene.addChild(Entity(name: "box", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 1, 1)), material: material)))
                try renderer.render(scene, view: View(camera: Camera.looking(from: Vec3(2, 2, 2), at: .zero)), into: target)
            }
            #expect(GLObjectCount.onThisThread > before)
            #expect(renderer.gpuMeshCount <= 2 && renderer.gpuTextureCount <= 2)   // freed after the next frame
        }
        #expect(GLObjectCount.onThisThread == before)
    }
}
