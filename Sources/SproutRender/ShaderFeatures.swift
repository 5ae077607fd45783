import SproutScene

/// What a lit program is compiled with: each bit one `#define` of `lit.vert`/`lit.frag`, so a
/// material pays only for what it uses (Magnum's `PhongGL::Flag`, Filament's variants).
struct ShaderFeatures: OptionSet, Hashable, Sendable {
    let rawValue: UInt64

    static let baseColorMap = ShaderFeatures(rawValue: 1 << 0)
    static let shadows = ShaderFeatures(rawValue: 1 << 1)
    static let unlit = ShaderFeatures(rawValue: 1 << 2)
    static let simpleShading = ShaderFeatures(rawValue: 1 << 3)
    /// Linear radiance out, no tone mapping (the environment probe's faces).
    static let linearOutput = ShaderFeatures(rawValue: 1 << 4)
    static let environment = ShaderFeatures(rawValue: 1 << 5)
    static let normalMap = ShaderFeatures(rawValue: 1 << 6)
    static let occlusionMap = ShaderFeatures(rawValue: 1 << 7)
    static let metallicRoughnessMap = ShaderFeatures(rawValue: 1 << 8)
    static let emissiveMap = ShaderFeatures(rawValue: 1 << 9)
    /// The mesh's `colors` multiply the base colour.
    static let vertexColors = ShaderFeatures(rawValue: 1 << 10)
    /// Some texture reads the second coordinates or has a KHR_texture_transform.
    static let uvMapping = ShaderFeatures(rawValue: 1 << 11)
    /// An unlit colour that goes through exposure and the tone mapper (`Material.toneMapsUnlitColor`).
    static let toneMappedUnlit = ShaderFeatures(rawValue: 1 << 12)
    /// KHR_materials_transmission: a second output, the light let through, for dual-source blending.
    static let transmission = ShaderFeatures(rawValue: 1 << 13)
    static let transmissionMap = ShaderFeatures(rawValue: 1 << 14)
    /// An alpha-cut (MASK) material on a multisampled target: its cut edge is spread over a pixel
    /// and drawn through sample coverage (`DrawState.alphaToCoverage`) instead of discarded.
    static let alphaToCoverage = ShaderFeatures(rawValue: 1 << 15)
    /// A tangent frame (normal map, clear coat normal map, anisotropy) on a mesh with tangents
    /// (a file's TANGENT, or MikkTSpace's): the frame comes from them.
    static let tangents = ShaderFeatures(rawValue: 1 << 16)
    /// The frame has punctual lights (KHR_lights_punctual), looped over in the fragment shader.
    static let punctualLights = ShaderFeatures(rawValue: 1 << 17)
    /// A dielectric reflectance other than glTF's default (KHR_materials_ior or _specular).
    static let dielectricSpecular = ShaderFeatures(rawValue: 1 << 20)
    /// The environment's irradiance harmonics compiled in as constants, not read from uniforms
    /// (`CompiledIrradiance`): the renderer's constant programs are for one irradiance at a time.
    static let irradianceConstants = ShaderFeatures(rawValue: 1 << 21)
    /// KHR_materials_clearcoat: a second, clear specular layer over the material.
    static let clearcoat = ShaderFeatures(rawValue: 1 << 22)
    static let clearcoatMap = ShaderFeatures(rawValue: 1 << 23)
    static let clearcoatRoughnessMap = ShaderFeatures(rawValue: 1 << 24)
    /// KHR_materials_volume's absorption of the transmitted light (Beer-Lambert over the thickness).
    static let volumeAttenuation = ShaderFeatures(rawValue: 1 << 25)
    /// A skin moves the vertices (`deform.glsl`): four joint influences per vertex.
    static let skin = ShaderFeatures(rawValue: 1 << 26)
    /// Eight joint influences per vertex (glTF `JOINTS_1`/`WEIGHTS_1`); only with `skin`.
    static let skin8 = ShaderFeatures(rawValue: 1 << 27)
    /// Morph targets offset the vertices (`deform.glsl`).
    static let morph = ShaderFeatures(rawValue: 1 << 28)
    /// An alpha-cut (MASK) material: the only variants with `discard`, so every other surface
    /// keeps the early depth test (a shader that may discard is depth-tested after it runs).
    static let alphaCut = ShaderFeatures(rawValue: 1 << 29)
    /// The shadow map has a translucent layer this frame (blended casters): one more tap, only then.
    static let translucentShadows = ShaderFeatures(rawValue: 1 << 30)
    /// KHR_materials_sheen: a layer of back-scattering fibres over the material (cloth).
    static let sheen = ShaderFeatures(rawValue: 1 << 31)
    static let sheenColorMap = ShaderFeatures(rawValue: 1 << 32)
    static let sheenRoughnessMap = ShaderFeatures(rawValue: 1 << 33)
    /// KHR_materials_specular's textures (only with `dielectricSpecular`).
    static let specularMap = ShaderFeatures(rawValue: 1 << 34)
    static let specularColorMap = ShaderFeatures(rawValue: 1 << 35)
    /// KHR_materials_clearcoat's own normal map (only with `clearcoat`).
    static let clearcoatNormalMap = ShaderFeatures(rawValue: 1 << 36)
    /// KHR_materials_volume's thickness map (only with `volumeAttenuation` or `volumeRefraction`).
    static let thicknessMap = ShaderFeatures(rawValue: 1 << 37)
    /// KHR_materials_diffuse_transmission: part of the diffuse light passes through (thin-walled).
    static let diffuseTransmission = ShaderFeatures(rawValue: 1 << 38)
    static let diffuseTransmissionMap = ShaderFeatures(rawValue: 1 << 39)
    static let diffuseTransmissionColorMap = ShaderFeatures(rawValue: 1 << 40)
    /// KHR_materials_anisotropy: highlights stretched along a direction in the surface.
    static let anisotropy = ShaderFeatures(rawValue: 1 << 41)
    static let anisotropyMap = ShaderFeatures(rawValue: 1 << 42)
    /// KHR_materials_iridescence: a thin film's interference colours the specular reflection.
    static let iridescence = ShaderFeatures(rawValue: 1 << 43)
    static let iridescenceMap = ShaderFeatures(rawValue: 1 << 44)
    static let iridescenceThicknessMap = ShaderFeatures(rawValue: 1 << 45)
    /// KHR_materials_pbrSpecularGlossiness: the metallic-roughness slot holds glossiness in alpha
    /// (only with `metallicRoughnessMap`).
    static let glossinessMap = ShaderFeatures(rawValue: 1 << 46)
    /// KHR_materials_volume with a thickness: what lies behind is read where the refracted view
    /// ray leaves the volume (only with `transmission`).
    static let volumeRefraction = ShaderFeatures(rawValue: 1 << 47)
    /// KHR_materials_dispersion: each colour refracted by its own index (only with `volumeRefraction`).
    static let dispersion = ShaderFeatures(rawValue: 1 << 48)
    /// Not a material's: the program that draws volumes' back faces (outward normal and depth)
    /// for their refraction to be traced through (`VolumeRefractionBuffers`).
    static let volumeBackFaces = ShaderFeatures(rawValue: 1 << 49)
    /// An alpha-cut material's base colour texture read through its coverage map
    /// (`AlphaCut`, `coverage.glsl`): minified, a pixel is covered by the share of its texels
    /// the cut keeps. Only with `alphaCut` and `baseColorMap`, a mipmapped texture and no
    /// vertex colours (whose alpha would move the cut per vertex); the masked shadow program
    /// takes it too.
    static let coverageMap = ShaderFeatures(rawValue: 1 << 50)
    /// A lit material that emits (an emissive factor other than black): only these read
    /// `uEmissive` and an emissive texture (glTF multiplies the texture by the factor).
    static let emission = ShaderFeatures(rawValue: 1 << 51)
    /// A blended (glTF `BLEND`) material: its alpha is kept; every other's output alpha is 1
    /// (a cut material's after the cut), without reading a uniform to say so.
    static let alphaBlend = ShaderFeatures(rawValue: 1 << 52)
    /// The frame has a near shadow map (`RenderOptions.nearShadowMap`): read it where it reaches.
    static let nearShadows = ShaderFeatures(rawValue: 1 << 53)
    /// The near shadow map has a translucent layer this frame (blended casters reach its part).
    static let nearTranslucentShadows = ShaderFeatures(rawValue: 1 << 54)
    /// Reflections from the environment's harmonics instead of the probe's levels: a rough
    /// material (roughness from `EnvironmentProbe.harmonicReflectionRoughness` up, not from a
    /// texture, no anisotropy) under a stage's box-filtered probe.
    static let reflectionsFromHarmonics = ShaderFeatures(rawValue: 1 << 55)
    /// The probe is a stage's, its levels the box-filtered chain (not GGX-convolved): a lobe
    /// reads the level `EnvironmentProbe.boxLevelSlope` calls for, not roughness x top.
    static let boxFilteredProbe = ShaderFeatures(rawValue: 1 << 56)
    /// What moves vertices: the features the shadow programs take too.
    static let deformations: ShaderFeatures = [.skin, .skin8, .morph]
    /// `ToneMapping.aces` instead of PBR Neutral.
    static let toneMapACES = ShaderFeatures(rawValue: 1 << 18)
    /// `ToneMapping.none`: linear light clamped.
    static let toneMapNone = ShaderFeatures(rawValue: 1 << 19)

