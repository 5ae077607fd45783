internal import CAssimp
import SproutMath
import SproutScene

/// OBJ's MTL materials, written for Phong-era shading (Kd, Ks, Ns, Ka, illum, Ni), read in
/// glTF's metallic-roughness model as Blender's OBJ importer reads them, so that a model looks
/// in Sprout as it does there; separate roughness and metalness maps combined; and the textures
/// of other formats Sprout does not draw, named.
extension SceneConverter {
    /// The MTL statements Assimp keeps (it reads an absent one as its default: Ns 0, Ka and Ks
    /// black, illum 1, Ni 1), over `result`'s base colour, opacity and emission:
    /// - roughness 1 - sqrt(Ns / 1000), Ns clamped to 0...1000; `Pr` instead where given;
    /// - metallic the mean of Ka under the illumination models that reflect (3 to 8), else 0;
    ///   `Pm` instead where given;
    /// - the specular weight twice the mean of Ks (Blender's "specular IOR level": 0.5 leaves a
    ///   dielectric's reflectance as its index makes it), at most 1 (KHR_materials_specular's range);
    /// - the index of refraction Ni where it is above 1 (Assimp's default 1 would mean no
    ///   reflection at all), else glTF's 1.5;
    /// - `map_Bump` / `bump` as a tangent-space normal map (its `-bm` the scale) where no `norm`
    ///   gave one, as Blender, whose OBJ exporter writes normal maps so, reads it.
    ///
    /// What Assimp does not keep comes from Sprout's own reading of the libraries
    /// (`OBJMaterialStatements`): whether Ks and Ni are given (without Ks, weight 1 under illum
    /// 2 and 0 otherwise; without Ni, glTF's 1.5; a given Ni, 1 too, is the index), and the maps'
    /// `-o` and `-s` (for `map_Kd`, `map_Ke` and the normal map).
    ///
    /// Checked against Blender 4.5's importer (its Principled BSDF's values for the same files):
    /// roughness, metalness, index and specular agree, but for Ks above 0.5, which gives weight
    /// 1 where Blender doubles the reflectance (KHR_materials_specular's range ends at 1).
    mutating func applyOBJ(_ mat: UnsafePointer<aiMaterial>, illum: Int32, to result: inout Material) throws {
        if objStatements == nil {
            objStatements = OBJMaterialStatements.read(libraries: objLibraries, fileSystem: fileSystem, maximumBytes: limits.maximumFileBytes)
        }
        let name = result.name   // Assimp's name for it, as `material(index:)` read it
        let known = objStatements?.materials.contains(name) == true
        let given = objStatements?.given[name] ?? []
        let shininess = clamped(float(mat, "$mat.shininess"), 0...1000, otherwise: 0)
        result.roughness = clamped(float(mat, "$mat.roughnessFactor"), 0...1, otherwise: 1 - (shininess / 1000).squareRoot())
        let reflects = (3...8).contains(illum)
        result.metallic = clamped(float(mat, "$mat.metallicFactor"), 0...1, otherwise: reflects ? clamped(mean(mat, "$clr.ambient"), 0...1, otherwise: 0) : 0)
        // Without Ks, Blender's specular level is 1 under illum 2 (highlights on), else 0.
        result.specular = known && !given.contains("ks") ? (illum == 2 ? 1 : 0) : clamped(2 * mean(mat, "$clr.specular"), 0...1, otherwise: 1)
        // An Ni the file gives is the index, 1 (no reflection) too, as in Blender; without one, glTF's 1.5.
        if let ior = float(mat, "$mat.refracti"), ior.isFinite, known ? given.contains("ni") && ior > 0 : ior > 1 { result.ior = ior }
        // The statements a normal map's options come from: those of the map Assimp read, or,
        // where it read none, any (the map may be one Assimp lost, below).
        let normalStatements: [String]
        if result.normalTexture == nil, let bump = try texture(of: mat, types: [aiTextureType_HEIGHT], colorSpace: .linear) {
            result.normalTexture = bump
            result.normalScale = float(mat, "$tex.bumpmult", type: aiTextureType_HEIGHT).flatMap { $0.isFinite ? $0 : nil } ?? 1
            normalStatements = ["map_bump", "bump"]
        } else {
            normalStatements = result.normalTexture == nil ? ["map_bump", "bump", "norm"] : ["norm"]
        }
        // Maps' -o and -s, in Sprout's coordinates (v down the image, Assimp having turned the
        // file's over): u s + o as the file says, v s_v + (1 - s_v - o_v) for v. A map whose -o
        // or -s gives fewer than three values Assimp 5.2 lost (it skipped the file name with the
        // values it expected); it is read here, by the name the statement gives.
        let maps = objStatements?.maps[name] ?? [:]
        let slots: [(TextureSlot, [String], WritableKeyPath<Material, Texture?>, Texture.ColorSpace)] = [
            (.baseColor, ["map_kd"], \.baseColorTexture, .sRGB), (.emissive, ["map_ke"], \.emissiveTexture, .sRGB),
            (.normal, normalStatements, \.normalTexture, .linear)
        ]
        for (slot, statements, keyPath, colorSpace) in slots {
            guard let (statement, options) = statements.lazy.compactMap({ s in maps[s].map { (s, $0) } }).first else { continue }
            if result[keyPath: keyPath] == nil {
                guard options.lostByAssimp, !options.file.isEmpty else { continue }
                result[keyPath: keyPath] = try texture(reference: options.file, colorSpace: colorSpace)
                if slot == .normal { result.normalScale = statement == "norm" ? 1 : options.bumpMultiplier.flatMap { $0.isFinite ? $0 : nil } ?? 1 }
            }
            let (o, s) = (options.offset, options.scale)
            result.textureMappings[slot] = TextureMapping(offset: Vec2(o.x, 1 - s.y - o.y), scale: s)
        }
    }

