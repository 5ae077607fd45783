import Foundation
import SproutHeadless
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender

/// glTF's material model beyond base colour (issue 27): vertex colours, the metallic-roughness
/// and emissive textures, texture coordinate sets and KHR_texture_transform, OPAQUE writing alpha
/// 1, and mirrored transforms. Unlit quads give exact values; lit ones are checked against an
/// equivalent material without the feature, so no BRDF figure is restated here.
@Suite(.serialized) final class MaterialFeaturesGLTests {
    let context: HeadlessContext
    let renderer: Renderer
    let camera = Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40)

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    /// A 2 x 2 m quad facing +Z (the camera), UVs (0, 0) top left to (1, 1) bottom right.
    func quad(uvs1: [Vec2] = [], colors: [Vec4] = []) -> Mesh {
        Mesh(
            name: "quad", positions: [Vec3(-1, 1, 0), Vec3(1, 1, 0), Vec3(1, -1, 0), Vec3(-1, -1, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4), uvs: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)],
            uvs1: uvs1, colors: colors, indices: [0, 2, 1, 0, 3, 2])
    }

    func render(_ material: Material, mesh: Mesh? = nil, transform: Transform = Transform(), lighting: Lighting? = nil) throws -> [UInt8] {
        try context.makeCurrent()
        let scene = Scene(lighting: lighting ?? Lighting(directionToLight: Vec3(0.3, 0.5, 1), intensity: 1, ambient: 0.3, castsShadows: false))
        scene.addChild(Entity(name: "quad", transform: transform, model: ModelComponent(mesh: mesh ?? quad(), material: material)))
        let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
        try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1), options: RenderOptions(shadows: false)), into: target)
        return target.readPixels()
    }

    func centre(_ pixels: [UInt8]) -> [UInt8] { Array(pixels[(8 * 16 + 8) * 4..<(8 * 16 + 8) * 4 + 4]) }

    /// One texel of `rgba`, linear or sRGB.
    func texel(_ rgba: [UInt8], colorSpace: Texture.ColorSpace = .linear) -> Texture {
        Texture(name: "texel", image: Image(width: 1, height: 1, pixels: rgba), colorSpace: colorSpace)
    }

    /// COLOR_0 multiplies the base colour: an unlit white quad with vertex colour (0.5, 0.25, 1)
    /// is that colour, sRGB-encoded: 0.5 -> 188, 0.25 -> 137, 1 -> 255.
    @Test func vertexColoursMultiplyTheBaseColour() throws {
        let colored = quad(colors: Array(repeating: Vec4(0.5, 0.25, 1, 1), count: 4))
        let pixel = centre(try render(Material(isUnlit: true), mesh: colored))
        #expect(pixel == [188, 137, 255, 255])
    }

    /// The metallic-roughness texture's blue channel scales metalness and green roughness: factors
    /// (1, 1) with a texel of blue 0 and green 255 draw as factors (0, 1) without the texture.
    @Test func theMetallicRoughnessTextureScalesTheFactors() throws {
        var textured = Material(baseColor: Vec4(0.8, 0.3, 0.2, 1), metallic: 1, roughness: 1)
        textured.metallicRoughnessTexture = texel([0, 255, 0, 255])
        let plain = Material(baseColor: Vec4(0.8, 0.3, 0.2, 1), metallic: 0, roughness: 1)
        #expect(centre(try render(textured)) == centre(try render(plain)))
        #expect(centre(try render(textured)) != centre(try render(Material(baseColor: Vec4(0.8, 0.3, 0.2, 1), metallic: 1, roughness: 1))))
    }

    /// The emissive texture multiplies the emissive factor: a white texel leaves it as it is, a
    /// black one takes it away (no light: only the emission shows).
    @Test func theEmissiveTextureScalesTheEmission() throws {
        let dark = Lighting(intensity: 0, ambient: 0, castsShadows: false)
        var glowing = Material(baseColor: Vec4(0, 0, 0, 1))
        glowing.emissive = Vec3(0.2, 0.4, 0.6)
        var white = glowing, black = glowing
        white.emissiveTexture = texel([255, 255, 255, 255], colorSpace: .sRGB)
        black.emissiveTexture = texel([0, 0, 0, 255], colorSpace: .sRGB)
        #expect(centre(try render(white, lighting: dark)) == centre(try render(glowing, lighting: dark)))
        #expect(centre(try render(black, lighting: dark)) == [0, 0, 0, 255])
    }

    /// KHR_texture_transform and texCoord: a texture red on its left half and green on its right,
    /// on a quad whose first coordinates see only the left half (u 0...0.5). An offset of 0.5 in u
    /// moves the view to the green half; so does reading second coordinates that span 0.5...1.
    @Test func textureTransformsAndSecondCoordinatesChooseTheTexels() throws {
        let image = Image(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 255])
        let halves = Texture(name: "halves", image: image, wrap: .clampToEdge, magnification: .nearest)
        let left = quad().uvs.map { Vec2($0.x * 0.5, $0.y) }
        let right = left.map { Vec2($0.x + 0.5, $0.y) }
        let mesh = Mesh(name: "quad", positions: quad().positions, normals: quad().normals, uvs: left, uvs1: right, indices: quad().indices)
        let plain = Material(baseColorTexture: halves, isUnlit: true)
        #expect(centre(try render(plain, mesh: mesh)).prefix(3) == [255, 0, 0])
        var offset = plain
        offset.textureMappings[.baseColor] = TextureMapping(offset: Vec2(0.5, 0))
        #expect(centre(try render(offset, mesh: mesh)).prefix(3) == [0, 255, 0])
        var second = plain
        second.textureMappings[.baseColor] = TextureMapping(texCoord: 1)
        #expect(centre(try render(second, mesh: mesh)).prefix(3) == [0, 255, 0])
    }

    /// The sampler's minFilter: a 256 x 256 checkerboard of single black and white texels
    /// (linear data), minified about 17 times on the quad. Trilinear (glTF's 9987, the default)
    /// averages it to 0.5, 188 in sRGB; NEAREST (9728) takes one texel a pixel, black or white.
    @Test func theMinificationFilterIsTheSamplers() throws {
        let pixels = (0..<256 * 256).flatMap { i -> [UInt8] in
            let white = (i % 256 + i / 256) % 2 == 0
            return white ? [255, 255, 255, 255] : [0, 0, 0, 255]
        }
        let image = Image(width: 256, height: 256, pixels: pixels)
        func checker(_ minification: Texture.Minification) -> Material {
            Material(baseColorTexture: Texture(name: "checker", image: image, colorSpace: .linear, minification: minification), isUnlit: true)
        }
        let trilinear = centre(try render(checker(.trilinear)))
        #expect(abs(Int(trilinear[0]) - 188) <= 1 && trilinear[0] == trilinear[1], "\(trilinear)")
        let nearest = try #require(Texture.Minification(glTF: 9728))
        #expect(nearest == Texture.Minification(texels: .nearest, mipmaps: nil) && nearest.glTFValue == 9728)
        let picked = centre(try render(checker(nearest)))
        #expect([0, 255].contains(picked[0]) && picked[0] == picked[1], "\(picked)")
    }

    /// glTF OPAQUE ignores alpha: a half-transparent white texture on an opaque material is
    /// white with alpha 255 (a viewer of the PNG would otherwise show the model see-through);
    /// BLEND mixes it half and half with the magenta behind: green 255 x 128/255 = 128.
    @Test func opaqueMaterialsWriteAlphaOne() throws {
        let halfAlpha = texel([255, 255, 255, 128], colorSpace: .sRGB)
        #expect(centre(try render(Material(baseColorTexture: halfAlpha, isUnlit: true))) == [255, 255, 255, 255])
        let blended = Material(baseColorTexture: halfAlpha, isUnlit: true, blending: .transparent)
        #expect(abs(Int(centre(try render(blended))[1]) - 128) <= 1)
    }

    /// A double-sided blended surface is drawn far side first, then near side: two triangles of
    /// one mesh over the centre, the near one (red, facing the camera) listed before the far one
    /// (blue, facing away), each of alpha 0.5 over magenta. Far first: blue over magenta (0.5, 0, 1),
    /// then red over that (0.75, 0, 0.5): (191, 0, 128); in the listed order it was (128, 0, 191).
    @Test func doubleSidedBlendedSurfacesDrawTheirFarSideFirst() throws {
        let red = Vec4(1, 0, 0, 0.5), blue = Vec4(0, 0, 1, 0.5)
        let mesh = Mesh(
            name: "two sides",
            positions: [Vec3(-1, -1, 0.2), Vec3(1, -1, 0.2), Vec3(0, 1, 0.2), Vec3(-1, -1, -0.2), Vec3(0, 1, -0.2), Vec3(1, -1, -0.2)],
            normals: [.unitZ, .unitZ, .unitZ, -.unitZ, -.unitZ, -.unitZ], colors: [red, red, red, blue, blue, blue], indices: [0, 1, 2, 3, 4, 5])
        let material = Material(isDoubleSided: true, isUnlit: true, blending: .transparent)
        let pixel = centre(try render(material, mesh: mesh))
        #expect(abs(Int(pixel[0]) - 191) <= 1 && pixel[1] == 0 && abs(Int(pixel[2]) - 128) <= 1, "\(pixel)")
    }

    /// MASK on a multisampled target goes through alpha to coverage: across a cut edge the pixel
    /// mixes the surface and what lies behind by how much of it the surface covers, as a path
    /// tracer's average does, and the image keeps alpha 1. A white unlit quad whose alpha ramps
    /// from 0 to 1 across its middle half (a 2 x 1 texture, linear filtering), cut at 0.5: without
    /// MSAA the centre row is only magenta (green 0) or white (green 255); with 4 samples some
    /// pixel on the edge lies between, and every pixel is opaque.
    @Test func alphaCutEdgesAreAntialiasedThroughCoverage() throws {
        let ramp = Texture(name: "ramp", image: Image(width: 2, height: 1, pixels: [255, 255, 255, 0, 255, 255, 255, 255]), wrap: .clampToEdge)
        var masked = Material(baseColorTexture: ramp, isUnlit: true)
        masked.alphaCutoff = 0.5
        func centreRow(samples: Int) throws -> [[UInt8]] {
            try context.makeCurrent()
            let scene = Scene(lighting: Lighting(castsShadows: false))
            scene.addChild(Entity(name: "quad", model: ModelComponent(mesh: quad(), material: masked)))
            let target = try OffscreenTarget(width: 16, height: 16, samples: samples)
            try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1), options: RenderOptions(shadows: false)), into: target)
            let pixels = target.readPixels()
            // The middle columns only: the quad's own sides (near columns 0 and 15) are mixed by MSAA anyway.
            return (4..<12).map { x in Array(pixels[(8 * 16 + x) * 4..<(8 * 16 + x) * 4 + 4]) }
        }
        let hard = try centreRow(samples: 0), smooth = try centreRow(samples: 4)
        #expect(hard.allSatisfy { $0[1] == 0 || $0[1] == 255 })
        #expect(hard.contains { $0[1] == 0 } && hard.contains { $0[1] == 255 })
        #expect(smooth.contains { $0[1] > 0 && $0[1] < 255 })
        #expect(smooth.allSatisfy { $0[3] == 255 })
    }

    /// Minified, an alpha-cut texture covers the share of its texels the cut keeps, in their
    /// colour (coverage maps). Columns alternate white of alpha 128 and black of alpha 0 under a
    /// cutoff of 0.25: every white texel is kept, so half of each pixel is covered, white. The
    /// 64² texture spans the 16-pixel target's 14.7 middle pixels (level 2), so with 4 samples
    /// each pixel there is white and the magenta clear colour in about equal shares: red and blue
    /// 255, green 255 x 2/4 = 127.5 (how many samples a coverage of 0.5 takes is the GL's choice,
    /// OpenGL 4.5 section 14.9.3: llvmpipe takes sample s where it exceeds s/4, and the level's
    /// 128/255 = 0.502 takes 3: 191). The alpha's own mipmaps would say otherwise: a mean alpha
    /// of 0.251 passes the cutoff everywhere, and the mean colour of white and black light is
    /// 0.5, sRGB 188: (188, 188, 188).
    @Test func minifiedAlphaCutTexturesCoverTheShareTheyKeep() throws {
        let columns = Image(width: 64, height: 64, pixels: (0..<64 * 64).flatMap { $0 % 2 == 0 ? [255, 255, 255, 128] : [0, 0, 0, 0] as [UInt8] })
        func middle() throws -> [[UInt8]] {
            var masked = Material(baseColorTexture: Texture(name: "columns", image: columns), isUnlit: true)
            masked.alphaCutoff = 0.25
            try context.makeCurrent()
            let scene = Scene(lighting: Lighting(castsShadows: false))
            scene.addChild(Entity(name: "quad", model: ModelComponent(mesh: quad(), material: masked)))
            let target = try OffscreenTarget(width: 16, height: 16, samples: 4)
            try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1), options: RenderOptions(shadows: false)), into: target)
            let pixels = target.readPixels()
            return (4..<12).flatMap { y in (4..<12).map { x in Array(pixels[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 3]) } }
        }
        let covered = try middle()
        #expect(covered.allSatisfy { $0[0] == 255 && $0[2] == 255 && (127...191).contains($0[1]) }, "\(covered.prefix(4))")
    }

    /// A texture gets at most `coverageMapsPerTexture` coverage maps: drawn under six cutoffs
    /// in turn (an animated cutoff makes a new one every frame), it holds four and its plain copy,
    /// and the fifth and sixth cutoffs are drawn from the plain copy: minified (level 2), its mean
    /// alpha of 0.251 falls under the cutoff of 0.35 and the pixel is cut away (the magenta clear
    /// colour), where the coverage map's share of 0.502 would have kept it (white).
    @Test func aTextureHoldsBoundedCoverageMaps() throws {
        let pixels = (0..<64 * 64).flatMap { $0 % 2 == 0 ? [255, 255, 255, 128] : [0, 0, 0, 0] as [UInt8] }
        let columns = Texture(name: "columns", image: Image(width: 64, height: 64, pixels: pixels))
        var last: [UInt8] = []
        for cutoff: Float in [0.1, 0.15, 0.2, 0.25, 0.3, 0.35] {
            var masked = Material(baseColorTexture: columns, isUnlit: true)
            masked.alphaCutoff = cutoff
            last = centre(try render(masked))
        }
        #expect(renderer.resources.textureCount == GPUResourceCache.coverageMapsPerTexture + 1)
        #expect(last == [255, 0, 255, 255])
    }

    /// A minified normal map widens the highlight by the spread of its normals. Columns tilted
    /// 45 degrees either way along x average, two levels down, to a normal facing the camera of
    /// length r = 0.70711, stored as 255 x (1 - sqrt(2 (1 - r^2) / (3r - r^3))) = 63: the surface
    /// of roughness 0.2 then shades as a flat one of (0.2^4 + (1 - 63/255)^2)^(1/4) = 0.8683,
    /// its highlight (light and camera square on) spread and dimmed, where the bumps' mean normal
    /// alone would keep the narrow highlight of roughness 0.2.
    @Test func minifiedNormalMapsWidenTheHighlight() throws {
        let columns = Image(width: 64, height: 64, pixels: (0..<64 * 64).flatMap { $0 % 2 == 0 ? [218, 128, 218, 255] : [37, 128, 218, 255] as [UInt8] })
        let squareOn = Lighting(directionToLight: Vec3(0, 0, 1), intensity: 1, ambient: 0, castsShadows: false)
        var bumpy = Material(baseColor: Vec4(0.5, 0.5, 0.5, 1), metallic: 0, roughness: 0.2)
        bumpy.normalTexture = Texture(name: "columns", image: columns, colorSpace: .linear)
        let widened = centre(try render(Material(baseColor: Vec4(0.5, 0.5, 0.5, 1), metallic: 0, roughness: 0.8683), lighting: squareOn))
        let narrow = centre(try render(Material(baseColor: Vec4(0.5, 0.5, 0.5, 1), metallic: 0, roughness: 0.2), lighting: squareOn))
        let drawn = centre(try render(bumpy, lighting: squareOn))
        #expect(zip(drawn, widened).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "\(drawn) against \(widened)")
        #expect(Int(narrow[0]) - Int(drawn[0]) > 30, "\(narrow) against \(drawn)")
    }

    /// glTF's normal maps are +Y up the image (v = 0 at its top): on the quad, whose top edge has
    /// v = 0, a texel tilted to +Y faces a light from above and one tilted to -Y faces away
    /// (black without ambient light); +X is along u, to the right.
    @Test func normalMapsFollowGLTFsTangentSpace() throws {
        func lit(by toLight: Vec3, texel rgb: [UInt8]) throws -> UInt8 {
            var material = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1)
            material.normalTexture = texel(rgb + [255])
            return centre(try render(material, lighting: Lighting(directionToLight: toLight, intensity: 1, ambient: 0, castsShadows: false)))[1]
        }
        let fromAbove = Vec3(0, 1, 0.3), fromTheRight = Vec3(1, 0, 0.3)
        #expect(try lit(by: fromAbove, texel: [128, 255, 128]) > 200)
        #expect(try lit(by: fromAbove, texel: [128, 0, 128]) == 0)
        #expect(try lit(by: fromTheRight, texel: [255, 128, 128]) > 200)
        #expect(try lit(by: fromTheRight, texel: [0, 128, 128]) == 0)
    }

    /// Stored tangents (glTF TANGENT) set the frame: with w = -1 the bitangent runs down the
    /// quad, so the same +Y texel now faces away from a light above.
    @Test func storedTangentsSetTheFrame() throws {
        var material = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1)
        material.normalTexture = texel([128, 255, 128, 255])
        let fromAbove = Lighting(directionToLight: Vec3(0, 1, 0.3), intensity: 1, ambient: 0, castsShadows: false)
        func mesh(sign: Float) -> Mesh {
            let q = quad()
            return Mesh(
                name: "quad", positions: q.positions, normals: q.normals, uvs: q.uvs,
                tangents: Array(repeating: Vec4(1, 0, 0, sign), count: 4), indices: q.indices)
        }
        #expect(centre(try render(material, mesh: mesh(sign: 1), lighting: fromAbove))[1] > 200)
        #expect(centre(try render(material, mesh: mesh(sign: -1), lighting: fromAbove))[1] == 0)
    }

    /// KHR_materials_ior and _specular: a black dielectric under a white environment shows only
    /// what it reflects. glTF's ior 1.5 reflects some (F0 0.04); ior 1 reflects nothing square
    /// on (F0 0, only the grazing term's trace); a specular factor of 0 reflects nothing at all.
    @Test func iorAndSpecularSetWhatADielectricReflects() throws {
        let environmentOnly = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        var black = Material(baseColor: Vec4(0, 0, 0, 1), metallic: 0, roughness: 0.5)
        let standard = centre(try render(black, lighting: environmentOnly))[1]
        black.ior = 1
        let noIndex = centre(try render(black, lighting: environmentOnly))[1]
        black.ior = 1.5
        black.specular = 0
        #expect(centre(try render(black, lighting: environmentOnly)) == [0, 0, 0, 255])
        #expect(standard > noIndex && standard >= 15)   // 0.04 x 0.72 + 0.0017 = 0.031 of the light, 18 once tone-mapped and encoded
        #expect(Material().dielectricF0.x == Float(0.2) * Float(0.2))
    }

    /// KHR_materials_specular's textures multiply its factors: a weight texture of alpha 0
    /// reflects nothing (black), of alpha 1 exactly what the factor alone does; a pure red
    /// colour texture keeps the red reflectance square on and takes green's and blue's away,
    /// leaving those channels the grazing term alone (F90 is the weight's, not tinted), which
    /// square on is nothing, as an index of refraction of 1 (F0 0) shows. The red channel
    /// reflects the 0.0305 of the grey: PBR Neutral takes x - 6.25 x² off a colour whose
    /// smallest channel is x, so the grey's 0.0305 becomes 0.0058 (sRGB 18) while the red,
    /// whose smallest channel is 0, keeps it (sRGB 1.055 x 0.0305^(1 / 2.4) - 0.055 = 48).
    @Test func specularTexturesWeighAndTintTheReflection() throws {
        let environmentOnly = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        var black = Material(baseColor: Vec4(0, 0, 0, 1), metallic: 0, roughness: 0.5)
        let standard = centre(try render(black, lighting: environmentOnly))
        black.specularTexture = texel([9, 9, 9, 0])
        #expect(centre(try render(black, lighting: environmentOnly)) == [0, 0, 0, 255])
        black.specularTexture = texel([9, 9, 9, 255])
        #expect(centre(try render(black, lighting: environmentOnly)) == standard)
        black.specularTexture = nil
        black.ior = 1
        let grazing = centre(try render(black, lighting: environmentOnly))
        black.ior = 1.5
        black.specularColorTexture = texel([255, 0, 0, 255], colorSpace: .sRGB)
        let red = centre(try render(black, lighting: environmentOnly))
        #expect(grazing == [0, 0, 0, 255] && standard == [18, 18, 18, 255])
        #expect(red == [48, 0, 0, 255])
    }

    /// The tone mappers on one linear radiance, 0.5 (an unlit colour from a file, so nothing
    /// else adds): none keeps 0.5 (sRGB 188); PBR Neutral takes its 0.04 off (0.46, 181); ACES
    /// (Hill's fit after the 1 / 0.6 boost) gives 0.5576 for a grey of 0.5 (197), computed
    /// from the fit's matrices and rational curve by hand.
    @Test func toneMappersMapOneRadianceAsTheirFormulasSay() throws {
        var grey = Material(baseColor: Vec4(0.5, 0.5, 0.5, 1), isUnlit: true)
        grey.toneMapsUnlitColor = true
        func green(_ mapping: ToneMapping) throws -> Int {
            try context.makeCurrent()
            let scene = Scene(lighting: Lighting(castsShadows: false))
            scene.addChild(Entity(name: "quad", model: ModelComponent(mesh: quad(), material: grey)))
            let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
            try renderer.render(
                scene,
                view: View(
                    camera: camera, clearColor: Vec4(1, 0, 1, 1),
                    options: RenderOptions(shadows: false, toneMapping: mapping)), into: target)
            return Int(centre(target.readPixels())[1])
        }
        #expect(try green(.none) == 188)
        #expect(abs(try green(.neutral) - 181) <= 1)
        #expect(abs(try green(.aces) - 197) <= 1)
    }

    /// KHR_materials_clearcoat on a black rough dielectric under a white environment of 1, seen
    /// square on. Without a coat only the base's reflection shows: 0.04 x 0.4524 - 0.0024 = 0.0157
    /// (Karis's split sum at roughness 1), tone-mapped 6.25 x^2 = 0.0015, sRGB 5. A smooth full coat
    /// lets 0.96 of that through and adds its own 0.04 x 0.9941 + 0.0059 = 0.0456: 0.0607, tone-mapped
    /// 0.0230, sRGB 42. A coat of 0 is no coat.
    @Test func aClearCoatAddsItsReflectionOverTheBase() throws {
        let environmentOnly = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        var black = Material(baseColor: Vec4(0, 0, 0, 1), metallic: 0, roughness: 1)
        #expect(abs(Int(centre(try render(black, lighting: environmentOnly))[1]) - 5) <= 1)
        black.clearcoat = 1
        #expect(abs(Int(centre(try render(black, lighting: environmentOnly))[1]) - 42) <= 1)
        black.clearcoatRoughness = 1
        let rough = Int(centre(try render(black, lighting: environmentOnly))[1])
        #expect(rough < 42 && rough > 5)
    }

    /// The coat's own normal map (KHR_materials_clearcoat's clearcoatNormalTexture) on the smooth
    /// full coat above: a flat map (128, 128, 255) changes nothing (42); one tilting the coat's
    /// normal all the way along the surface (255, 128, 128: n.v = 0.0039) would make it a mirror
    /// at grazing incidence (Fresnel 0.04 + 0.96 x 0.9961^5 = 0.981), but the view seen square on
    /// is then reflected straight into the surface (r.n_geometric = -1 + 2 (n.v)^2): horizon
    /// occlusion takes all of it, and the coat lets through 1 - 0.981 of the base's 0.0157, which
    /// tone-maps and encodes to 0. (Without the fade it was 240, the environment at grazing.)
    @Test func theCoatFollowsItsOwnNormalMap() throws {
        let environmentOnly = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        var black = Material(baseColor: Vec4(0, 0, 0, 1), metallic: 0, roughness: 1)
        black.clearcoat = 1
        black.clearcoatNormalTexture = texel([128, 128, 255, 255])
        #expect(abs(Int(centre(try render(black, lighting: environmentOnly))[1]) - 42) <= 1)
        black.clearcoatNormalTexture = texel([255, 128, 128, 255])
        let grazing = Int(centre(try render(black, lighting: environmentOnly))[1])
        #expect(grazing == 0, "\(grazing)")
    }

    /// KHR_materials_diffuse_transmission on a white rough quad lit only from behind by a sun of 1
    /// (straight through it towards the camera): without it the side seen is black; fully
    /// transmitting, it passes 1 - F (F0 0.04, the light mirrored to this side meets the view
    /// square on) = 0.96, which PBR Neutral compresses to 0.856 (sRGB 238); half transmitting
    /// 0.48, offset by 0.04 to 0.44 (sRGB 177); a red transmission colour keeps only red.
    @Test func diffuseTransmissionLetsTheLightBehindThrough() throws {
        let fromBehind = Lighting(directionToLight: Vec3(0, 0, -1), intensity: 1, ambient: 0, castsShadows: false)
        var leaf = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1)
        #expect(centre(try render(leaf, lighting: fromBehind)) == [0, 0, 0, 255])
        leaf.diffuseTransmission = 1
        #expect(abs(Int(centre(try render(leaf, lighting: fromBehind))[1]) - 238) <= 2)
        leaf.diffuseTransmission = 0.5
        #expect(abs(Int(centre(try render(leaf, lighting: fromBehind))[1]) - 177) <= 2)
        leaf.diffuseTransmissionColor = Vec3(1, 0, 0)
        let red = centre(try render(leaf, lighting: fromBehind))
        #expect(red[1] == 0 && red[2] == 0 && red[0] > 177, "\(red)")
        // Its texture's alpha weighs the factor: alpha 0 lets nothing through.
        leaf.diffuseTransmissionTexture = texel([255, 255, 255, 0])
        #expect(centre(try render(leaf, lighting: fromBehind)) == [0, 0, 0, 255])
    }

    /// KHR_materials_anisotropy stretches the highlight along its direction: a glossy white metal
    /// quad lit from behind the camera shows a round highlight (10 of the centre row's and
    /// column's pixels above 240); at strength 1 along the tangent (+u, across the screen) it
    /// spreads across (the whole row, 2 of the column); turned a quarter it spreads up and down.
    @Test func anisotropyStretchesTheHighlightAlongItsDirection() throws {
        let sun = Lighting(directionToLight: Vec3(0, 0, 1), intensity: 0.3, ambient: 0, castsShadows: false)
        func spread(_ material: Material) throws -> (row: Int, column: Int) {
            let pixels = try render(material, lighting: sun)
            func lit(_ x: Int, _ y: Int) -> Bool { pixels[(y * 16 + x) * 4 + 1] > 240 }
            return ((0..<16).filter { lit($0, 8) }.count, (0..<16).filter { lit(8, $0) }.count)
        }
        var metal = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 1, roughness: 0.25)
        let round = try spread(metal)
        metal.anisotropyStrength = 1
        let across = try spread(metal)
        metal.anisotropyRotation = .pi / 2
        let upDown = try spread(metal)
        #expect(round.row == round.column, "\(round)")
        #expect(across.row > across.column && across.row > round.row, "\(across) against \(round)")
        #expect(upDown.column > upDown.row && upDown.column > round.column, "\(upDown) against \(round)")
    }

    /// KHR_materials_iridescence on a black glossy dielectric under a white environment, seen
    /// square on: a film of no thickness leaves the reflection nearly grey (the extension's
    /// Fresnel term reduces to the base's 0.04 but for the 1e-5 floor on R12 R23, which leaves
    /// 2 x 0.96 x 0.0032 = 0.006 of interference: 0.046, a few levels brighter, channels within
    /// 2); a film of 400 nm (index 1.3) colours it, its channels more than 10 levels apart.
    @Test func aThinFilmColoursTheReflection() throws {
        let environmentOnly = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        var black = Material(baseColor: Vec4(0, 0, 0, 1), metallic: 0, roughness: 0.2)
        let bare = centre(try render(black, lighting: environmentOnly))
        black.iridescence = 1
        black.iridescenceThicknessMinimum = 0
        black.iridescenceThicknessMaximum = 0
        let none = centre(try render(black, lighting: environmentOnly))
        func spread(_ p: [UInt8]) -> Int { Int(max(p[0], p[1], p[2])) - Int(min(p[0], p[1], p[2])) }
        #expect(spread(none) <= 2 && none[1] > bare[1] && Int(none[1]) - Int(bare[1]) <= 6, "\(bare) \(none)")
        black.iridescenceThicknessMaximum = 400
        let film = centre(try render(black, lighting: environmentOnly))
        #expect(spread(film) > 10 && spread(bare) == 0, "\(film) against \(bare)")
    }

    /// A mirroring transform (negative determinant) turns the winding: a one-sided quad scaled
    /// by -1 in x still faces the camera and is drawn.
    @Test func aMirroredSingleSidedSurfaceIsDrawn() throws {
        let pixel = centre(try render(Material(baseColor: Vec4(0, 0, 1, 1), isUnlit: true), transform: Transform(scale: Vec3(-1, 1, 1))))
        #expect(pixel == [0, 0, 255, 255])
    }
}

