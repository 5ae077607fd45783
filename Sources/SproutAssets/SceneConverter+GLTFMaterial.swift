import SproutMath
import SproutScene

extension SceneConverter {
    /// The textureInfo (`{"index": ..., "texCoord": ...}`) a glTF material gives `slot`, if any.
    static func textureInfo(_ slot: TextureSlot, in json: GLTFJSON) -> GLTFJSON? {
        texturePath(slot).reduce(json as GLTFJSON?) { $0?[$1] }
    }

    /// The coordinate set a textureInfo names (KHR_texture_transform's `texCoord` overrides).
    static func texCoord(of info: GLTFJSON) -> Int {
        info["extensions"]?["KHR_texture_transform"]?["texCoord"]?.int ?? info["texCoord"]?.int ?? 0
    }

    /// How many of the file's materials' texture references name a coordinate set past the two
    /// Sprout draws (`TEXCOORD_2` on): each drawn with `TEXCOORD_0` (`mapping(of:)`), said once.
    static func texturesOnALaterCoordinateSet(in json: GLTFJSON) -> Int {
        (json["materials"]?.array ?? []).reduce(0) { count, material in
            count + TextureSlot.allCases.filter { slot in textureInfo(slot, in: material).map { texCoord(of: $0) >= 2 } ?? false }.count
        }
    }

    /// The textures the file's materials use that name no image: glTF allows a texture without
    /// `source` where an extension supplies the image, and none Sprout reads did. Each material
    /// is drawn without it (as Assimp 5.2 leaves such a texture out), said once.
    static func texturesWithoutImage(in json: GLTFJSON) -> [Int] {
        let used = Set(
            (json["materials"]?.array ?? []).flatMap { material in TextureSlot.allCases.compactMap { textureInfo($0, in: material)?["index"]?.int } })
        return used.sorted().filter { json["textures"]?[$0] != nil && json["textures"]?[$0]?["source"] == nil }
    }

    /// A textureInfo's coordinate set and KHR_texture_transform.
    static func mapping(of info: GLTFJSON) -> TextureMapping {
        let transform = info["extensions"]?["KHR_texture_transform"]
        var mapping = TextureMapping(texCoord: texCoord(of: info) == 1 ? 1 : 0)
        if let transform {
            if let offset = transform["offset"]?.floats(count: 2) { mapping.offset = Vec2(offset[0], offset[1]) }
            if let rotation = transform["rotation"]?.float { mapping.rotation = rotation }
            if let scale = transform["scale"]?.floats(count: 2) { mapping.scale = Vec2(scale[0], scale[1]) }
        }
        return mapping
    }

    /// Where in a glTF material `slot`'s textureInfo lies, member by member.
    static func texturePath(_ slot: TextureSlot) -> [String] {
        switch slot {
        case .baseColor: ["pbrMetallicRoughness", "baseColorTexture"]
        case .metallicRoughness: ["pbrMetallicRoughness", "metallicRoughnessTexture"]
        case .normal: ["normalTexture"]
        case .occlusion: ["occlusionTexture"]
        case .emissive: ["emissiveTexture"]
        case .transmission: ["extensions", "KHR_materials_transmission", "transmissionTexture"]
        case .clearcoat: ["extensions", "KHR_materials_clearcoat", "clearcoatTexture"]
        case .clearcoatRoughness: ["extensions", "KHR_materials_clearcoat", "clearcoatRoughnessTexture"]
        case .clearcoatNormal: ["extensions", "KHR_materials_clearcoat", "clearcoatNormalTexture"]
        case .sheenColor: ["extensions", "KHR_materials_sheen", "sheenColorTexture"]
        case .sheenRoughness: ["extensions", "KHR_materials_sheen", "sheenRoughnessTexture"]
        case .specular: ["extensions", "KHR_materials_specular", "specularTexture"]
        case .specularColor: ["extensions", "KHR_materials_specular", "specularColorTexture"]
        case .thickness: ["extensions", "KHR_materials_volume", "thicknessTexture"]
        case .diffuseTransmission: ["extensions", "KHR_materials_diffuse_transmission", "diffuseTransmissionTexture"]
        case .diffuseTransmissionColor: ["extensions", "KHR_materials_diffuse_transmission", "diffuseTransmissionColorTexture"]
        case .anisotropy: ["extensions", "KHR_materials_anisotropy", "anisotropyTexture"]
        case .iridescence: ["extensions", "KHR_materials_iridescence", "iridescenceTexture"]
        case .iridescenceThickness: ["extensions", "KHR_materials_iridescence", "iridescenceThicknessTexture"]
        }
    }