    /// `value` within `range`, or `otherwise` for none or one that is not a number (an MTL's
    /// `nan` or `inf` reads as one).
    private func clamped(_ value: Float?, _ range: ClosedRange<Float>, otherwise: Float) -> Float {
        guard let value, value.isFinite else { return otherwise }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// Separate roughness and metalness maps as glTF's one metallic-roughness texture
    /// (`MetallicRoughnessMaps`, made once per pair); a map replaces its factor, as in Blender.
    mutating func applySeparateMetallicRoughnessMaps(_ mat: UnsafePointer<aiMaterial>, to result: inout Material) throws {
        let roughness = try texture(of: mat, types: [aiTextureType_DIFFUSE_ROUGHNESS], colorSpace: .linear)
        let metalness = try texture(of: mat, types: [aiTextureType_METALNESS], colorSpace: .linear)
        guard let sampler = roughness ?? metalness else { return }
        let key = "metallic-roughness \(roughness?.name ?? "-") \(metalness?.name ?? "-") \(sampler.wrap) \(sampler.wrapV)"
        if textureCache[key] == nil {
            // Counted before it is made: two thin strips (16,384 x 1 and 1 x 16,384) would make a square of both.
            let size = MetallicRoughnessMaps.size(roughness: roughness?.image, metalness: metalness?.image)
            try texturePixels.spend(pixels: size.width * size.height)
            guard let image = MetallicRoughnessMaps.combined(roughness: roughness?.image, metalness: metalness?.image) else { return }
            textureCache[key] = Texture(
                name: [roughness?.name, metalness?.name].compactMap { $0 }.joined(separator: " + "), image: image, colorSpace: .linear,
                wrap: sampler.wrap, wrapV: sampler.wrapV, magnification: sampler.magnification, minification: sampler.minification)
        }
        result.metallicRoughnessTexture = textureCache[key]
        if roughness != nil { result.roughness = 1 }
        if metalness != nil { result.metallic = 1 }
    }

    /// The mean of a colour property's red, green and blue; 0 without one.
    private func mean(_ mat: UnsafePointer<aiMaterial>, _ key: String) -> Float {
        var color = aiColor4D()
        guard aiGetMaterialColor(mat, key, 0, 0, &color) == aiReturn_SUCCESS else { return 0 }
        return (color.r + color.g + color.b) / 3
    }

    /// Texture kinds a file's materials may name that Sprout draws no part of, by the name a
    /// warning gives them (Assimp's types; OBJ's and FBX's statements in brackets).
    static let unreadTextureKinds: [(aiTextureType, String)] = [
        (aiTextureType_SPECULAR, "specular colour (map_Ks, SpecularColor)"), (aiTextureType_AMBIENT, "ambient colour (map_Ka)"),
        (aiTextureType_SHININESS, "shininess (map_Ns, ShininessExponent)"), (aiTextureType_OPACITY, "opacity (map_d, TransparentColor)"),
        (aiTextureType_DISPLACEMENT, "displacement (disp)"), (aiTextureType_REFLECTION, "reflection (refl)"),
        (aiTextureType_DIFFUSE_ROUGHNESS, "roughness (map_Pr)"), (aiTextureType_METALNESS, "metalness (map_Pm)"),
        (aiTextureType_HEIGHT, "bump height"), (aiTextureType_NORMAL_CAMERA, "camera-space normals"),
        (aiTextureType_EMISSION_COLOR, "emission colour")
    ]

    /// Counts, per kind, the textures `mat` names that `material` does not draw (a bump map
    /// read as a normal map is drawn), for one warning per model (`unsupportedContent`).
    mutating func noteUnreadTextures(of mat: UnsafePointer<aiMaterial>, material: Material) {
        for (type, kind) in Self.unreadTextureKinds where aiGetMaterialTextureCount(mat, type) > 0 {
            if [aiTextureType_DIFFUSE_ROUGHNESS, aiTextureType_METALNESS].contains(type), material.metallicRoughnessTexture != nil { continue }
            if type == aiTextureType_HEIGHT, material.normalTexture != nil, aiGetMaterialTextureCount(mat, aiTextureType_NORMALS) == 0 { continue }
            unreadTextures[kind, default: 0] += 1
        }
    }
}