/// KHR_materials_transmission, thin-walled (issue 27): the light behind passes, tinted.
@Suite(.serialized) final class TransmissionGLTests {
    /// A fully transmissive blue dielectric (roughness 0.5) in the dark, seen square on, over the
    /// magenta clear colour (255, 0, 255): it gives off no light, blocks red and green, and lets
    /// blue through less what it reflects: the split sum's reflectance at n.v = 1 is
    /// 0.04 x 0.7233 + 0.0017 = 0.0307 (Karis's fit), so 0.9693 of the light, applied to the
    /// encoded target as 0.9693^(1/2.2) = 0.9859: 255 x 0.9859 = 251.
    /// The centre pixel of a 2 x 2 m quad of `material` (texture coordinates 0...1 across it),
    /// seen square on in the dark over the magenta clear colour (255, 0, 255).
    func centreOverMagenta(_ material: Material) throws -> [UInt8] {
        let context = try HeadlessContext(forceSoftware: true)
        let renderer = try Renderer()
        try context.makeCurrent()
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        let quad = Mesh(
            name: "quad", positions: [Vec3(-1, 1, 0), Vec3(1, 1, 0), Vec3(1, -1, 0), Vec3(-1, -1, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4), uvs: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)],
            indices: [0, 2, 1, 0, 3, 2])
        scene.addChild(Entity(name: "glass", model: ModelComponent(mesh: quad, material: material)))
        let target = try OffscreenTarget(width: 8, height: 8, samples: 0)
        try renderer.render(
            scene,
            view: View(
                camera: Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40),
                clearColor: Vec4(1, 0, 1, 1), options: RenderOptions(shadows: false)), into: target)
        let pixels = target.readPixels()
        return Array(pixels[(4 * 8 + 4) * 4..<(4 * 8 + 4) * 4 + 4])
    }

    /// A white transmissive glass (roughness 0.5), 1 thick, absorbing to (1, 0.5, 0.25) over a distance of 1.
    func absorbingGlass() -> Material {
        var glass = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 0.5)
        glass.transmission = 1
        glass.volumeThickness = 1
        glass.attenuationDistance = 1
        glass.attenuationColor = Vec3(1, 0.5, 0.25)
        return glass
    }

    /// KHR_materials_volume on a white glass of the same kind over the magenta: a thickness of 1 at
    /// an attenuation distance of 1 and colour (1, 0.5, 0.25) lets red through as before (251) and
    /// a quarter of the blue: (0.25 x 0.9693)^(1/2.2) = 0.525, 134.
    @Test func volumeAbsorbsWhatPassesThrough() throws {
        let centre = try centreOverMagenta(absorbingGlass())
        #expect(abs(Int(centre[0]) - 251) <= 1 && centre[1] == 0)
        #expect(abs(Int(centre[2]) - 134) <= 1)
    }

    /// The same glass with a thickness texture: green 0 is no thickness (blue through as without
    /// a volume, 251), green 255 the factor's (134, as above); red and green are unchanged.
    @Test func aThicknessTextureScalesTheThickness() throws {
        var glass = absorbingGlass()
        func thickness(_ green: UInt8) -> Texture {
            Texture(name: "t", image: Image(width: 1, height: 1, pixels: [0, green, 0, 255]), colorSpace: .linear)
        }
        glass.thicknessTexture = thickness(0)
        let thin = try centreOverMagenta(glass)
        #expect(abs(Int(thin[0]) - 251) <= 1 && thin[1] == 0 && abs(Int(thin[2]) - 251) <= 1)
        glass.thicknessTexture = thickness(255)
        let full = try centreOverMagenta(glass)
        #expect(abs(Int(full[0]) - 251) <= 1 && full[1] == 0 && abs(Int(full[2]) - 134) <= 1)
    }

    @Test func transmissionLetsTheBackgroundThroughTinted() throws {
        var glass = Material(baseColor: Vec4(0, 0, 1, 1), metallic: 0, roughness: 0.5)
        glass.transmission = 1
        let centre = try centreOverMagenta(glass)
        #expect(centre[0] == 0 && centre[1] == 0)   // red and green are not let through a blue glass
        #expect(abs(Int(centre[2]) - 251) <= 1)   // blue is, less what the surface reflects
        #expect(centre[3] == 255)   // the target's alpha is kept
    }
}