    /// Each feature with the name the shaders test.
    static let defineNames: [(ShaderFeatures, String)] = [
        (.baseColorMap, "HAS_BASE_COLOR_TEXTURE"), (.shadows, "HAS_SHADOWS"), (.unlit, "UNLIT"), (.simpleShading, "SIMPLE_SHADING"),
        (.linearOutput, "LINEAR_OUTPUT"), (.environment, "HAS_ENVIRONMENT"), (.normalMap, "HAS_NORMAL_MAP"),
        (.occlusionMap, "HAS_OCCLUSION_MAP"), (.metallicRoughnessMap, "HAS_METALLIC_ROUGHNESS_MAP"), (.emissiveMap, "HAS_EMISSIVE_MAP"),
        (.vertexColors, "HAS_VERTEX_COLOR"), (.uvMapping, "HAS_UV_MAPPING"), (.toneMappedUnlit, "UNLIT_TONE_MAPPED"),
        (.transmission, "HAS_TRANSMISSION"), (.transmissionMap, "HAS_TRANSMISSION_MAP"), (.alphaToCoverage, "ALPHA_TO_COVERAGE"),
        (.tangents, "HAS_TANGENTS"), (.punctualLights, "HAS_PUNCTUAL_LIGHTS"),
        (.toneMapACES, "TONE_MAP_ACES"), (.toneMapNone, "TONE_MAP_NONE"), (.dielectricSpecular, "HAS_DIELECTRIC_SPECULAR"),
        (.irradianceConstants, "IRRADIANCE_SH_CONSTANTS"), (.clearcoat, "HAS_CLEARCOAT"), (.clearcoatMap, "HAS_CLEARCOAT_MAP"),
        (.clearcoatRoughnessMap, "HAS_CLEARCOAT_ROUGHNESS_MAP"), (.volumeAttenuation, "HAS_VOLUME_ATTENUATION"),
        (.skin, "HAS_SKIN"), (.skin8, "HAS_SKIN_8"), (.morph, "HAS_MORPH"), (.alphaCut, "ALPHA_CUT"),
        (.translucentShadows, "HAS_TRANSLUCENT_SHADOWS"), (.sheen, "HAS_SHEEN"), (.sheenColorMap, "HAS_SHEEN_COLOR_MAP"),
        (.sheenRoughnessMap, "HAS_SHEEN_ROUGHNESS_MAP"), (.specularMap, "HAS_SPECULAR_MAP"), (.specularColorMap, "HAS_SPECULAR_COLOR_MAP"),
        (.clearcoatNormalMap, "HAS_CLEARCOAT_NORMAL_MAP"), (.thicknessMap, "HAS_THICKNESS_MAP"),
        (.diffuseTransmission, "HAS_DIFFUSE_TRANSMISSION"), (.diffuseTransmissionMap, "HAS_DIFFUSE_TRANSMISSION_MAP"),
        (.diffuseTransmissionColorMap, "HAS_DIFFUSE_TRANSMISSION_COLOR_MAP"), (.anisotropy, "HAS_ANISOTROPY"),
        (.anisotropyMap, "HAS_ANISOTROPY_MAP"), (.iridescence, "HAS_IRIDESCENCE"), (.iridescenceMap, "HAS_IRIDESCENCE_MAP"),
        (.iridescenceThicknessMap, "HAS_IRIDESCENCE_THICKNESS_MAP"), (.glossinessMap, "HAS_GLOSSINESS_MAP"),
        (.volumeRefraction, "HAS_VOLUME_REFRACTION"), (.dispersion, "HAS_DISPERSION"),
        (.volumeBackFaces, "VOLUME_BACK_FACES"), (.coverageMap, "HAS_COVERAGE_MAP"), (.emission, "HAS_EMISSION"),
        (.alphaBlend, "ALPHA_BLEND"), (.nearShadows, "HAS_NEAR_SHADOWS"),
        (.nearTranslucentShadows, "HAS_NEAR_TRANSLUCENT_SHADOWS"), (.reflectionsFromHarmonics, "REFLECTIONS_FROM_SH"),
        (.boxFilteredProbe, "BOX_FILTERED_PROBE")
    ]

