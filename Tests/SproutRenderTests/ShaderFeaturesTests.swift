import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// Which program a material gets, without GL: each feature's define, and what a material and
/// mesh ask for (a material pays only for what it uses).
@Suite struct ShaderFeaturesTests {
    let plain = Mesh(name: "tri", positions: [.zero, .unitX, .unitY], uvs: [.zero, Vec2(1, 0), Vec2(0, 1)], indices: [0, 1, 2])

    func features(
        _ material: Material, mesh: Mesh? = nil, shading: RenderOptions.Shading = .realistic,
        shadowed: Bool = false, environment: Bool = false
    ) -> ShaderFeatures {
        ShaderFeatures.of(material, on: mesh ?? plain, shading: shading, shadowed: shadowed, environment: environment, linearOutput: false)
    }

    @Test func everyFeatureHasItsOwnDefine() {
        let names = ShaderFeatures.defineNames.map(\.1)
        #expect(Set(names).count == names.count)
        #expect(Set(ShaderFeatures.defineNames.map(\.0.rawValue)).count == names.count)
        #expect(ShaderFeatures([.shadows, .baseColorMap, .uvMapping]).defines == ["HAS_BASE_COLOR_TEXTURE", "HAS_SHADOWS", "HAS_UV_MAPPING"])
    }

    @Test func aPlainMaterialCompilesNothingExtra() {
        #expect(features(Material()) == [])
        #expect(features(Material(), shadowed: true, environment: true) == [.shadows, .environment])
        #expect(features(Material(), shading: .simple, shadowed: true, environment: true) == [.shadows, .simpleShading])
    }

