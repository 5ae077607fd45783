internal import COpenGL
import SproutMath
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One item's draw: its program (the features its material, mesh and the frame ask for), the
/// frame's uniforms on each program once a frame, and the material's on every draw.
extension Renderer {
    struct FrameUniforms {
        let viewProjection: [Float]
        /// `Viewpoint.shaderEye`: the camera's position (w 1) or the way towards it (w 0).
        let eye: Vec4
        /// The light; the content's is scaled from the stage's (`Scene.contentLightIntensity`).
        var lighting: Lighting
        let lightViewProjection: [Float]?
        /// From the whole shadow map's texture coordinates to the near map's (scale x, y; offset
        /// z, w), when the frame has one (`Renderer.prepareShadows`).
        var nearShadowTransform: Vec4?
        var shading = RenderOptions.Shading.realistic
        var exposure: Float = 1
        var toneMapping = ToneMapping.neutral
        /// The target has several samples a pixel: alpha-cut edges are drawn through coverage.
        var multisampled = false
        /// Linear radiance out, no tone mapping (drawing the environment probe).
        var linearOutput = false
        /// The environment the content reads (its probe and irradiance); nil: it does not.
        var environment: ContentEnvironment?
        /// Where the frame is drawn, for a copy of it under transmissive surfaces (nil: the probe, overlays).
        var target: RenderTarget?
        /// The punctual lights drawn (within `PunctualLight.budget`); none in the probe and overlays.
        var lights: [PlacedLight] = []
        /// Programs that already have this frame's uniforms.
        var prepared: Set<ShaderFeatures> = []
    }

    /// What the content reads of the environment in a frame, all of it or none.
    struct ContentEnvironment {
        /// The probe's light scaled by this (the light estimate's share, as the content's lights).
        var scale: Float
        /// The content's diffuse light: the probe's (`EnvironmentProbe.irradiance`), or without a
        /// backdrop the HDR image's.
        var irradiance: IrradianceSH
        /// The programs have `irradiance` compiled in (`CompiledIrradiance`), not as uniforms.
        var irradianceCompiledIn: Bool
        /// The probe is a stage's (box-filtered levels, not GGX-convolved): its levels are read
        /// at `EnvironmentProbe.boxLevelSlope`'s level, and rough materials reflect from the
        /// harmonics instead (`EnvironmentProbe.harmonicReflectionRoughness`).
        var boxFilteredProbe: Bool
    }

    /// The irradiance harmonics' uniform names, made once.
    private static let irradianceNames = (0..<9).map { "uIrradianceSH[\($0)]" }

    /// Each punctual light's uniform names, made once.
    private static let punctualNames = (0..<PunctualLight.budget).map { i in
        ["uPunctualKind", "uPunctualPosition", "uPunctualDirection", "uPunctualColor", "uPunctualRange", "uPunctualCone"].map { "\($0)[\(i)]" }
    }

    /// The frame's punctual lights on `program` (lit.frag's HAS_PUNCTUAL_LIGHTS), their colour
    /// times intensity over pi (Sprout's light units: its BRDF is times pi) times `exposure`.
    private func setPunctualLights(_ lights: [PlacedLight], exposure: Float, on program: ShaderProgram) {
        program.set("uPunctualCount", Int32(lights.count))
        for (light, names) in zip(lights, Self.punctualNames) {
            var kind: Int32 = 0, cone = Vec2(0, 0)
            switch light.light.kind {
            case .directional: kind = 0
            case .point: kind = 1
            case .spot(let inner, let outer):
                kind = 2
                // KHR_lights_punctual: scale = 1 / max(0.001, cos inner - cos outer), offset = -cos outer x scale.
                let scale = 1 / max(0.001, cos(inner) - cos(outer))
                cone = Vec2(scale, -cos(outer) * scale)
            }
            program.set(names[0], kind)
            program.set(names[1], light.position)
            program.set(names[2], light.direction)
            program.set(names[3], light.light.color * (light.light.intensity / Float.pi * exposure))
            program.set(names[4], light.light.range ?? 0)
            program.set(names[5], cone)
        }
    }

