internal import CAssimp
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
    /// Checked against Blender 4.5's importer (its Principled BSDF's values for the same file):
    /// roughness, metalness, index and specular agree, but where Assimp hides what the file left
    /// out or Sprout's model is narrower: an absent Ks reads as black (no reflection) where
    /// Blender takes a specular level of 1 under illum 2; Ks above 0.5 gives weight 1 where
    /// Blender doubles the reflectance; an explicit `Ni 1` keeps glTF's 1.5 where Blender
    /// reflects nothing.
    mutating func applyOBJ(_ mat: UnsafePointer<aiMaterial>, illum: Int32, to result: inout Material) throws {
        let shininess = clamped(float(mat, "$mat.shininess"), 0...1000, otherwise: 0)
        result.roughness = clamped(float(mat, "$mat.roughnessFactor"), 0...1, otherwise: 1 - (shininess / 1000).squareRoot())
        let reflects = (3...8).contains(illum)
        result.metallic = clamped(float(mat, "$mat.metallicFactor"), 0...1, otherwise: reflects ? clamped(mean(mat, "$clr.ambient"), 0...1, otherwise: 0) : 0)
        result.specular = clamped(2 * mean(mat, "$clr.specular"), 0...1, otherwise: 1)
        if let ior = float(mat, "$mat.refracti"), ior > 1, ior.isFinite { result.ior = ior }
        if result.normalTexture == nil, let bump = try texture(of: mat, types: [aiTextureType_HEIGHT], colorSpace: .linear) {
            result.normalTexture = bump
            result.normalScale = float(mat, "$tex.bumpmult", type: aiTextureType_HEIGHT).flatMap { $0.isFinite ? $0 : nil } ?? 1
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
