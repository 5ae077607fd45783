import SproutMath

/// How a surface looks: metallic-roughness parameters as glTF 2.0 defines them, colours in linear RGB.
public struct Material: Sendable {
    /// How a material's colour meets what is behind it: opaque, or alpha-blended.
    public enum Blending: Sendable { case opaque, transparent }

    /// The material's name from its file, or a label; may be empty.
    public var name: String
    /// Linear RGBA multiplier of the base colour texture.
    public var baseColor: Vec4
    /// The base colour texture (sRGB), multiplied by `baseColor`; nil for none.
    public var baseColorTexture: Texture?
    /// glTF `metallicFactor`: 0 dielectric (default) ... 1 metal.
    public var metallic: Float
    /// glTF `roughnessFactor`: 0 mirror-smooth ... 1 fully rough (0.8 by default).
    public var roughness: Float
    /// Drawn without back-face culling.
    public var isDoubleSided: Bool
    /// Ignores lights: the colour is drawn as it is (focus square, overlays).
    public var isUnlit: Bool
    /// Whether the surface is drawn opaque or alpha-blended; by default transparent when `baseColor`'s alpha is below 1.
    public var blending: Blending
    /// Whether the object casts a shadow onto others.
    public var castsShadow: Bool
    /// Drawn after everything else without reading depth (the focus square: SceneKit
    /// `renderingOrder = 2`, `readsFromDepthBuffer = false`).
    public var drawsOnTop = false
    /// Light the surface gives off, linear RGB (glTF `emissiveFactor` times
    /// `KHR_materials_emissive_strength`), added before tone mapping.
    public var emissive = Vec3.zero
    /// glTF `alphaMode: MASK`: fragments whose alpha is below this are cut away, the rest are
    /// opaque (leaves with alpha-cut textures); nil for no cut.
    public var alphaCutoff: Float?
    /// glTF `normalTexture` (linear, tangent space, +Y up) and its `scale`; the tangent frame
    /// is the mesh's `tangents` (a file's, or MikkTSpace's where the importer computed them),
    /// else derived from the texture coordinates as drawn.
    public var normalTexture: Texture?
    /// glTF `normalTexture.scale`: multiplies the normal texture's x and y (1 by default).
    public var normalScale: Float = 1
    /// glTF `occlusionTexture` (its red channel darkens the environment's light, not the sun's)
    /// and its `strength`.
    public var occlusionTexture: Texture?
    /// glTF `occlusionTexture.strength`: 0 ignores the occlusion texture, 1 (default) applies it fully.
    public var occlusionStrength: Float = 1
    /// For an unlit material: whether its colour is scene light like any other, through exposure
    /// and the tone mapper, as viewers draw glTF's KHR_materials_unlit (model-viewer, Filament);
    /// false keeps the exact colour, as Sprout's own markers (focus square, planes, overlays) need.
    public var toneMapsUnlitColor = false
    /// KHR_materials_transmission's factor, 0...1: the share of light that passes through the
    /// surface (tinted by the base colour, blurred by roughness; thin-walled, not refracted,
    /// unless `volumeThickness` gives it a volume). A transmissive material is drawn after
    /// opaque ones, over what lies behind it.
    public var transmission: Float = 0
    /// KHR_materials_volume's `thicknessFactor`, in the mesh's units: how far light transmitted
    /// through the surface travels inside it, refracted by `ior` (0 by default: a thin wall, no
    /// refraction or absorption).
    public var volumeThickness: Float = 0
    /// KHR_materials_volume's `attenuationDistance`, in the mesh's units: after this distance
    /// the light inside is `attenuationColor` of what it was (nil by default: no absorption).
    public var attenuationDistance: Float?
    /// KHR_materials_volume's `attenuationColor`, linear RGB (white by default).
    public var attenuationColor: Vec3 = .one
    /// KHR_materials_dispersion's `dispersion`, 20 / the Abbe number (0 by default: none): a
    /// volume (`volumeThickness` above 0) bends each colour by its own index of refraction.
    public var dispersion: Float = 0
    /// KHR_materials_clearcoat's `clearcoatFactor`, 0...1: a clear dielectric layer (F0 0.04)
    /// over the material, as on car paint or varnished wood (0 by default: none).
    public var clearcoat: Float = 0
    /// KHR_materials_clearcoat's `clearcoatRoughnessFactor`, 0...1 (0 by default: a mirror-smooth coat).
    public var clearcoatRoughness: Float = 0
    /// KHR_materials_clearcoat's `clearcoatTexture`: its red channel multiplies `clearcoat`.
    public var clearcoatTexture: Texture?
    /// KHR_materials_clearcoat's `clearcoatRoughnessTexture`: its green channel multiplies `clearcoatRoughness`.
    public var clearcoatRoughnessTexture: Texture?
    /// KHR_materials_sheen's `sheenColorFactor`, linear RGB: the colour of the back-scattering
    /// fibres of velvet and other cloth, layered over the material (black by default: no sheen).
    public var sheenColor: Vec3 = .zero
    /// KHR_materials_sheen's `sheenRoughnessFactor`, 0...1: how far the fibres lean from the
    /// normal (0 by default: a sheen at grazing angles only).
    public var sheenRoughness: Float = 0
    /// KHR_materials_sheen's `sheenColorTexture` (sRGB): its RGB multiplies `sheenColor`.
    public var sheenColorTexture: Texture?
    /// KHR_materials_sheen's `sheenRoughnessTexture`: its alpha channel multiplies `sheenRoughness`.
    public var sheenRoughnessTexture: Texture?
    /// Whether the material has a sheen layer (glTF: a black `sheenColor` disables it).
    public var hasSheen: Bool { max(sheenColor.x, sheenColor.y, sheenColor.z) > 0 }
    /// KHR_materials_ior: a dielectric's index of refraction (1.5 by default, glTF's), which sets
    /// its reflectance square on, ((ior - 1) / (ior + 1))² (0.04 at 1.5).
    public var ior: Float = 1.5
    /// KHR_materials_specular's `specularFactor`, 0...1: weighs a dielectric's specular
    /// reflection (1 by default); metals are unaffected.
    public var specular: Float = 1
    /// KHR_materials_specular's `specularColorFactor`, linear RGB: tints a dielectric's
    /// reflectance square on (white by default; the product is kept at most 1).
    public var specularColor: Vec3 = .one
    /// KHR_materials_clearcoat's `clearcoatNormalTexture` (linear, tangent space, +Y up): the
    /// coat's own normal, which otherwise is the geometric one.
    public var clearcoatNormalTexture: Texture?
    /// The `scale` of `clearcoatNormalTexture`: multiplies its x and y (1 by default).
    public var clearcoatNormalScale: Float = 1
    /// KHR_materials_diffuse_transmission's factor, 0...1: the share of the diffuse light that
    /// passes through the (thin) surface instead of being reflected, as leaves and paper do.
    public var diffuseTransmission: Float = 0
    /// KHR_materials_diffuse_transmission's colour of the transmitted light, linear RGB (white by default).
    public var diffuseTransmissionColor: Vec3 = .one
    /// Its strength texture (linear): the alpha channel multiplies `diffuseTransmission`.
    public var diffuseTransmissionTexture: Texture?
    /// Its colour texture (sRGB): the RGB multiplies `diffuseTransmissionColor`.
    public var diffuseTransmissionColorTexture: Texture?
    /// KHR_materials_iridescence's `iridescenceFactor`, 0...1: how much a thin film over the
    /// surface colours its reflection by interference (soap bubbles, oil, beetles).
    public var iridescence: Float = 0
    /// The film's index of refraction (`iridescenceIor`, 1.3 by default).
    public var iridescenceIOR: Float = 1.3
    /// The film's thickness in nanometres where its thickness texture reads 0
    /// (`iridescenceThicknessMinimum`, 100 by default).
    public var iridescenceThicknessMinimum: Float = 100
    /// The film's thickness in nanometres where its thickness texture reads 1, and without the
    /// texture (`iridescenceThicknessMaximum`, 400 by default).
    public var iridescenceThicknessMaximum: Float = 400
    /// Its strength texture (linear, red) and thickness texture (linear, green).
    public var iridescenceTexture: Texture?
    /// The thickness texture: green 0 is the range's minimum, 1 its maximum.
    public var iridescenceThicknessTexture: Texture?
    /// KHR_materials_anisotropy's `anisotropyStrength`, 0...1: how much more the highlights
    /// stretch along the anisotropy direction than across it (brushed metal); 0 is isotropic.
    public var anisotropyStrength: Float = 0
    /// KHR_materials_anisotropy's `anisotropyRotation`: the direction's angle from the surface's
    /// tangent (+u) towards its bitangent, radians counter-clockwise.
    public var anisotropyRotation: Float = 0
    /// KHR_materials_anisotropy's `anisotropyTexture` (linear): direction in red and green, strength in blue.
    public var anisotropyTexture: Texture?
    /// KHR_materials_volume's `thicknessTexture` (linear): its green channel multiplies `volumeThickness`.
    public var thicknessTexture: Texture?
    /// KHR_materials_specular's `specularTexture`: its alpha multiplies `specular`.
    public var specularTexture: Texture?
    /// KHR_materials_specular's `specularColorTexture` (sRGB): its RGB multiplies `specularColor`.
    public var specularColorTexture: Texture?
    /// A dielectric's reflectance square on, from `ior` and `specularColor`, each channel at most 1.
    public var dielectricF0: Vec3 {
        let r = (ior - 1) / (ior + 1)
        let f = specularColor * (r * r)
        return Vec3(min(f.x, 1), min(f.y, 1), min(f.z, 1))
    }
    /// KHR_materials_transmission's texture: its red channel multiplies `transmission`.
    public var transmissionTexture: Texture?
    /// glTF `metallicRoughnessTexture`: its blue channel multiplies `metallic`, its green `roughness`.
    public var metallicRoughnessTexture: Texture?
    /// KHR_materials_pbrSpecularGlossiness: `metallicRoughnessTexture` holds the
    /// specular-glossiness texture, whose alpha is glossiness: roughness is 1 - (1 - `roughness`)
    /// x alpha, and `metallic` is not read from it.
    public var glossinessInAlpha = false
    /// glTF `emissiveTexture` (sRGB): multiplies `emissive`.
    public var emissiveTexture: Texture?
    /// Each texture's coordinate set and KHR_texture_transform; a slot not listed reads the
    /// mesh's first coordinates as they are.
    public var textureMappings: [TextureSlot: TextureMapping] = [:]
    /// Whether the material's alpha is its coverage (glTF `BLEND` or `MASK`); an opaque
    /// material (glTF `OPAQUE`) ignores the alpha of its colour and texture and is drawn with alpha 1.
    public var usesAlpha: Bool { blending == .transparent || alphaCutoff != nil }