    /// Whether the program's light goes through the view's exposure: realistic lit surfaces into
    /// a tone-mapped target. The renderer then multiplies the lights and emission by it (the
    /// shader reads no exposure: issue 32); unlit colours from files read `uExposure` themselves.
    var isExposed: Bool { isDisjoint(with: [.unlit, .simpleShading, .linearOutput]) }

    /// The `#define`s of these features, in a fixed order.
    var defines: [String] { Self.defineNames.filter { contains($0.0) }.map(\.1) }

    /// The features a material on a mesh needs, drawn with `shading` (shadows and environment
    /// only when the frame has them). Texture features need the mesh's coordinates; unlit
    /// materials take only their colour, texture and vertex colours.
    static func of(
        _ material: Material, on mesh: Mesh, shading: RenderOptions.Shading, shadowed: Bool,
        environment: Bool, linearOutput: Bool, punctualLights: Bool = false,
        toneMapping: ToneMapping = .neutral
    ) -> ShaderFeatures {
        var features: ShaderFeatures = []
        let hasUVs = !mesh.uvs.isEmpty
        let lit = !material.isUnlit, realistic = lit && shading == .realistic
        if material.baseColorTexture != nil && hasUVs { features.insert(.baseColorMap) }
        if material.alphaCutoff != nil { features.insert(.alphaCut) } else if material.blending == .transparent { features.insert(.alphaBlend) }
        if alphaCut(of: material, on: mesh) != nil { features.insert(.coverageMap) }
        if !mesh.colors.isEmpty { features.insert(.vertexColors) }
        if linearOutput { features.insert(.linearOutput) }
        if !lit { features.insert(.unlit) }
        if !lit && material.toneMapsUnlitColor && shading == .realistic { features.insert(.toneMappedUnlit) }
        if lit && shadowed { features.insert(.shadows) }
        if lit && punctualLights { features.insert(.punctualLights) }
        if realistic && material.clearcoat > 0 && !linearOutput {
            features.insert(.clearcoat)
            if hasUVs && material.clearcoatTexture != nil { features.insert(.clearcoatMap) }
            if hasUVs && material.clearcoatRoughnessTexture != nil { features.insert(.clearcoatRoughnessMap) }
            if hasUVs && material.clearcoatNormalTexture != nil { features.insert(.clearcoatNormalMap) }
        }
        if realistic && material.hasSheen && !linearOutput {
            features.insert(.sheen)
            if hasUVs && material.sheenColorTexture != nil { features.insert(.sheenColorMap) }
            if hasUVs && material.sheenRoughnessTexture != nil { features.insert(.sheenRoughnessMap) }
        }
        let specularMaps = hasUVs ? (material.specularTexture != nil, material.specularColorTexture != nil) : (false, false)
        // Anisotropy needs a tangent frame: texture coordinates (or the mesh's tangents, below).
        if realistic && material.anisotropyStrength > 0 && hasUVs {
            features.insert(.anisotropy)
            if material.anisotropyTexture != nil { features.insert(.anisotropyMap) }
        }
        if realistic && material.iridescence > 0 && !linearOutput {
            features.insert(.iridescence)
            if hasUVs && material.iridescenceTexture != nil { features.insert(.iridescenceMap) }
            if hasUVs && material.iridescenceThicknessTexture != nil { features.insert(.iridescenceThicknessMap) }
        }
        if realistic && material.diffuseTransmission > 0 {
            features.insert(.diffuseTransmission)
            if hasUVs && material.diffuseTransmissionTexture != nil { features.insert(.diffuseTransmissionMap) }
            if hasUVs && material.diffuseTransmissionColorTexture != nil { features.insert(.diffuseTransmissionColorMap) }
        }
        if lit && (material.ior != 1.5 || material.specular != 1 || material.specularColor != .one || specularMaps.0 || specularMaps.1) {
            features.insert(.dielectricSpecular)
            if specularMaps.0 { features.insert(.specularMap) }
            if specularMaps.1 { features.insert(.specularColorMap) }
        }
        // Only what goes through the tone mapper: realistic lit surfaces and unlit colours from files.
        if !linearOutput && shading == .realistic && (lit || material.toneMapsUnlitColor) {
            if toneMapping == .aces { features.insert(.toneMapACES) }
            if toneMapping == .none { features.insert(.toneMapNone) }
        }
        if lit && shading == .simple { features.insert(.simpleShading) }
        if realistic && environment { features.insert(.environment) }
        if realistic && hasUVs {
            if material.normalTexture != nil { features.insert(.normalMap) }
            if material.occlusionTexture != nil { features.insert(.occlusionMap) }
            if material.metallicRoughnessTexture != nil {
                features.insert(material.glossinessInAlpha ? [.metallicRoughnessMap, .glossinessMap] : .metallicRoughnessMap)
            }
        }
        if lit && material.emissive != .zero {
            features.insert(.emission)
            if hasUVs && material.emissiveTexture != nil { features.insert(.emissiveMap) }
        }
        if realistic && material.transmission > 0 && !linearOutput {
            features.insert(.transmission)
            if hasUVs && material.transmissionTexture != nil { features.insert(.transmissionMap) }
            if refracts(material, shading: shading, linearOutput: linearOutput) {
                features.insert(material.dispersion > 0 ? [.volumeRefraction, .dispersion] : .volumeRefraction)
                if let distance = material.attenuationDistance, distance > 0, distance.isFinite, material.attenuationColor != .one {
                    features.insert(.volumeAttenuation)
                }
                if hasUVs && material.thicknessTexture != nil { features.insert(.thicknessMap) }
            }
        }
        // Whatever reads a tangent frame takes the mesh's tangents where it has them.
        if !mesh.tangents.isEmpty && !features.isDisjoint(with: [.normalMap, .clearcoatNormalMap, .anisotropy]) { features.insert(.tangents) }
        // Only a material with mappings can need them (most have none: no work per draw).
        if !material.textureMappings.isEmpty {
            for (slot, mapping) in material.textureMappings where features.contains(feature(of: slot)) {
                if mapping.texCoord != 0 ? !mesh.uvs1.isEmpty : !mapping.isUntransformed {
                    features.insert(.uvMapping)
                    break
                }
            }
        }
        return features
    }

