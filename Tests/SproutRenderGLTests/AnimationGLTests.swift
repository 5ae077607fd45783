import SproutAssets
import SproutHeadless
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender
import SproutGolden

/// Skins and morph targets drawn on the GPU where the CPU arithmetic puts them, shadows that
/// follow the pose, and the Fox walking (issue 28).
@Suite(.serialized) final class AnimationGLTests {
    let context: HeadlessContext
    let renderer: Renderer

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    func render(_ scene: Scene, camera: Camera, width: Int = 64, height: Int = 64, samples: Int = 0) throws -> Image {
        try context.makeCurrent()
        let target = try OffscreenTarget(width: width, height: height, samples: samples)
        try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadowMapSize: 512)), into: target)
        return Image(width: width, height: height, pixels: target.readPixels())
    }

    /// Red pixels (unlit red on the grey-blue clear colour) in columns `columns`.
    func redPixels(_ image: Image, columns: Range<Int>) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in columns {
                let i = (y * image.width + x) * 4
                if image.pixels[i] > 200 && image.pixels[i + 1] < 60 { count += 1 }
            }
        }
        return count
    }

    let red = Material(baseColor: Vec4(1, 0, 0, 1), isDoubleSided: true, isUnlit: true)
    /// Looking down -Z at the origin; x in [-1, 1] fills the 64 columns (tan 45 deg = 1 at distance 1).
    let camera = Camera.looking(from: Vec3(0, 0, 1), at: .zero, fovYDegrees: 90)

    /// A quad left of centre, skinned to one joint that moves it 1 m to the right.
    @Test func aSkinnedMeshIsDrawnWhereItsJointIs() throws {
        let scene = Scene(lighting: Lighting(castsShadows: false))
        let mesh = Mesh(
            positions: [Vec3(-0.9, -0.2, 0), Vec3(-0.5, -0.2, 0), Vec3(-0.5, 0.2, 0), Vec3(-0.9, 0.2, 0)],
            indices: [0, 1, 2, 0, 2, 3], joints: [Array(repeating: SIMD4(0, 0, 0, 0), count: 4)],
            weights: [Array(repeating: Vec4(1, 0, 0, 0), count: 4)])
        let model = Entity(name: "model"), body = Entity(name: "body"), joint = Entity(name: "joint")
        model.addChild(body)
        model.addChild(joint)
        var skin = Skin(joints: [EntityPath(levelsUp: 1, childIndices: [1])], inverseBindMatrices: [.identity])
        skin.computeJointBounds(of: [mesh])
        body.model = ModelComponent(parts: [ModelPart(mesh: mesh, material: red)], skin: skin)
        scene.addChild(model)
        let bound = try render(scene, camera: camera)
        #expect(redPixels(bound, columns: 0..<32) > 100 && redPixels(bound, columns: 32..<64) == 0)
        joint.transform.translation = Vec3(1, 0, 0)
        let moved = try render(scene, camera: camera)
        #expect(redPixels(moved, columns: 0..<32) == 0 && redPixels(moved, columns: 32..<64) > 100)
        // As many pixels either way: the GPU moved the quad whole, as `deformedPositions` does.
        #expect(redPixels(moved, columns: 32..<64) == redPixels(bound, columns: 0..<32))
        // The posed box went with it, so culling keeps it.
        #expect(renderer.lastCulledCount == 0)
    }

    /// A target that moves the quad 1 m right, at weight 0, 0.5 and 1.
    @Test func morphTargetsAreWeightedOnTheGPU() throws {
        let scene = Scene(lighting: Lighting(castsShadows: false))
        let positions = [Vec3(-0.9, -0.2, 0), Vec3(-0.5, -0.2, 0), Vec3(-0.5, 0.2, 0), Vec3(-0.9, 0.2, 0)]
        let mesh = Mesh(
            positions: positions, indices: [0, 1, 2, 0, 2, 3],
            morphTargets: [MorphTarget(positionOffsets: Array(repeating: Vec3(1, 0, 0), count: 4))])
        let entity = Entity(name: "morphed", model: ModelComponent(parts: [ModelPart(mesh: mesh, material: red)], morphWeights: [0]))
        scene.addChild(entity)
        let still = try render(scene, camera: camera)
        entity.model?.morphWeights = [1]
        let full = try render(scene, camera: camera)
        #expect(redPixels(still, columns: 0..<32) > 100 && redPixels(full, columns: 0..<32) == 0)
        #expect(redPixels(full, columns: 32..<64) == redPixels(still, columns: 0..<32))
        // Half way: x from -0.4 to 0, columns 19 to 32 (the CPU path agrees).
        entity.model?.morphWeights = [0.5]
        let half = try render(scene, camera: camera)
        #expect(mesh.deformedPositions(by: MeshDeformation(morphWeights: [0.5]))[1] == Vec3(0, -0.2, 0))
        #expect(redPixels(half, columns: 32..<64) == 0 && redPixels(half, columns: 19..<32) > 100)
    }

    /// glTF TANGENT targets turn the tangent frame a normal map is read in: a texel tilted along
    /// +u lights a quad from the right with its stored tangent +x; a target of (-1, 1, 0) at
    /// weight 1 turns the tangent to +y, exactly as a quad stored with tangent +y (the same
    /// pixels), which faces that light less.
    @Test func tangentTargetsTurnTheNormalMapsFrame() throws {
        let lighting = Lighting(directionToLight: Vec3(1, 0, 0.5), intensity: 1, ambient: 0, castsShadows: false)
        let positions = [Vec3(-0.5, -0.5, 0), Vec3(0.5, -0.5, 0), Vec3(0.5, 0.5, 0), Vec3(-0.5, 0.5, 0)]
        var material = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1)
        material.normalTexture = Texture(name: "along u", image: Image(width: 1, height: 1, pixels: [218, 128, 218, 255]), colorSpace: .linear)
        func quad(tangent: Vec3, targets: [MorphTarget] = [], weights: [Float] = []) throws -> Image {
            let scene = Scene(lighting: lighting)
            let mesh = Mesh(
                positions: positions, normals: Array(repeating: .unitZ, count: 4),
                uvs: [Vec2(0, 1), Vec2(1, 1), Vec2(1, 0), Vec2(0, 0)],
                tangents: Array(repeating: Vec4(tangent.x, tangent.y, tangent.z, 1), count: 4), indices: [0, 1, 2, 0, 2, 3],
                morphTargets: targets)
            scene.addChild(Entity(name: "quad", model: ModelComponent(parts: [ModelPart(mesh: mesh, material: material)], morphWeights: weights)))
            return try render(scene, camera: camera)
        }
        let turn = MorphTarget(positionOffsets: Array(repeating: .zero, count: 4), tangentOffsets: Array(repeating: Vec3(-1, 1, 0), count: 4))
        let alongX = try quad(tangent: .unitX), alongY = try quad(tangent: .unitY)
        let still = try quad(tangent: .unitX, targets: [turn], weights: [0])
        let turned = try quad(tangent: .unitX, targets: [turn], weights: [1])
        let centre = (32 * 64 + 32) * 4
        #expect(alongX.pixels[centre] > alongY.pixels[centre] + 20, "\(alongX.pixels[centre]) against \(alongY.pixels[centre])")
        func differingBytes(_ a: Image, _ b: Image) -> Int { zip(a.pixels, b.pixels).filter { $0 != $1 }.count }
        #expect(differingBytes(still, alongX) == 0)
        #expect(differingBytes(turned, alongY) == 0)
    }

    /// A morphed mesh's first draw in a shadowed frame is lit as a rigid one in the same place:
    /// making its offsets' texture once bound it over the shadow map (the unit active then), and
    /// the surface read shadow from it (a catalog plant's levels of detail fell dark).
    @Test func aMorphedMeshsFirstDrawKeepsTheShadowMap() throws {
        func quad(morphed: Bool) -> Scene {
            let scene = Scene(lighting: Lighting(directionToLight: Vec3(0, 0, 1), castsShadows: true))
            let low = [Vec3(-0.2, -0.5, 0), Vec3(0.2, -0.5, 0), Vec3(0.2, -0.1, 0), Vec3(-0.2, -0.1, 0)]
            // Up 0.6 m: an offset with x = 0, so a shadow lookup into the offsets' texture reads 0, "shadowed".
            let mesh =
                morphed
                ? Mesh(positions: low, indices: [0, 1, 2, 0, 2, 3], morphTargets: [MorphTarget(positionOffsets: Array(repeating: Vec3(0, 0.6, 0), count: 4))])
                : Mesh(positions: low.map { $0 + Vec3(0, 0.6, 0) }, indices: [0, 1, 2, 0, 2, 3])
            // Not a caster itself, so its first draw is in the lit pass; a box out of view casts, so the frame has a shadow map.
            let grey = Material(baseColor: Vec4(0.5, 0.5, 0.5, 1), isDoubleSided: true, castsShadow: false)
            scene.addChild(Entity(name: "quad", model: ModelComponent(parts: [ModelPart(mesh: mesh, material: grey)], morphWeights: morphed ? [1] : [])))
            scene.addChild(
                Entity(
                    name: "caster", transform: Transform(translation: Vec3(0, -5, -5)),
                    model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.1, 0.1, 0.1)), material: Material())))
            return scene
        }
        let rigid = try render(quad(morphed: false), camera: camera)
        let morphed = try render(quad(morphed: true), camera: camera)
        let centre = (21 * 64 + 32) * 4   // the quad's middle, 0.3 m up
        #expect(rigid.pixels[centre] > 100)
        #expect(morphed.pixels[centre..<centre + 3] == rigid.pixels[centre..<centre + 3])
    }

    /// The Fox's shadow is redrawn when its pose changes, not when only the camera moves.
    @Test func shadowsFollowThePose() throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel("Fox/Fox.glb"))
        let fox = asset.root.clone()
        fox.transform = Transform(scale: Vec3(repeating: 0.01))
        let scene = Scene(lighting: Lighting(castsShadows: true))
        scene.addChild(Entity(name: "floor", model: ModelComponent(mesh: MeshFactory.plane(width: 3, depth: 3), material: Material())))
        scene.addChild(fox)
        let player = AnimationPlayer(root: fox)
        player.play(try #require(player.index(ofClip: "Walk")))
        let side = Camera.looking(from: Vec3(2, 0.6, 0), at: Vec3(0, 0.3, 0), fovYDegrees: 40)
        let first = try render(scene, camera: side)
        let passes = renderer.shadowPassCount
        _ = try render(scene, camera: Camera.looking(from: Vec3(2, 0.7, 0.1), at: Vec3(0, 0.3, 0), fovYDegrees: 40))
        #expect(renderer.shadowPassCount == passes)
        player.advance(by: 0.25)
        let walked = try render(scene, camera: side)
        #expect(renderer.shadowPassCount == passes + 1)
        #expect(first.pixels != walked.pixels)
    }

    /// Fox's Walk at 0.25 s from the side: legs apart, tail out (reason in Goldens/README.md).
    @Test func foxWalkGolden() throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel("Fox/Fox.glb"))
        let fox = asset.root.clone()
        fox.transform = Transform(scale: Vec3(repeating: 0.01))
        let scene = Scene(lighting: Lighting(castsShadows: true))
        scene.addChild(fox)
        let player = AnimationPlayer(root: fox)
        player.isLooping = false
        player.play(try #require(player.index(ofClip: "Walk")), from: 0.25)
        let image = try render(
            scene, camera: Camera.looking(from: Vec3(2.4, 0.5, 0.2), at: Vec3(0, 0.35, -0.05), fovYDegrees: 40),
            width: 96, height: 96, samples: 4)
        let tolerance: ImageTolerance = renderer.info.isSoftware ? .strict : .foreignRasterizer
        try Golden.check(image, against: Fixtures.repositoryRoot + "/Tests/SproutRenderGLTests/Goldens/gltf/fox-walk.png", tolerance: tolerance)
    }
}