    /// The slots whose textures Assimp 5.2 does not import, so `GLTFTextures` reads them from the
    /// file's JSON: where each goes in a `Material` and how its texels are encoded.
    static var texturesReadFromJSON: [(TextureSlot, WritableKeyPath<Material, Texture?>, Texture.ColorSpace)] {
        [
            (.specular, \.specularTexture, .linear), (.specularColor, \.specularColorTexture, .sRGB),
            (.clearcoatNormal, \.clearcoatNormalTexture, .linear), (.thickness, \.thicknessTexture, .linear),
            (.diffuseTransmission, \.diffuseTransmissionTexture, .linear),
            (.diffuseTransmissionColor, \.diffuseTransmissionColorTexture, .sRGB), (.anisotropy, \.anisotropyTexture, .linear),
            (.iridescence, \.iridescenceTexture, .linear), (.iridescenceThickness, \.iridescenceThicknessTexture, .linear)
        ]
    }

    /// What Assimp 5.2 does not keep of a glTF material: each texture's coordinate set and
    /// KHR_texture_transform, the emissive factor times KHR_materials_emissive_strength,
    /// KHR_materials_unlit, KHR_materials_transmission's factor (read here for one truth), and
    /// the factors of KHR_materials_ior, _specular, _sheen, _volume, _clearcoat, _diffuse_transmission,
    /// _anisotropy and _iridescence (their textures are read by `GLTFTextures`).
    static func applyGLTF(_ json: GLTFJSON, to material: inout Material) {
        for slot in TextureSlot.allCases {
            guard let info = textureInfo(slot, in: json) else { continue }
            let mapping = mapping(of: info)
            if mapping != .identity { material.textureMappings[slot] = mapping }
        }
        let extensions = json["extensions"]
        if let factor = json["emissiveFactor"]?.floats(count: 3) {
            let strength = extensions?["KHR_materials_emissive_strength"]?["emissiveStrength"]?.float ?? 1
            material.emissive = Vec3(factor[0], factor[1], factor[2]) * max(strength, 0)
        }
        if let transmission = extensions?["KHR_materials_transmission"] {
            material.transmission = min(max(transmission["transmissionFactor"]?.float ?? 0, 0), 1)
        }
        if let film = extensions?["KHR_materials_iridescence"] {
            material.iridescence = min(max(film["iridescenceFactor"]?.float ?? 0, 0), 1)
            material.iridescenceIOR = max(film["iridescenceIor"]?.float ?? 1.3, 1)
            material.iridescenceThicknessMinimum = max(film["iridescenceThicknessMinimum"]?.float ?? 100, 0)
            material.iridescenceThicknessMaximum = max(film["iridescenceThicknessMaximum"]?.float ?? 400, 0)
        }
        if let anisotropy = extensions?["KHR_materials_anisotropy"] {
            material.anisotropyStrength = min(max(anisotropy["anisotropyStrength"]?.float ?? 0, 0), 1)
            material.anisotropyRotation = anisotropy["anisotropyRotation"]?.float ?? 0
        }
        if let diffuse = extensions?["KHR_materials_diffuse_transmission"] {
            material.diffuseTransmission = min(max(diffuse["diffuseTransmissionFactor"]?.float ?? 0, 0), 1)
            let color = diffuse["diffuseTransmissionColorFactor"]?.floats(count: 3) ?? [1, 1, 1]
            material.diffuseTransmissionColor = Vec3(color[0], color[1], color[2]).clamped(lowerBound: .zero, upperBound: .one)
        }
        if let dispersion = extensions?["KHR_materials_dispersion"]?["dispersion"]?.float, dispersion.isFinite {
            material.dispersion = max(dispersion, 0)
        }
        if let volume = extensions?["KHR_materials_volume"] {
            material.volumeThickness = max(volume["thicknessFactor"]?.float ?? 0, 0)
            material.attenuationDistance = volume["attenuationDistance"]?.float.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            if let color = volume["attenuationColor"]?.floats(count: 3) {
                material.attenuationColor = Vec3(color[0], color[1], color[2]).clamped(lowerBound: .zero, upperBound: .one)
            }
        }
        if let coat = extensions?["KHR_materials_clearcoat"] {
            material.clearcoat = min(max(coat["clearcoatFactor"]?.float ?? 0, 0), 1)
            material.clearcoatRoughness = min(max(coat["clearcoatRoughnessFactor"]?.float ?? 0, 0), 1)
        }
        if let sheen = extensions?["KHR_materials_sheen"] {
            let color = sheen["sheenColorFactor"]?.floats(count: 3) ?? [0, 0, 0]
            material.sheenColor = Vec3(color[0], color[1], color[2]).clamped(lowerBound: .zero, upperBound: .one)
            material.sheenRoughness = min(max(sheen["sheenRoughnessFactor"]?.float ?? 0, 0), 1)
        }
        if let ior = extensions?["KHR_materials_ior"]?["ior"]?.float {
            // glTF: 1 or more (1 is a dielectric that reflects nothing square on); 0 is not valid.
            material.ior = ior >= 1 ? min(ior, 10) : 1.5
        }
        if let specular = extensions?["KHR_materials_specular"] {
            material.specular = min(max(specular["specularFactor"]?.float ?? 1, 0), 1)
            if let color = specular["specularColorFactor"]?.floats(count: 3) {
                material.specularColor = Vec3(max(color[0], 0), max(color[1], 0), max(color[2], 0))
            }
        }
        if extensions?["KHR_materials_unlit"] != nil {
            material.isUnlit = true
            material.toneMapsUnlitColor = true
        }
    }
}