    /// The cut whose coverage map `material`'s base colour texture is read through on `mesh`
    /// (`coverageMap`): an alpha-cut material's mipmapped texture on a mesh with texture
    /// coordinates and without vertex colours; nil for every other.
    static func alphaCut(of material: Material, on mesh: Mesh) -> AlphaCut? {
        guard let cutoff = material.alphaCutoff, let texture = material.baseColorTexture, texture.minification.mipmaps != nil,
            !mesh.uvs.isEmpty, mesh.colors.isEmpty
        else { return nil }
        return AlphaCut(alphaFactor: material.baseColor.w, cutoff: cutoff)
    }

    /// Whether `material` is a volume that refracts (`volumeRefraction`): transmissive, lit,
    /// realistic, into a tone-mapped target, with a finite thickness.
    static func refracts(_ material: Material, shading: RenderOptions.Shading, linearOutput: Bool) -> Bool {
        !material.isUnlit && shading == .realistic && !linearOutput && material.transmission > 0 && material.volumeThickness > 0
            && material.volumeThickness.isFinite
    }

    /// What `deformation` asks of `mesh`'s vertices: a skin where the mesh has joints and the
    /// pose a palette, morph targets where it has targets and the pose weights.
    static func of(_ deformation: MeshDeformation?, on mesh: Mesh) -> ShaderFeatures {
        guard let deformation else { return [] }
        var features: ShaderFeatures = []
        if mesh.skinSets > 0, !deformation.jointMatrices.isEmpty { features.insert(mesh.skinSets > 1 ? [.skin, .skin8] : .skin) }
        if !mesh.morphTargets.isEmpty, deformation.morphWeights.contains(where: { $0 != 0 }) { features.insert(.morph) }
        return features
    }