    /// The texture in `slot`, if the material has one.
    public func texture(_ slot: TextureSlot) -> Texture? {
        switch slot {
        case .baseColor: baseColorTexture
        case .metallicRoughness: metallicRoughnessTexture
        case .normal: normalTexture
        case .occlusion: occlusionTexture
        case .emissive: emissiveTexture
        case .transmission: transmissionTexture
        case .clearcoat: clearcoatTexture
        case .clearcoatRoughness: clearcoatRoughnessTexture
        case .sheenColor: sheenColorTexture
        case .sheenRoughness: sheenRoughnessTexture
        case .specular: specularTexture
        case .specularColor: specularColorTexture
        case .clearcoatNormal: clearcoatNormalTexture
        case .thickness: thicknessTexture
        case .diffuseTransmission: diffuseTransmissionTexture
        case .diffuseTransmissionColor: diffuseTransmissionColorTexture
        case .anisotropy: anisotropyTexture
        case .iridescence: iridescenceTexture
        case .iridescenceThickness: iridescenceThicknessTexture
        }
    }

    /// How the texture in `slot` reads its coordinates.
    public func mapping(_ slot: TextureSlot) -> TextureMapping { textureMappings[slot] ?? .identity }

    /// A material from its parameters: white, dielectric, roughness 0.8, single-sided, lit and casting shadows by default.
    /// `blending` nil picks `.transparent` when `baseColor`'s alpha is below 1, else `.opaque`.
    public init(
        name: String = "", baseColor: Vec4 = Vec4(1, 1, 1, 1), baseColorTexture: Texture? = nil,
        metallic: Float = 0, roughness: Float = 0.8, isDoubleSided: Bool = false, isUnlit: Bool = false,
        blending: Blending? = nil, castsShadow: Bool = true
    ) {
        self.name = name
        self.baseColor = baseColor
        self.baseColorTexture = baseColorTexture
        self.metallic = metallic
        self.roughness = roughness
        self.isDoubleSided = isDoubleSided
        self.isUnlit = isUnlit
        self.blending = blending ?? (baseColor.w < 1 ? .transparent : .opaque)
        self.castsShadow = castsShadow
    }

    /// A plain colour given in sRGB 0...1 (as colour pickers and specs write them).
    public static func color(sRGB r: Float, _ g: Float, _ b: Float, alpha: Float = 1, roughness: Float = 0.8) -> Material {
        Material(baseColor: Vec4(linearFromSRGB(r), linearFromSRGB(g), linearFromSRGB(b), alpha), roughness: roughness)
    }
}

/// The sRGB electro-optical transfer function (IEC 61966-2-1).
public func linearFromSRGB(_ c: Float) -> Float {
    c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
}

/// The inverse of `linearFromSRGB`: encodes a linear value (0...1) to sRGB (IEC 61966-2-1).
public func sRGBFromLinear(_ c: Float) -> Float {
    c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
}
