import SproutAssets
import SproutHeadless
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender
import SproutGolden

/// One small golden per glTF feature and extension Sprout draws (issue 27), on the Khronos
/// sample models in ../shared/models, plus the lights and the environment, which no sample
/// model here carries. Their reasons are in Goldens/README.md ("glTF features"); the exact
/// values behind each feature are checked by hand elsewhere (MaterialFeaturesGLTests,
/// PunctualLightGLTests, EnvironmentLightGLTests). Made on llvmpipe at the default tolerance.
@Suite(.serialized) final class GLTFFeatureGoldenGLTests {
    let context: HeadlessContext
    let renderer: Renderer
    static let goldens = Fixtures.repositoryRoot + "/Tests/SproutRenderGLTests/Goldens/gltf/"

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    var tolerance: ImageTolerance { renderer.info.isSoftware ? .strict : .foreignRasterizer }

    func render(_ scene: Scene, camera: Camera, width: Int = 96, height: Int = 96, samples: Int = 4) throws -> Image {
        try context.makeCurrent()
        let target = try OffscreenTarget(width: width, height: height, samples: samples)
        try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadowMapSize: 512)), into: target)
        return Image(width: width, height: height, pixels: target.readPixels())
    }

    /// A sample model alone under the default light, framed at `width` x `height`.
    func check(_ model: String, golden: String, width: Int = 96, height: Int = 96) throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel(model))
        let scene = Scene(lighting: Lighting(castsShadows: true))
        // Scaled to 1 m across its largest side (the spheres are modelled in millimetres).
        let holder = Entity(name: "holder")
        holder.addChild(asset.root)
        scene.addChild(holder)
        let size = holder.visualBounds().max - holder.visualBounds().min
        holder.transform = Transform(scale: Vec3(repeating: 1 / max(size.x, size.y, size.z)))
        // From the front (+Z, a little above), the model's box filling the picture.
        let bounds = holder.visualBounds(), extents = bounds.max - bounds.min
        let halfHeight = max(extents.y, extents.x * Float(height) / Float(width)) / 2 * 1.1
        let distance = halfHeight / tan(Float(15) * .pi / 180) + extents.z / 2
        let camera = Camera.looking(from: bounds.center + Vec3(0, halfHeight * 0.3, distance), at: bounds.center, fovYDegrees: 30)
        try Golden.check(try render(scene, camera: camera, width: width, height: height), against: Self.goldens + golden, tolerance: tolerance)
    }

    @Test func textureTransformAndTexCoord() throws { try check("TextureTransformTest/TextureTransformTest.gltf", golden: "texture-transform.png") }
    @Test func vertexColours() throws { try check("VertexColorTest/VertexColorTest.glb", golden: "vertex-color.png") }
    @Test func alphaModes() throws { try check("AlphaBlendModeTest/AlphaBlendModeTest.glb", golden: "alpha-blend.png", width: 160, height: 64) }
    @Test func unlit() throws { try check("UnlitTest/UnlitTest.glb", golden: "unlit.png", width: 128, height: 64) }
    @Test func emissiveStrength() throws { try check("EmissiveStrengthTest/EmissiveStrengthTest.glb", golden: "emissive-strength.png", width: 128, height: 64) }
    @Test func transmission() throws { try check("TransmissionTest/TransmissionTest.glb", golden: "transmission.png") }
    @Test func normalMetallicRoughnessAndOcclusionMaps() throws { try check("Avocado/Avocado.gltf", golden: "avocado.png") }
    @Test func clearcoat() throws { try check("ClearCoatTest/ClearCoatTest.glb", golden: "clearcoat.png") }
    @Test func metallicRoughnessFactors() throws { try check("MetalRoughSpheresNoTextures/MetalRoughSpheresNoTextures.glb", golden: "metal-rough-spheres.png") }

    /// A white floor and a grey box lit only by a warm point light and a cool spot (KHR_lights_punctual's kinds).
    @Test func punctualLights() throws {
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0.05, castsShadows: false))
        scene.addChild(
            Entity(
                name: "floor",
                model: ModelComponent(
                    mesh: MeshFactory.plane(width: 4, depth: 4),
                    material: Material(baseColor: Vec4(0.8, 0.8, 0.8, 1), roughness: 0.7))))
        scene.addChild(
            Entity(
                name: "box", transform: Transform(translation: Vec3(0, 0.25, 0)),
                model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.5, 0.5, 0.5)), material: Material(baseColor: Vec4(0.5, 0.5, 0.5, 1)))))
        let bulb = Entity(name: "bulb", transform: Transform(translation: Vec3(-0.8, 0.6, 0.4)))
        bulb.light = PunctualLight(kind: .point, color: Vec3(1, 0.7, 0.4), intensity: 3, range: 4)
        let spot = Entity(name: "spot", transform: Transform(translation: Vec3(0.9, 1.5, 0), rotation: Quaternion(angle: -.pi / 2, axis: .unitX)))
        spot.light = PunctualLight(kind: .spot(innerConeAngle: 0.3, outerConeAngle: 0.5), color: Vec3(0.5, 0.7, 1), intensity: 12)
        scene.addChild(bulb)
        scene.addChild(spot)
        let camera = Camera.looking(from: Vec3(0, 2, 2.5), at: Vec3(0, 0.2, 0), fovYDegrees: 45)
        try Golden.check(try render(scene, camera: camera), against: Self.goldens + "punctual-lights.png", tolerance: tolerance)
    }

    /// KHR_materials_sheen on dark blue cloth spheres under the default light: none, a red
    /// sheen of roughness 0.3 (a rim at grazing angles), a white one of roughness 1 (velvet).
    @Test func sheen() throws {
        let cloths = [(Vec3.zero, Float(0)), (Vec3(1, 0.2, 0.2), 0.3), (Vec3.one, 1)].map { color, roughness in
            var cloth = Material(baseColor: Vec4(0.05, 0.08, 0.3, 1), metallic: 0, roughness: 0.9)
            cloth.sheenColor = color
            cloth.sheenRoughness = roughness
            return cloth
        }
        try checkSpheres(cloths, in: Scene(lighting: Lighting(castsShadows: false)), golden: "sheen.png")
    }

    /// EXT_mesh_gpu_instancing: one unit quad on a node, drawn at three instances across the
    /// picture (no sample model here carries the extension): the left one as it is, the middle
    /// one half the size and turned an eighth about z (a diamond), the right one stretched to
    /// twice its height. The gaps between them stay the clear colour.
    @Test func meshGPUInstancing() throws {
        var bytes: [UInt8] = []
        func put(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        put([-0.5, -0.5, 0, 0.5, -0.5, 0, 0.5, 0.5, 0, -0.5, -0.5, 0, 0.5, 0.5, 0, -0.5, 0.5, 0])   // two triangles, 72 bytes at 0
        put([-1.5, 0, 0, 0, 0, 0, 1.5, 0, 0])   // TRANSLATION, 36 at 72
        put([0, 0, 0, 1, 0, 0, 0.38268343, 0.92387953, 0, 0, 0, 1])   // ROTATION (sin and cos of pi / 8: an eighth turn), 48 at 108
        put([1, 1, 1, 0.5, 0.5, 1, 1, 2, 1])   // SCALE, 36 at 156
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["EXT_mesh_gpu_instancing"],
             "buffers": [{"byteLength": \(bytes.count), "uri": "quads.bin"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 72}, {"buffer": 0, "byteOffset": 72, "byteLength": 36},
                             {"buffer": 0, "byteOffset": 108, "byteLength": 48}, {"buffer": 0, "byteOffset": 156, "byteLength": 36}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 6, "type": "VEC3", "min": [-0.5, -0.5, 0], "max": [0.5, 0.5, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC4"},
                           {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC3"}],
             "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [0.9, 0.3, 0.1, 1], "metallicFactor": 0}}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0}]}],
             "nodes": [{"mesh": 0, "extensions": {"EXT_mesh_gpu_instancing": {"attributes": {"TRANSLATION": 1, "ROTATION": 2, "SCALE": 3}}}}],
             "scenes": [{"nodes": [0]}], "scene": 0}
            """
        let folder = try Fixtures.temporaryDirectory("gpu-instancing"), path = folder + "/quads.gltf"
        try Fixtures.write(json, to: path)
        try Fixtures.write(bytes, to: folder + "/quads.bin")
        let scene = Scene(lighting: Lighting(castsShadows: false))
        scene.addChild(try ModelImporter.load(path: path, cache: nil).root)
        // From 4 m at 45 degrees the 64 rows span 2 x 4 tan 22.5 = 3.31 m: 19.3 pixels a metre.
        let image = try render(scene, camera: Camera.looking(from: Vec3(0, 0, 4), at: .zero, fovYDegrees: 45), width: 128, height: 64)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * 128 + x) * 4..<(y * 128 + x) * 4 + 3]) }
        let clear = pixel(0, 0)
        // Centres at 64 -/+ 1.5 x 19.3 = 35 and 93, and 64.
        #expect(pixel(35, 32) != clear && pixel(64, 32) != clear && pixel(93, 32) != clear)
        // The gap from the square's right edge (35 + 9.7 = 44.7) to the diamond's left corner
        // (64 - 0.354 x 19.3 = 57.2); 17 rows above the centre, outside the square (9.7 rows
        // tall each way) but inside the stretched one (19.3).
        #expect(pixel(50, 32) == clear && pixel(35, 15) == clear && pixel(93, 15) != clear)
        try Golden.check(image, against: Self.goldens + "mesh-gpu-instancing.png", tolerance: tolerance)
    }

    /// KHR_materials_specular's textures on dark grey dielectric spheres under the default light:
    /// a specular texture of alpha 0 (no highlight, no reflection), a red specular colour
    /// texture (a red highlight, white at grazing angles: F90 is not tinted), a blue one.
    @Test func specularTextures() throws {
        func texel(_ rgba: [UInt8], _ colorSpace: Texture.ColorSpace) -> Texture {
            Texture(name: "texel", image: Image(width: 1, height: 1, pixels: rgba), colorSpace: colorSpace)
        }
        let grey = Material(baseColor: Vec4(0.05, 0.05, 0.05, 1), metallic: 0, roughness: 0.3)
        var matte = grey, red = grey, blue = grey
        matte.specularTexture = texel([0, 0, 0, 0], .linear)
        red.specularColorTexture = texel([255, 0, 0, 255], .sRGB)
        blue.specularColorTexture = texel([0, 0, 255, 255], .sRGB)
        try checkSpheres([matte, red, blue], in: Scene(lighting: Lighting(castsShadows: false)), golden: "specular.png")
    }

    /// KHR_materials_diffuse_transmission on green spheres lit from behind and above: none (only
    /// the rim the light reaches), half with a warm transmission colour, all (the light through
    /// the far side shows on the near one as on a leaf held to the sun).
    @Test func diffuseTransmission() throws {
        let green = Material(baseColor: Vec4(0.2, 0.6, 0.1, 1), metallic: 0, roughness: 0.7)
        var half = green, full = green
        half.diffuseTransmission = 0.5
        half.diffuseTransmissionColor = Vec3(1, 0.8, 0.3)
        full.diffuseTransmission = 1
        full.diffuseTransmissionColor = Vec3(0.4, 0.9, 0.2)
        let backLit = Scene(lighting: Lighting(directionToLight: Vec3(0.2, 0.6, -1), intensity: 2, ambient: 0.1, castsShadows: false))
        try checkSpheres([green, half, full], in: backLit, golden: "diffuse-transmission.png")
    }

    /// KHR_materials_anisotropy on glossy gold spheres under the default light: isotropic, then
    /// strength 0.8 along the tangent (around the sphere: the highlight a band across) and
    /// turned a quarter (along the meridians: a band up and down).
    @Test func anisotropy() throws {
        let gold = Material(baseColor: Vec4(1, 0.78, 0.34, 1), metallic: 1, roughness: 0.3)
        var around = gold, along = gold
        around.anisotropyStrength = 0.8
        along.anisotropyStrength = 0.8
        along.anisotropyRotation = .pi / 2
        try checkSpheres([gold, around, along], in: Scene(lighting: Lighting(castsShadows: false)), golden: "anisotropy.png")
    }

    /// KHR_materials_iridescence on dark glossy spheres under the default light: films of 200,
    /// 400 and 600 nm (index 1.3), each with its interference colours shifting towards the rim.
    @Test func iridescence() throws {
        let films = [Float(200), 400, 600].map { thickness in
            var material = Material(baseColor: Vec4(0.05, 0.05, 0.05, 1), metallic: 0, roughness: 0.2)
            material.iridescence = 1
            material.iridescenceThicknessMaximum = thickness
            return material
        }
        try checkSpheres(films, in: Scene(lighting: Lighting(castsShadows: false)), golden: "iridescence.png")
    }

    /// Three spheres of `materials` in a row across `scene`, seen from a little above, against `golden` (128x64).
    func checkSpheres(_ materials: [Material], in scene: Scene, golden: String) throws {
        for (i, material) in materials.enumerated() {
            scene.addChild(
                Entity(
                    name: "sphere \(i)", transform: Transform(translation: Vec3(Float(i - 1) * 0.7, 0, 0)),
                    model: ModelComponent(mesh: MeshFactory.sphere(radius: 0.3), material: material)))
        }
        let camera = Camera.looking(from: Vec3(0, 0.2, 2.2), at: .zero, fovYDegrees: 45)
        try Golden.check(try render(scene, camera: camera, width: 128, height: 64), against: Self.goldens + golden, tolerance: tolerance)
    }

    /// Spheres (a mirror, a rough metal, a white dielectric) in an HDR environment drawn as the
    /// background: a blue sky above, a brown ground below, a bright sun to one side.
    @Test func environment() throws {
        let width = 64, height = 32
        var pixels = [Float]()
        for y in 0..<height {
            for x in 0..<width {
                let up = y < height / 2
                let sun = abs(x - 8) <= 1 && abs(y - 10) <= 1
                pixels += sun ? [40, 38, 30] : up ? [0.3, 0.5, 0.9] : [0.25, 0.18, 0.1]
            }
        }
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        scene.environment = EnvironmentLight(image: HDRImage(width: width, height: height, pixels: pixels), showsAsBackground: true)
        let spheres = [
            Material(baseColor: Vec4(1, 1, 1, 1), metallic: 1, roughness: 0.05),
            Material(baseColor: Vec4(1, 0.8, 0.5, 1), metallic: 1, roughness: 0.5),
            Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 0.8)
        ]
        try checkSpheres(spheres, in: scene, golden: "environment.png")
    }
}