    /// The feature that samples `slot`'s texture.
    static func feature(of slot: TextureSlot) -> ShaderFeatures {
        switch slot {
        case .baseColor: .baseColorMap
        case .metallicRoughness: .metallicRoughnessMap
        case .normal: .normalMap
        case .occlusion: .occlusionMap
        case .emissive: .emissiveMap
        case .transmission: .transmissionMap
        case .clearcoat: .clearcoatMap
        case .clearcoatRoughness: .clearcoatRoughnessMap
        case .sheenColor: .sheenColorMap
        case .sheenRoughness: .sheenRoughnessMap
        case .specular: .specularMap
        case .specularColor: .specularColorMap
        case .clearcoatNormal: .clearcoatNormalMap
        case .thickness: .thicknessMap
        case .diffuseTransmission: .diffuseTransmissionMap
        case .diffuseTransmissionColor: .diffuseTransmissionColorMap
        case .anisotropy: .anisotropyMap
        case .iridescence: .iridescenceMap
        case .iridescenceThickness: .iridescenceThicknessMap
        }
    }
}

/// The texture units the lit program's samplers read, named once.
enum TextureUnit: Int32, CaseIterable {
    case baseColor = 0
    case shadowMap, environment, normal, occlusion, metallicRoughness, emissive, transmission, clearcoat, clearcoatRoughness
    case sheenColor, sheenRoughness
    case specular, specularColor, clearcoatNormal, thickness, diffuseTransmission, diffuseTransmissionColor, anisotropy
    case iridescence, iridescenceThickness
    /// What lies behind transmissive surfaces (`SceneColorCopy`).
    case sceneColor
    /// A morphed mesh's target offsets (`GPUMorphTargets`).
    case morphTargets
    /// The shadow map's translucent layer (`TranslucentShadowLayer`).
    case translucentShadowMap
    /// The volumes' back faces (normals, depth) and the depth behind them (`VolumeRefractionBuffers`).
    case volumeBackFaces, volumeBackFaceDepth, sceneDepth
    /// The shadow map of the view's near part (`ShadowProjection.nearPart`), and its translucent layer.
    case nearShadowMap, nearTranslucentShadowMap