extension SceneConverter {
    /// `applyGLTF`, then the textures Assimp 5.2 does not import, read from the JSON, and a
    /// KHR_materials_pbrSpecularGlossiness material's own model (`applySpecularGlossiness`).
    mutating func applyGLTFWithTextures(_ json: GLTFJSON, to material: inout Material) throws {
        Self.applyGLTF(json, to: &material)
        for (slot, texture, colorSpace) in Self.texturesReadFromJSON {
            material[keyPath: texture] = try gltfTextures?.texture(Self.textureInfo(slot, in: json), colorSpace: colorSpace)
        }
        if let scale = Self.textureInfo(.clearcoatNormal, in: json)?["scale"]?.float { material.clearcoatNormalScale = scale }
        if let specularGlossiness = json["extensions"]?["KHR_materials_pbrSpecularGlossiness"] {
            try applySpecularGlossiness(specularGlossiness, to: &material)
        }
    }

    /// KHR_materials_pbrSpecularGlossiness (archived) in Sprout's metallic-roughness model with
    /// KHR_materials_specular: the diffuse colour and texture are the base colour (no metal);
    /// the specular colour is the dielectric's reflectance square on (a specular colour factor of
    /// specular / 0.04 at ior 1.5, times the specular-glossiness texture's RGB, sRGB); roughness
    /// is 1 - glossiness, times the texture's alpha. Assimp 5.2's conversion kept none of the
    /// diffuse colour (such a material was drawn white). Approximated: the diffuse light is
    /// weighed by the Fresnel term as the metallic-roughness model does, not by 1 - max(specular).
    private mutating func applySpecularGlossiness(_ json: GLTFJSON, to material: inout Material) throws {
        let diffuse = json["diffuseFactor"]?.floats(count: 4) ?? [1, 1, 1, 1]
        material.baseColor = Vec4(diffuse[0], diffuse[1], diffuse[2], diffuse[3]).clamped(lowerBound: .zero, upperBound: .one)
        material.metallic = 0
        material.roughness = 1 - min(max(json["glossinessFactor"]?.float ?? 1, 0), 1)
        let specular = json["specularFactor"]?.floats(count: 3) ?? [1, 1, 1]
        // glTF's dielectric reflects ((1.5 - 1) / (1.5 + 1))² = 0.04 square on (KHR_materials_ior).
        material.ior = 1.5
        material.specular = 1
        material.specularColor = Vec3(specular[0], specular[1], specular[2]).clamped(lowerBound: .zero, upperBound: .one) / 0.04
        let diffuseInfo = json["diffuseTexture"], glossInfo = json["specularGlossinessTexture"]
        material.baseColorTexture = try gltfTextures?.texture(diffuseInfo, colorSpace: .sRGB)
        material.metallicRoughnessTexture = try gltfTextures?.texture(glossInfo, colorSpace: .linear)
        material.specularColorTexture = try gltfTextures?.texture(glossInfo, colorSpace: .sRGB)
        material.glossinessInAlpha = material.metallicRoughnessTexture != nil
        for (slot, info) in [(TextureSlot.baseColor, diffuseInfo), (.metallicRoughness, glossInfo), (.specularColor, glossInfo)] {
            material.textureMappings[slot] = info.map(Self.mapping(of:)).flatMap { $0 == .identity ? nil : $0 }
        }
    }