    /// Each texture slot's uniform names, made once (not per draw).
    private static let uvTransformNames = TextureSlot.allCases.map { "uUVTransform[\($0.rawValue)]" }
    private static let uvSetNames = TextureSlot.allCases.map { "uUVSet[\($0.rawValue)]" }

    /// Draws one item with the features its material and mesh need, in `pass`'s state (its
    /// faces turned for a two-sided material or a mirroring transform).
    func draw(_ item: DrawItem, pass: DrawState, shadowed: Bool, frame: inout FrameUniforms, only side: DrawState.Cull? = nil) throws {
        let material = item.material, mesh = item.mesh
        var features = ShaderFeatures.of(
            material, on: mesh, shading: frame.shading, shadowed: shadowed,
            environment: frame.environment != nil, linearOutput: frame.linearOutput,
            punctualLights: !frame.lights.isEmpty, toneMapping: frame.toneMapping)
        if material.alphaCutoff != nil && frame.multisampled && pass.blend == .none { features.insert(.alphaToCoverage) }
        // The cut whose coverage map the base colour is read through, worked out once for the draw.
        let cut = features.contains(.coverageMap) ? coverageCut(for: item) : nil
        if cut == nil { features.remove(.coverageMap) }
        if features.contains(.environment), let environment = frame.environment {
            if environment.irradianceCompiledIn { features.insert(.irradianceConstants) }
            if environment.boxFilteredProbe {
                features.insert(.boxFilteredProbe)
                if material.roughness >= EnvironmentProbe.harmonicReflectionRoughness && features.isDisjoint(with: [.metallicRoughnessMap, .anisotropy]) {
                    features.insert(.reflectionsFromHarmonics)
                }
            }
        }
        if features.contains(.shadows) && shadowMap?.hasTranslucentCasters == true { features.insert(.translucentShadows) }
        if features.contains(.shadows) && frame.nearShadowTransform != nil { features.insert(.nearShadows) }
        if features.contains(.nearShadows) && nearShadowMap?.hasTranslucentCasters == true { features.insert(.nearTranslucentShadows) }
        features.formUnion(ShaderFeatures.of(item.deformation, on: mesh))
        let program = try program(.lit(features))
        glUseProgram(program.id)
        // The lights and emission arrive exposed where the program's output is (lit-inputs.glsl).
        let exposure = features.isExposed ? frame.exposure : 1
        if !frame.prepared.contains(features) {
            program.set("uViewProjection", matrix: frame.viewProjection)
            program.set("uEye", frame.eye)
            program.set("uToLight", frame.lighting.directionToLight)
            program.set("uLightColor", frame.lighting.color * (frame.lighting.intensity * exposure))
            program.set("uAmbient", frame.lighting.ambient * exposure)
            if features.contains(.toneMappedUnlit) { program.set("uExposure", frame.exposure) }
            for unit in TextureUnit.allCases { program.set(unit.samplerName, unit.rawValue) }
            if features.contains(.environment), let environment = frame.environment {
                program.set("uEnvironmentLevels", Float(probe?.levels ?? 1))
                program.set("uEnvironmentScale", environment.scale * exposure)
                if !features.contains(.irradianceConstants) {
                    for (i, term) in environment.irradiance.shaderTerms.enumerated() { program.set(Self.irradianceNames[i], term) }
                }
            }
            if features.contains(.punctualLights) { setPunctualLights(frame.lights, exposure: exposure, on: program) }
            if features.contains(.shadows), let lvp = frame.lightViewProjection {
                program.set("uLightViewProjection", matrix: lvp)
            }
            if features.contains(.nearShadows), let near = frame.nearShadowTransform { program.set("uNearShadowTransform", near) }
            frame.prepared.insert(features)
        }
        if features.contains(.shadows) { shadowMap?.bind(unit: TextureUnit.shadowMap.rawValue) }
        if features.contains(.translucentShadows) { shadowMap?.bindTranslucentLayer(unit: TextureUnit.translucentShadowMap.rawValue) }
        if features.contains(.nearShadows) { nearShadowMap?.bind(unit: TextureUnit.nearShadowMap.rawValue) }
        if features.contains(.nearTranslucentShadows) { nearShadowMap?.bindTranslucentLayer(unit: TextureUnit.nearTranslucentShadowMap.rawValue) }
        if features.contains(.environment) { probe?.bind(unit: TextureUnit.environment.rawValue) }
        program.set("uModel", matrix: item.world.flat)
        program.set("uNormalMatrix", matrix3: normalMatrix(item.world))
        setMaterial(of: item, features: features, cut: cut, exposure: exposure, on: program)
        try setDeformation(item, features: features, on: program)
        let twoSided = Self.drawsBothSides(material, frame: frame)
        var drawState = pass.faces(doubleSided: twoSided, mirrored: item.world.determinant < 0)
        if twoSided, let side { drawState.cull = side }
        drawState.alphaToCoverage = features.contains(.alphaToCoverage)
        state.apply(drawState)
        drawMesh(mesh)
    }