/// Rough transmission blurs what lies behind (the scene's copy read from a coarser level): a
/// clear white sheet over a backdrop red on its left half and blue on its right. A pixel just
/// left of the seam is red only through a smooth sheet, and red and blue through a rough one.
@Suite(.serialized) final class RoughTransmissionGLTests {
    func pixelLeftOfTheSeam(roughness: Float) throws -> [UInt8] {
        let context = try HeadlessContext(forceSoftware: true)
        let renderer = try Renderer()
        try context.makeCurrent()
        let scene = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        scene.addChild(SeamBackdrop.entity(at: -1))
        var sheet = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: roughness)
        sheet.transmission = 1
        scene.addChild(Entity(name: "sheet", model: ModelComponent(mesh: SeamBackdrop.quad(2), material: sheet)))
        let target = try OffscreenTarget(width: 32, height: 32, samples: 0)
        try renderer.render(
            scene,
            view: View(
                camera: Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40),
                clearColor: Vec4(0, 0, 0, 1), options: RenderOptions(shadows: false)), into: target)
        let pixels = target.readPixels()
        let index = (16 * 32 + 14) * 4
        return Array(pixels[index..<index + 4])
    }

    @Test func roughTransmissionBlursWhatLiesBehind() throws {
        let sharp = try pixelLeftOfTheSeam(roughness: 0)
        let blurred = try pixelLeftOfTheSeam(roughness: 1)
        #expect(sharp[0] > 200 && sharp[2] == 0)
        #expect(blurred[0] > 40 && blurred[2] > 40)
    }
}