    /// KHR_materials_variants: the materials of a primitive's mappings (`byVariant`: glTF
    /// material by variant index, from `variants`) beside `defaultMaterial`; nil without mappings.
    mutating func materialVariants(_ byVariant: [Int: Int]?, defaultMaterial: Material) throws -> MaterialVariants? {
        guard let byVariant, !byVariant.isEmpty else { return nil }
        var byName: [String: Material] = [:]
        for (variant, material) in byVariant { byName[variants.names[variant]] = try gltfMaterial(at: material) }
        return MaterialVariants(defaultMaterial: defaultMaterial, byName: byName)
    }

    /// glTF material `index`: Assimp's, where a primitive uses it by default (so a variant
    /// shares it), else read from the JSON alone (Assimp 5.2 imports no other).
    mutating func gltfMaterial(at index: Int) throws -> Material {
        if let assimp = assimpMaterialOfGLTF[index] { return try material(index: assimp) }
        if let known = materialsReadFromJSON[index] { return known }
        guard let json = gltf?["materials"]?[index] else { return Material() }
        let made = try materialFromJSON(json)
        materialsReadFromJSON[index] = made
        return made
    }

    /// The textures Assimp imports, and where: read from the JSON for a material it did not import.
    private static var texturesAssimpImports: [(TextureSlot, WritableKeyPath<Material, Texture?>, Texture.ColorSpace)] {
        [
            (.baseColor, \.baseColorTexture, .sRGB), (.metallicRoughness, \.metallicRoughnessTexture, .linear),
            (.normal, \.normalTexture, .linear), (.occlusion, \.occlusionTexture, .linear), (.emissive, \.emissiveTexture, .sRGB),
            (.transmission, \.transmissionTexture, .linear), (.clearcoat, \.clearcoatTexture, .linear),
            (.clearcoatRoughness, \.clearcoatRoughnessTexture, .linear), (.sheenColor, \.sheenColorTexture, .sRGB),
            (.sheenRoughness, \.sheenRoughnessTexture, .linear)
        ]
    }

    /// A glTF material from its JSON alone, with glTF's defaults: what `material(index:)` reads
    /// through Assimp (the tests hold the two to the same result).
    private mutating func materialFromJSON(_ json: GLTFJSON) throws -> Material {
        let pbr = json["pbrMetallicRoughness"]
        let color = pbr?["baseColorFactor"]?.floats(count: 4) ?? [1, 1, 1, 1]
        var result = Material(
            name: json["name"]?.string ?? "", baseColor: Vec4(color[0], color[1], color[2], color[3]),
            metallic: min(max(pbr?["metallicFactor"]?.float ?? 1, 0), 1), roughness: min(max(pbr?["roughnessFactor"]?.float ?? 1, 0), 1),
            isDoubleSided: json["doubleSided"]?.bool ?? false, blending: json["alphaMode"]?.string == "BLEND" ? .transparent : .opaque)
        if json["alphaMode"]?.string == "MASK" { result.alphaCutoff = json["alphaCutoff"]?.float ?? 0.5 }
        for (slot, texture, colorSpace) in Self.texturesAssimpImports {
            result[keyPath: texture] = try gltfTextures?.texture(Self.textureInfo(slot, in: json), colorSpace: colorSpace)
        }
        if result.normalTexture != nil { result.normalScale = json["normalTexture"]?["scale"]?.float ?? 1 }
        if result.occlusionTexture != nil { result.occlusionStrength = json["occlusionTexture"]?["strength"]?.float ?? 1 }
        try applyGLTFWithTextures(json, to: &result)
        return result
    }
}