    /// Whether both sides of a surface of `material` are drawn: a two-sided one's, but for a
    /// volume's, where `doubleSided` has no effect (KHR_materials_volume): its back faces are
    /// the refraction's to follow (`VolumeRefractionBuffers`), not surfaces of their own.
    static func drawsBothSides(_ material: Material, frame: FrameUniforms) -> Bool {
        material.isDoubleSided && !ShaderFeatures.refracts(material, shading: frame.shading, linearOutput: frame.linearOutput)
    }

    /// The material's factors, textures (with their coordinates) and extension parameters on
    /// `program`, each only where `features` reads it; its emission times `exposure`.
    private func setMaterial(of item: DrawItem, features: ShaderFeatures, cut: AlphaCut?, exposure: Float, on program: ShaderProgram) {
        let material = item.material, mesh = item.mesh
        program.set("uBaseColor", material.baseColor)
        program.set("uMetallic", material.metallic)
        program.set("uRoughness", material.roughness)
        if features.contains(.emission) { program.set("uEmissive", material.emissive * exposure) }
        if features.contains(.dielectricSpecular) {
            program.set("uDielectricF0", material.dielectricF0)
            program.set("uSpecularWeight", min(max(material.specular, 0), 1))
        }
        program.set("uAlphaCutoff", material.alphaCutoff ?? -1)
        for slot in TextureSlot.allCases where features.contains(ShaderFeatures.feature(of: slot)) {
            guard let texture = material.texture(slot) else { continue }
            bind(texture, variant: Self.variant(of: slot, cut: cut), to: TextureUnit(slot))
            if features.contains(.uvMapping) {
                let mapping = material.mapping(slot)
                program.set(Self.uvTransformNames[slot.rawValue], matrix3: mapping.matrix)
                program.set(Self.uvSetNames[slot.rawValue], Int32(mapping.texCoord == 1 && !mesh.uvs1.isEmpty ? 1 : 0))
            }
        }
        if features.contains(.normalMap) { program.set("uNormalScale", material.normalScale) }
        if features.contains(.clearcoat) {
            program.set("uClearcoat", min(max(material.clearcoat, 0), 1))
            program.set("uClearcoatRoughness", min(max(material.clearcoatRoughness, 0), 1))
            if features.contains(.clearcoatNormalMap) { program.set("uClearcoatNormalScale", material.clearcoatNormalScale) }
        }
        if features.contains(.sheen) {
            program.set("uSheenColor", material.sheenColor.clamped(lowerBound: .zero, upperBound: .one))
            program.set("uSheenRoughness", min(max(material.sheenRoughness, 0), 1))
        }
        if features.contains(.iridescence) {
            // Factor, the film's index, its thickness at the texture's 0 and 1 (nanometres).
            program.set(
                "uIridescence",
                Vec4(
                    min(max(material.iridescence, 0), 1), max(material.iridescenceIOR, 1), max(material.iridescenceThicknessMinimum, 0),
                    max(material.iridescenceThicknessMaximum, 0)))
        }
        if features.contains(.anisotropy) {
            // The direction (cos r, sin r) in the tangent frame and the strength, as one vector.
            let r = material.anisotropyRotation
            program.set("uAnisotropy", Vec3(cos(r), sin(r), min(max(material.anisotropyStrength, 0), 1)))
        }
        if features.contains(.diffuseTransmission) {
            program.set("uDiffuseTransmission", min(max(material.diffuseTransmission, 0), 1))
            program.set("uDiffuseTransmissionColor", material.diffuseTransmissionColor.clamped(lowerBound: .zero, upperBound: .one))
        }
        if features.contains(.occlusionMap) { program.set("uOcclusionStrength", material.occlusionStrength) }
        if features.contains(.volumeAttenuation), let distance = material.attenuationDistance {
            // Beer-Lambert through the thickness; both lengths scale alike, so their ratio needs no node scale.
            let ratio = material.volumeThickness / distance
            let c = material.attenuationColor
            program.set("uAttenuation", Vec3(pow(max(c.x, 0), ratio), pow(max(c.y, 0), ratio), pow(max(c.z, 0), ratio)))
        }
        if features.contains(.volumeRefraction) {
            program.set("uThickness", material.volumeThickness)
            program.set("uModelScale", item.world.axisScales)
            let ior = max(material.ior, 1)
            program.set("uIOR", ior)
            // KHR_materials_dispersion as the Khronos sample viewer spreads it: red and blue
            // refracted by the index less and more (ior - 1) x 0.025 x dispersion.
            if features.contains(.dispersion) { program.set("uDispersionSpread", (ior - 1) * 0.025 * material.dispersion) }
        }
        if features.contains(.transmission) {
            program.set("uTransmission", min(max(material.transmission, 0), 1))
            if let copy = sceneColor {
                copy.bind(unit: TextureUnit.sceneColor.rawValue)
                program.set("uSceneColorSize", Vec2(Float(copy.width), Float(copy.height)))
            }
            if features.contains(.volumeRefraction) {
                let buffers = volumeRefraction
                buffers?.bind(
                    backFacesUnit: TextureUnit.volumeBackFaces.rawValue, backFaceDepthUnit: TextureUnit.volumeBackFaceDepth.rawValue,
                    depthUnit: TextureUnit.sceneDepth.rawValue)
                program.set("uTraceBehind", Float(buffers?.hasSceneDepth == true ? 1 : 0))
            }
        }
    }

