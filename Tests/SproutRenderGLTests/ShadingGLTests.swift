import SproutHeadless
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender
import SproutGolden

/// The realistic shading model: energy where the glTF BRDF says, and a picture of it.
@Suite(.serialized) final class ShadingGLTests {
    let context: HeadlessContext
    let renderer: Renderer

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    private func render(_ scene: Scene, camera: Camera, width: Int, height: Int, options: RenderOptions) throws -> [UInt8] {
        try context.makeCurrent()
        let target = try OffscreenTarget(width: width, height: height, samples: 0)
        try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1), options: options), into: target)
        return target.readPixels()
    }

    /// The white furnace: a white, non-metal, fully rough sphere under a uniform white
    /// environment (ambient 0.5, no sun) reflects exactly the environment, from every angle:
    /// the split sum's diffuse and specular parts add to one. Every pixel of the sphere lies
    /// within 2/255 of the same value (the tone mapper leaves 0.5 - 0.04 = 0.46 as it is: sRGB 180).
    @Test func aWhiteRoughSphereInAUniformWhiteEnvironmentIsUniform() throws {
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0.5, castsShadows: false))
        scene.addChild(
            Entity(
                name: "sphere",
                model: ModelComponent(
                    mesh: MeshFactory.sphere(radius: 1, segments: 64, rings: 32),
                    material: Material(name: "white", metallic: 0, roughness: 1))))
        let size = 64
        let pixels = try render(
            scene, camera: Camera.looking(from: Vec3(0, 0, 4), at: .zero, fovYDegrees: 40),
            width: size, height: size, options: RenderOptions(shadows: false))
        var values: [Int] = []
        for i in stride(from: 0, to: pixels.count, by: 4) where !(pixels[i] == 255 && pixels[i + 1] == 0 && pixels[i + 2] == 255) {
            values.append(Int(pixels[i])); values.append(Int(pixels[i + 1])); values.append(Int(pixels[i + 2]))
        }
        #expect(values.count > 3 * size * size / 3)   // the sphere fills most of the view
        let lowest = values.min() ?? 0, highest = values.max() ?? 0
        #expect(highest - lowest <= 2, "sphere pixels range \(lowest)...\(highest)")
        #expect(abs(lowest - 180) <= 1)
    }

    /// `simple` is the model from before the realistic one: at the centre of a grey (0.5) sphere
    /// facing the camera, lit from 45 degrees above (intensity 1, ambient 0.2, roughness 0.8):
    /// 0.5 x 0.2 + (0.5 + 0.04 x (s + 8) / 8 x (n.h)^s) x cos 45, s = 2 / 0.8^4 - 2 = 2.883,
    /// n.h = cos 22.5: 0.4842, sRGB 185. Realistic shading gives another value there.
    @Test func simpleShadingIsTheOldModel() throws {
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0, 1, 1), intensity: 1, ambient: 0.2, castsShadows: false))
        scene.addChild(
            Entity(
                name: "sphere",
                model: ModelComponent(
                    mesh: MeshFactory.sphere(radius: 1, segments: 64, rings: 32),
                    material: Material(name: "grey", baseColor: Vec4(0.5, 0.5, 0.5, 1)))))
        let camera = Camera.looking(from: Vec3(0, 0, 4), at: .zero, fovYDegrees: 40)
        let simple = try render(scene, camera: camera, width: 33, height: 33, options: RenderOptions(shadows: false, shading: .simple))
        let realistic = try render(scene, camera: camera, width: 33, height: 33, options: RenderOptions(shadows: false))
        let centre = (16 * 33 + 16) * 4
        #expect(abs(Int(simple[centre]) - 185) <= 1)
        #expect(abs(Int(realistic[centre]) - Int(simple[centre])) > 2)
    }

    /// A quad whose texture is transparent on its left half and opaque on its right, masked at
    /// 0.5 (glTF alphaMode MASK): the left half is cut away (the clear colour shows), the right
    /// is drawn opaque. An emissive black material under no light shows its emission: 0.3 is
    /// 0.3 - 0.04 = 0.26 after the PBR Neutral tone mapper's offset (sRGB 139), and 0.3 with simple
    /// shading (sRGB 149).
    @Test func alphaMaskCutsAndEmissionShows() throws {
        var texels: [UInt8] = []
        for _ in 0..<2 { texels += [255, 255, 255, 0, 255, 255, 255, 255] }
        let texture = Texture(name: "half", image: SproutScene.Image(width: 2, height: 2, pixels: texels), wrap: .clampToEdge)
        var masked = Material(name: "mask", baseColorTexture: texture, isDoubleSided: true, isUnlit: true)
        masked.alphaCutoff = 0.5
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        let quad = MeshFactory.plane(width: 2, depth: 2)
        scene.addChild(
            Entity(
                name: "quad", transform: Transform(rotation: Quaternion(angle: .pi / 2, axis: .unitX)),
                model: ModelComponent(mesh: quad, material: masked)))
        let camera = Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40)
        let cut = try render(scene, camera: camera, width: 32, height: 32, options: RenderOptions(shadows: false))
        let row = 16 * 32 * 4
        #expect(Array(cut[(row + 10 * 4)..<(row + 10 * 4 + 4)]) == [255, 0, 255, 255])   // left: cut, the clear colour
        #expect(Array(cut[(row + 22 * 4)..<(row + 22 * 4 + 4)]) == [255, 255, 255, 255])   // right: drawn, opaque

        var glowing = Material(name: "glow", baseColor: Vec4(0, 0, 0, 1), isDoubleSided: true)
        glowing.emissive = Vec3(repeating: 0.3)
        let dark = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        dark.addChild(
            Entity(
                name: "quad", transform: Transform(rotation: Quaternion(angle: .pi / 2, axis: .unitX)),
                model: ModelComponent(mesh: quad, material: glowing)))
        let realistic = try render(dark, camera: camera, width: 32, height: 32, options: RenderOptions(shadows: false))
        let simple = try render(dark, camera: camera, width: 32, height: 32, options: RenderOptions(shadows: false, shading: .simple))
        #expect(abs(Int(realistic[row + 16 * 4]) - 139) <= 1)
        #expect(abs(Int(simple[row + 16 * 4]) - 149) <= 1)
    }

    /// Exposure scales all the light before the tone mapper (the renderer multiplies it into the
    /// lights and emission, ShaderFeatures.isExposed): the emission 0.3 at exposure 2 is 0.6,
    /// less the tone mapper's offset 0.56 (sRGB 197); simple shading has no exposure (0.3: 149).
    /// A lit grey quad at exposure 2 is the quad under a sun and ambient twice as strong, and an
    /// unlit colour from a file goes through exposure on its own (0.2 x 2 - 0.04 = 0.36: sRGB 162).
    @Test func exposureScalesEveryLight() throws {
        let camera = Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40)
        let upright = Transform(rotation: Quaternion(angle: .pi / 2, axis: .unitX))
        func centre(_ material: Material, lighting: Lighting, options: RenderOptions) throws -> Int {
            let scene = Scene(lighting: lighting)
            scene.addChild(Entity(name: "quad", transform: upright, model: ModelComponent(mesh: MeshFactory.plane(width: 2, depth: 2), material: material)))
            return Int(try render(scene, camera: camera, width: 16, height: 16, options: options)[(8 * 16 + 8) * 4])
        }
        let dark = Lighting(intensity: 0, ambient: 0, castsShadows: false)
        var glowing = Material(name: "glow", baseColor: Vec4(0, 0, 0, 1), isDoubleSided: true)
        glowing.emissive = Vec3(repeating: 0.3)
        #expect(abs(try centre(glowing, lighting: dark, options: RenderOptions(shadows: false, exposure: 2)) - 197) <= 1)
        #expect(abs(try centre(glowing, lighting: dark, options: RenderOptions(shadows: false, shading: .simple, exposure: 2)) - 149) <= 1)

        let grey = Material(name: "grey", baseColor: Vec4(0.3, 0.3, 0.3, 1), roughness: 0.7)
        let sun = Lighting(directionToLight: Vec3(0, 1, 2), intensity: 0.4, ambient: 0.1, castsShadows: false)
        let twiceTheSun = Lighting(directionToLight: Vec3(0, 1, 2), intensity: 0.8, ambient: 0.2, castsShadows: false)
        let exposed = try centre(grey, lighting: sun, options: RenderOptions(shadows: false, exposure: 2))
        let stronger = try centre(grey, lighting: twiceTheSun, options: RenderOptions(shadows: false))
        let plain = try centre(grey, lighting: sun, options: RenderOptions(shadows: false))
        #expect(abs(exposed - stronger) <= 1, "exposure 2: \(exposed), twice the light: \(stronger)")
        #expect(exposed > plain + 20, "exposure 2: \(exposed), exposure 1: \(plain)")

        var unlit = Material(name: "flat", baseColor: Vec4(0.2, 0.2, 0.2, 1), isUnlit: true)
        unlit.toneMapsUnlitColor = true
        #expect(abs(try centre(unlit, lighting: dark, options: RenderOptions(shadows: false, exposure: 2)) - 162) <= 1)
    }

    /// A quad facing the camera whose normal map tilts every normal 45 degrees towards +U (world
    /// +X here): lit from +X it is brighter than the flat quad, lit from -X darker (the map's
    /// red channel follows the texture's U, whatever the V convention). An occlusion map of 0.5
    /// at strength 1 halves the environment's light, and leaves the sun's.
    @Test func normalAndOcclusionMapsChangeTheLight() throws {
        func quad(_ material: Material, light: Vec3, intensity: Float = 1, ambient: Float = 0) throws -> Int {
            let scene = Scene(lighting: Lighting(directionToLight: light, intensity: intensity, ambient: ambient, castsShadows: false))
            scene.addChild(
                Entity(
                    name: "quad", transform: Transform(rotation: Quaternion(angle: .pi / 2, axis: .unitX)),
                    model: ModelComponent(mesh: MeshFactory.plane(width: 2, depth: 2), material: material)))
            let pixels = try render(
                scene, camera: Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40),
                width: 16, height: 16, options: RenderOptions(shadows: false))
            return Int(pixels[(8 * 16 + 8) * 4 + 1])
        }
        let tilt = Float(0.5).squareRoot()   // (sin 45, 0, cos 45) encoded as (n + 1) / 2
        let normalImage = SproutScene.Image(
            width: 1, height: 1, fill: (UInt8(((tilt + 1) / 2 * 255).rounded()), 128, UInt8(((tilt + 1) / 2 * 255).rounded()), 255))
        var bumpy = Material(name: "bumpy", baseColor: Vec4(0.5, 0.5, 0.5, 1), roughness: 1)
        bumpy.normalTexture = Texture(name: "tilt", image: normalImage, colorSpace: .linear)
        let flat = Material(name: "flat", baseColor: Vec4(0.5, 0.5, 0.5, 1), roughness: 1)
        let fromRight = normalize(Vec3(1, 0, 1)), fromLeft = normalize(Vec3(-1, 0, 1))
        let flatRight = try quad(flat, light: fromRight), bumpyRight = try quad(bumpy, light: fromRight), bumpyLeft = try quad(bumpy, light: fromLeft)
        #expect(bumpyRight > flatRight + 10, "flat \(flatRight), tilted towards the light \(bumpyRight)")
        #expect(bumpyLeft < flatRight - 30, "tilted away from the light \(bumpyLeft)")

        var occluded = flat
        occluded.occlusionTexture = Texture(name: "half", image: SproutScene.Image(width: 1, height: 1, fill: (128, 128, 128, 255)), colorSpace: .linear)
        let open = try quad(flat, light: fromRight, intensity: 0, ambient: 0.6)
        let shut = try quad(occluded, light: fromRight, intensity: 0, ambient: 0.6)
        let lit = try quad(occluded, light: Vec3(0, 0, 1), intensity: 0.6, ambient: 0)
        let litFlat = try quad(flat, light: Vec3(0, 0, 1), intensity: 0.6, ambient: 0)
        #expect(shut < open - 30, "environment \(open), occluded by half \(shut)")
        #expect(lit == litFlat)   // the sun is not occluded
    }

    /// An alpha-cut card held over a floor under a sun straight above: where the card is cut
    /// away the floor is lit, where it is kept the floor is in its shadow.
    @Test func aMaskedCardCastsTheShadowOfWhatIsLeft() throws {
        var texels: [UInt8] = []
        for _ in 0..<2 { texels += [255, 255, 255, 0, 255, 255, 255, 255] }   // left half cut, right kept
        var card = Material(
            name: "card", baseColorTexture: Texture(name: "half", image: SproutScene.Image(width: 2, height: 2, pixels: texels), wrap: .clampToEdge),
            isDoubleSided: true)
        card.alphaCutoff = 0.5
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0, 1, 0), intensity: 1, ambient: 0.2, castsShadows: true))
        scene.addChild(
            Entity(
                name: "card", transform: Transform(translation: Vec3(0, 0.5, 0)),
                model: ModelComponent(mesh: MeshFactory.plane(width: 1, depth: 1), material: card)))
        scene.backdrop.addChild(Entity(name: "floor", model: ModelComponent(mesh: MeshFactory.plane(width: 4, depth: 4), material: Material(name: "floor"))))
        // From below the card's edge, looking at the floor under it.
        let camera = Camera.looking(from: Vec3(0, 0.3, 1.2), at: Vec3(0, 0, 0), fovYDegrees: 50)
        let pixels = try render(scene, camera: camera, width: 64, height: 64, options: RenderOptions(shadows: true, shadowMapSize: 512))
        let floorRow = 36
        func green(_ x: Int) -> Int { Int(pixels[(floorRow * 64 + x) * 4 + 1]) }
        #expect(green(16) > green(48) + 100, "under the cut half \(green(16)), under the kept half \(green(48))")
    }

    /// Five spheres by metallic (rows: 0, 1) and roughness (columns: 0.1, 0.3, 0.5, 0.7, 1.0),
    /// orange, under the sun and ambient light: the glTF sample's sphere grid in small. Golden.
    @Test func metallicByRoughnessSphereGrid() throws {
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(-0.5, 1, 1), intensity: 2, ambient: 0.4, castsShadows: false))
        let sphere = MeshFactory.sphere(radius: 0.4, segments: 32, rings: 16)
        for (row, metallic) in [Float(0), 1].enumerated() {
            for (column, roughness) in [Float(0.1), 0.3, 0.5, 0.7, 1].enumerated() {
                let material = Material(name: "m", baseColor: Vec4(0.9, 0.45, 0.1, 1), metallic: metallic, roughness: roughness)
                scene.addChild(
                    Entity(
                        name: "s", transform: Transform(translation: Vec3(Float(column - 2), 0.5 - Float(row), 0)),
                        model: ModelComponent(mesh: sphere, material: material)))
            }
        }
        let camera = Camera.looking(from: Vec3(0, 0, 5.5), at: .zero, fovYDegrees: 30)
        let pixels = try render(scene, camera: camera, width: 160, height: 64, options: RenderOptions(shadows: false))
        let tolerance: ImageTolerance = renderer.info.isSoftware ? .strict : .foreignRasterizer
        try Golden.check(
            Image(width: 160, height: 64, pixels: pixels),
            against: Fixtures.repositoryRoot + "/Tests/SproutRenderGLTests/Goldens/sphere-grid.png", tolerance: tolerance)
    }
}