    /// Extensions pay only where a material uses them: glTF's default reflectance is folded
    /// into the plain program; another ior or specular, lights and tone mappers are variants.
    @Test func extensionsAreVariantsOnlyWhereUsed() {
        var glass = Material()
        glass.ior = 1.33
        #expect(features(glass) == [.dielectricSpecular])
        var dull = Material()
        dull.specular = 0.5
        #expect(features(dull) == [.dielectricSpecular])
        #expect(
            ShaderFeatures.of(
                Material(), on: plain, shading: .realistic, shadowed: false, environment: false, linearOutput: false,
                punctualLights: true, toneMapping: .aces) == [.punctualLights, .toneMapACES])
        // The probe's faces are linear: no tone mapper.
        #expect(
            ShaderFeatures.of(
                Material(), on: plain, shading: .realistic, shadowed: false, environment: false, linearOutput: true,
                toneMapping: .none) == [.linearOutput])
    }

    /// Only alpha-cut materials get the variant that can discard, so every other surface keeps
    /// the early depth test (llvmpipe depth-tests a shader that may discard after running it).
    @Test func onlyAlphaCutMaterialsCanDiscard() {
        var leaf = Material()
        leaf.alphaCutoff = 0.5
        #expect(features(leaf) == [.alphaCut])
        #expect(ShaderFeatures.alphaCut.defines == ["ALPHA_CUT"])
        var glass = Material()
        glass.blending = .transparent
        #expect(!features(glass).contains(.alphaCut) && !features(Material()).contains(.alphaCut))
    }

    /// Only an emitting material reads an emission; only a blended one keeps its alpha (every
    /// other's output alpha is 1 without a uniform to say so: issue 32).
    @Test func emissionAndBlendingAreVariants() {
        var lamp = Material()
        #expect(!features(lamp).contains(.emission))
        lamp.emissive = Vec3(0, 0, 0.25)
        #expect(features(lamp) == [.emission])
        lamp.isUnlit = true   // an unlit colour is its own emission
        #expect(!features(lamp).contains(.emission))
        var glass = Material()
        glass.blending = .transparent
        #expect(features(glass) == [.alphaBlend])
        glass.alphaCutoff = 0.5   // a cut is not blended
        #expect(features(glass) == [.alphaCut])
        #expect(ShaderFeatures([.emission, .alphaBlend]).defines == ["HAS_EMISSION", "ALPHA_BLEND"])
    }

    /// The exposure is multiplied into the lights on the CPU exactly where the shader's light
    /// is tone-mapped: realistic lit surfaces into the screen, not the probe, simple shading or unlit colours.
    @Test func exposureAppliesToRealisticLitOutputOnly() {
        #expect(features(Material()).isExposed)
        #expect(ShaderFeatures([.shadows, .environment, .emission]).isExposed)
        #expect(!ShaderFeatures.linearOutput.isExposed && !ShaderFeatures.simpleShading.isExposed)
        #expect(!ShaderFeatures([.unlit, .toneMappedUnlit]).isExposed)
    }

    @Test func texturesNeedCoordinates() {
        let image = Image(width: 1, height: 1, pixels: [255, 255, 255, 255])
        var material = Material(baseColorTexture: Texture(name: "t", image: image))
        material.metallicRoughnessTexture = Texture(name: "mr", image: image, colorSpace: .linear)
        material.emissiveTexture = Texture(name: "e", image: image)
        // glTF's emission is the factor times the texture: black by default, so no emission is read.
        #expect(features(material) == [.baseColorMap, .metallicRoughnessMap])
        material.emissive = Vec3(1, 0.5, 0)
        #expect(features(material) == [.baseColorMap, .metallicRoughnessMap, .emission, .emissiveMap])
        let bare = Mesh(name: "bare", positions: [.zero, .unitX, .unitY], indices: [0, 1, 2])
        #expect(features(material, mesh: bare) == [.emission])   // the factor alone, no texture without coordinates
        material.textureMappings[.emissive] = TextureMapping(scale: Vec2(2, 2))
        #expect(features(material).contains(.uvMapping))
        material.isUnlit = true   // unlit: colour, texture and vertex colours only
        #expect(features(material) == [.baseColorMap, .unlit])
    }

    @Test func vertexColoursAndSecondCoordinates() {
        let colored = Mesh(
            name: "c", positions: [.zero, .unitX, .unitY], uvs: [.zero, .zero, .zero], uvs1: [.zero, .zero, .zero],
            colors: Array(repeating: Vec4(1, 0, 0, 1), count: 3), indices: [0, 1, 2])
        #expect(features(Material(), mesh: colored) == [.vertexColors])
        var second = Material(baseColorTexture: Texture(name: "t", image: Image(width: 1, height: 1, pixels: [0, 0, 0, 255])))
        second.textureMappings[.baseColor] = TextureMapping(texCoord: 1)
        #expect(features(second, mesh: colored) == [.baseColorMap, .vertexColors, .uvMapping])
        #expect(features(second) == [.baseColorMap])   // no second set on the mesh: the first is read as is
    }

    /// A sheen layer only where its colour is not black (glTF: black disables it); its textures
    /// only on a mesh with coordinates; never in the probe's linear pass.
    @Test func sheenFeatures() {
        var cloth = Material()
        #expect(!features(cloth).contains(.sheen))
        cloth.sheenColor = Vec3(0, 0.5, 0)
        cloth.sheenColorTexture = Texture(name: "t", image: Image(width: 1, height: 1, pixels: [0, 0, 0, 255]))
        #expect(features(cloth).isSuperset(of: [.sheen, .sheenColorMap]) && !features(cloth).contains(.sheenRoughnessMap))
        #expect(ShaderFeatures([.sheen, .sheenColorMap, .sheenRoughnessMap]).defines == ["HAS_SHEEN", "HAS_SHEEN_COLOR_MAP", "HAS_SHEEN_ROUGHNESS_MAP"])
    }

    /// KHR_materials_specular's textures ask for the dielectric's own reflectance even at the
    /// default factors, and each its own map.
    @Test func specularMapFeatures() {
        var glossy = Material()
        #expect(!features(glossy).contains(.dielectricSpecular))
        glossy.specularTexture = Texture(name: "t", image: Image(width: 1, height: 1, pixels: [0, 0, 0, 255]), colorSpace: .linear)
        #expect(features(glossy).isSuperset(of: [.dielectricSpecular, .specularMap]) && !features(glossy).contains(.specularColorMap))
        #expect(ShaderFeatures([.specularMap, .specularColorMap]).defines == ["HAS_SPECULAR_MAP", "HAS_SPECULAR_COLOR_MAP"])
    }

    /// The clear coat's normal map only with a coat.
    @Test func clearcoatNormalMapFeature() {
        var coated = Material()
        coated.clearcoatNormalTexture = Texture(name: "n", image: Image(width: 1, height: 1, pixels: [128, 128, 255, 255]), colorSpace: .linear)
        #expect(!features(coated).contains(.clearcoatNormalMap))
        coated.clearcoat = 1
        #expect(features(coated).isSuperset(of: [.clearcoat, .clearcoatNormalMap]))
        #expect(ShaderFeatures.clearcoatNormalMap.defines == ["HAS_CLEARCOAT_NORMAL_MAP"])
    }

    /// Diffuse transmission only where the material has some, in realistic shading.
    @Test func diffuseTransmissionFeatures() {
        var leaf = Material()
        #expect(!features(leaf).contains(.diffuseTransmission))
        leaf.diffuseTransmission = 0.5
        leaf.diffuseTransmissionColorTexture = Texture(name: "c", image: Image(width: 1, height: 1, pixels: [0, 255, 0, 255]))
        #expect(features(leaf).isSuperset(of: [.diffuseTransmission, .diffuseTransmissionColorMap]) && !features(leaf).contains(.diffuseTransmissionMap))
        #expect(!features(leaf, shading: .simple).contains(.diffuseTransmission))
    }

    /// Anisotropy needs texture coordinates for its frame, and takes stored tangents when there.
    @Test func anisotropyFeatures() {
        var brushed = Material()
        brushed.anisotropyStrength = 0.5
        #expect(features(brushed).contains(.anisotropy) && !features(brushed).contains(.tangents))
        let bare = Mesh(name: "bare", positions: [.zero, Vec3(1, 0, 0), Vec3(0, 1, 0)], normals: Array(repeating: Vec3(0, 0, 1), count: 3), indices: [0, 1, 2])
        #expect(!features(brushed, mesh: bare).contains(.anisotropy))
        brushed.anisotropyStrength = 0
        #expect(!features(brushed).contains(.anisotropy))
    }

    /// Iridescence only where the material has a film, and not in the probe's linear light.
    @Test func iridescenceFeatures() {
        var film = Material()
        film.iridescence = 1
        film.iridescenceThicknessTexture = Texture(name: "t", image: Image(width: 1, height: 1, pixels: [0, 128, 0, 255]), colorSpace: .linear)
        #expect(features(film).isSuperset(of: [.iridescence, .iridescenceThicknessMap]) && !features(film).contains(.iridescenceMap))
        #expect(
            ShaderFeatures.of(film, on: plain, shading: .realistic, shadowed: false, environment: false, linearOutput: true).isDisjoint(with: [.iridescence]))
    }

    @Test func texturesMapToTheirUnits() {
        #expect(TextureSlot.allCases.map { TextureUnit($0).rawValue } == [0, 5, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        #expect(Set(TextureUnit.allCases.map(\.samplerName)).count == TextureUnit.allCases.count)
    }
}

/// Draw state as values: what each pass asks for.
@Suite struct DrawStateTests {
    @Test func passesAndFaces() {
        #expect(DrawState.opaque == DrawState(blend: .none, depthTest: true, depthWrite: true, cull: .back, clockwiseFront: false))
        #expect(DrawState.transparent.blend == .alpha && !DrawState.transparent.depthWrite && DrawState.transparent.depthTest)
        #expect(!DrawState.onTop.depthTest && !DrawState.onTop.depthWrite)
        // The background passes only on the far plane, where nothing opaque was drawn.
        #expect(DrawState.background == DrawState(depthTest: true, depthCompare: .lessOrEqual, depthWrite: false, cull: .none))
        #expect(DrawState.opaque.depthCompare == .less)
        // Every blended caster counts in the translucent layer, whichever side faces the light.
        #expect(DrawState.translucentCaster == DrawState(blend: .transmittance, depthTest: false, depthWrite: false, cull: .none))
        let twoSidedMirrored = DrawState.opaque.faces(doubleSided: true, mirrored: true)
        #expect(twoSidedMirrored.cull == .none && twoSidedMirrored.clockwiseFront)
        #expect(DrawState.transparent.faces(doubleSided: false, mirrored: false) == DrawState.transparent)
    }
}