/// Blended surfaces cast as much shadow as they are opaque (issue 27: AlphaBlendModeTest's
/// labels and frames cast, its clear glass does not), through the shadow map's translucent
/// layer (issue 32). A white ground lit from straight above, under blended sheets out of the
/// camera's view: alpha 1 leaves only the ambient light (none here, so black), alpha 0 leaves
/// the ground fully lit, alpha 0.5 lets half the light through, and two sheets of 0.5 a quarter
/// (the layer multiplies 1 - alpha over them), so the ground's mean radiance (before tone
/// mapping) is that share of the lit one, within what 8-bit pixels leave.
@Suite(.serialized) final class TransparentShadowGLTests {
    func groundRadiance(underSheetsOfAlpha alphas: [Float]) throws -> Double {
        let context = try HeadlessContext(forceSoftware: true)
        let renderer = try Renderer()
        try context.makeCurrent()
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0, 1, 0), intensity: 0.3, ambient: 0, castsShadows: true))
        scene.addChild(
            Entity(
                name: "ground",
                model: ModelComponent(
                    parts: [
                        ModelPart(
                            mesh: MeshFactory.plane(width: 4, depth: 4),
                            material: Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1))
                    ],
                    castsShadow: false)))
        for (i, alpha) in alphas.enumerated() {
            var sheet = Material(baseColor: Vec4(1, 1, 1, alpha), metallic: 0, roughness: 1)
            sheet.blending = .transparent
            scene.addChild(
                Entity(
                    name: "sheet \(i)", transform: Transform(translation: Vec3(0, 1 + 0.2 * Float(i), 0)),
                    model: ModelComponent(mesh: MeshFactory.plane(width: 20, depth: 20), material: sheet)))
        }
        let target = try OffscreenTarget(width: 32, height: 32, samples: 0)
        let camera = Camera.looking(from: Vec3(0, 0.5, 0.2), at: .zero, fovYDegrees: 40)
        try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1)), into: target)
        let pixels = target.readPixels()
        var sum = 0.0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let c = Double(pixels[i + 1]) / 255   // green: the clear colour has none, the ground is grey
            let y = c <= 0.04045 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4)
            // Khronos PBR Neutral undone below its compression (0.76): it takes 0.04 off from x = 0.08
            // up and 6.25 x^2 off below, so y = x - 0.04 there and y = 6.25 x^2 here.
            sum += y < 0.04 ? (y / 6.25).squareRoot() : y + 0.04
        }
        return sum / Double(pixels.count / 4)
    }

    @Test func aBlendedSheetCastsAsMuchShadowAsItIsOpaque() throws {
        let lit = try groundRadiance(underSheetsOfAlpha: [0])
        let half = try groundRadiance(underSheetsOfAlpha: [0.5])
        let shadowed = try groundRadiance(underSheetsOfAlpha: [1])
        #expect(lit > 0.1)
        #expect(shadowed < 0.001)
        #expect(abs(half / lit - 0.5) < 0.005)
    }

    @Test func blendedSheetsMultiplyTheLightTheyLetThrough() throws {
        let lit = try groundRadiance(underSheetsOfAlpha: [0])
        let quarter = try groundRadiance(underSheetsOfAlpha: [0.5, 0.5])
        let tenth = try groundRadiance(underSheetsOfAlpha: [0.8, 0.5])
        #expect(abs(quarter / lit - 0.25) < 0.005)
        #expect(abs(tenth / lit - 0.1) < 0.005)
    }
}