    /// The sampler uniform bound to this unit.
    var samplerName: String {
        switch self {
        case .baseColor: "uBaseColorMap"
        case .shadowMap: "uShadowMap"
        case .environment: "uEnvironment"
        case .normal: "uNormalMap"
        case .occlusion: "uOcclusionMap"
        case .metallicRoughness: "uMetallicRoughnessMap"
        case .emissive: "uEmissiveMap"
        case .transmission: "uTransmissionMap"
        case .sceneColor: "uSceneColor"
        case .morphTargets: "uMorphTargets"
        case .clearcoat: "uClearcoatMap"
        case .clearcoatRoughness: "uClearcoatRoughnessMap"
        case .sheenColor: "uSheenColorMap"
        case .sheenRoughness: "uSheenRoughnessMap"
        case .specular: "uSpecularMap"
        case .specularColor: "uSpecularColorMap"
        case .clearcoatNormal: "uClearcoatNormalMap"
        case .thickness: "uThicknessMap"
        case .diffuseTransmission: "uDiffuseTransmissionMap"
        case .diffuseTransmissionColor: "uDiffuseTransmissionColorMap"
        case .anisotropy: "uAnisotropyMap"
        case .iridescence: "uIridescenceMap"
        case .iridescenceThickness: "uIridescenceThicknessMap"
        case .translucentShadowMap: "uTranslucentShadowMap"
        case .volumeBackFaces: "uVolumeBackFaces"
        case .volumeBackFaceDepth: "uVolumeBackFaceDepth"
        case .sceneDepth: "uSceneDepth"
        case .nearShadowMap: "uNearShadowMap"
        case .nearTranslucentShadowMap: "uNearTranslucentShadowMap"
        }
    }

    /// The unit a material texture slot is bound to.
    init(_ slot: TextureSlot) {
        switch slot {
        case .baseColor: self = .baseColor
        case .metallicRoughness: self = .metallicRoughness
        case .normal: self = .normal
        case .occlusion: self = .occlusion
        case .emissive: self = .emissive
        case .transmission: self = .transmission
        case .clearcoat: self = .clearcoat
        case .clearcoatRoughness: self = .clearcoatRoughness
        case .sheenColor: self = .sheenColor
        case .sheenRoughness: self = .sheenRoughness
        case .specular: self = .specular
        case .specularColor: self = .specularColor
        case .clearcoatNormal: self = .clearcoatNormal
        case .thickness: self = .thickness
        case .diffuseTransmission: self = .diffuseTransmission
        case .diffuseTransmissionColor: self = .diffuseTransmissionColor
        case .anisotropy: self = .anisotropy
        case .iridescence: self = .iridescence
        case .iridescenceThickness: self = .iridescenceThickness
        }
    }
}