    /// The cut whose coverage map `item`'s base colour texture is read through: its material's
    /// (`ShaderFeatures.alphaCut`) while the texture has that map or room for it
    /// (`GPUResourceCache.hasCoverageMap`); nil draws it from the plain texture.
    func coverageCut(for item: DrawItem) -> AlphaCut? {
        guard let cut = ShaderFeatures.alphaCut(of: item.material, on: item.mesh), let texture = item.material.baseColorTexture,
            resources.hasCoverageMap(texture, cut: cut)
        else { return nil }
        return cut
    }

    /// The copy of `slot`'s texture a draw reads: the base colour's coverage map for `cut` (the
    /// draw's `coverageCut`, nil without `coverageMap`), a normal map's levels (the base's and the
    /// clear coat's), else the plain copy.
    static func variant(of slot: TextureSlot, cut: AlphaCut?) -> TextureVariant {
        switch slot {
        case .baseColor: cut.map { .coverage($0) } ?? .plain
        case .normal, .clearcoatNormal: .normalMap
        default: .plain
        }
    }

    /// Binds `variant` of `texture` (`GPUResourceCache.texture(_:variant:)`) to `unit`.
    func bind(_ texture: Texture, variant: TextureVariant = .plain, to unit: TextureUnit) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit.rawValue))
        glBindTexture(GLC.texture2D, resources.texture(texture, variant: variant).id)
    }

    /// Draws `mesh` with the program and state bound now, counted for the submission pacer.
    func drawMesh(_ mesh: Mesh) {
        resources.mesh(mesh).draw()
        submission.submitted(triangles: mesh.triangleCount)
    }

    /// Inverse-transpose of the upper 3x3, column-major, for normals under non-uniform scale.
    func normalMatrix(_ m: Matrix4) -> [Float] {
        let inv = (m.inverse ?? .identity).transposed
        let (a, b, c) = inv.upperLeft3x3
        return [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]
    }
}
