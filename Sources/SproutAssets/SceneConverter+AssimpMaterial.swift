internal import CAssimp
import SproutImage
import SproutMath
import SproutScene

/// Materials and textures as Assimp imported them (factors, alpha mode, textures embedded or
/// beside the model, with their samplers), then what the glTF JSON adds (`applyGLTFWithTextures`).
extension SceneConverter {
    /// Assimp's material `index` as Sprout's, made once.
    mutating func material(index: Int) throws -> Material {
        if let cached = materialCache[index] { return cached }
        guard index < Int(scene.pointee.mNumMaterials), let mat = scene.pointee.mMaterials[index] else { return Material() }
        var result = Material(name: materialName(mat))
        var color = aiColor4D()
        if aiGetMaterialColor(mat, "$clr.base", 0, 0, &color) == aiReturn_SUCCESS
            || aiGetMaterialColor(mat, "$clr.diffuse", 0, 0, &color) == aiReturn_SUCCESS
        {
            result.baseColor = Vec4(color.r, color.g, color.b, color.a)
        }
        if let opacity = float(mat, "$mat.opacity"), opacity < 1 { result.baseColor.w = min(result.baseColor.w, opacity) }
        if let metallic = float(mat, "$mat.metallicFactor") { result.metallic = metallic }
        if let roughness = float(mat, "$mat.roughnessFactor") { result.roughness = roughness }
        var twoSided: Int32 = 0, one: UInt32 = 1
        if aiGetMaterialIntegerArray(mat, "$mat.twosided", 0, 0, &twoSided, &one) == aiReturn_SUCCESS { result.isDoubleSided = twoSided != 0 }
        result.baseColorTexture = try texture(of: mat, types: [aiTextureType_BASE_COLOR, aiTextureType_DIFFUSE], colorSpace: .sRGB)
        result.blending = result.baseColor.w < 1 ? .transparent : .opaque
        // Assimp's glTF importer gives the normal texture as NORMALS with its scale, and the
        // occlusion texture as LIGHTMAP with its strength.
        if let normal = try texture(of: mat, types: [aiTextureType_NORMALS], colorSpace: .linear) {
            result.normalTexture = normal
            result.normalScale = float(mat, "$tex.scale", type: aiTextureType_NORMALS) ?? 1
        }
        if let occlusion = try texture(of: mat, types: [aiTextureType_LIGHTMAP], colorSpace: .linear) {
            result.occlusionTexture = occlusion
            result.occlusionStrength = float(mat, "$tex.strength", type: aiTextureType_LIGHTMAP) ?? 1
        }
        result.metallicRoughnessTexture = try texture(of: mat, types: [aiTextureType_UNKNOWN], colorSpace: .linear)
        result.emissiveTexture = try texture(of: mat, types: [aiTextureType_EMISSIVE], colorSpace: .sRGB)
        result.transmissionTexture = try texture(of: mat, types: [aiTextureType_TRANSMISSION], colorSpace: .linear)
        result.clearcoatTexture = try texture(of: mat, types: [aiTextureType_CLEARCOAT], colorSpace: .linear)
        result.clearcoatRoughnessTexture = try texture(of: mat, types: [aiTextureType_CLEARCOAT], index: 1, colorSpace: .linear)
        result.sheenColorTexture = try texture(of: mat, types: [aiTextureType_SHEEN], colorSpace: .sRGB)
        result.sheenRoughnessTexture = try texture(of: mat, types: [aiTextureType_SHEEN], index: 1, colorSpace: .linear)
        if let transmission = float(mat, "$mat.transmission.factor") { result.transmission = transmission }
        var emissive = aiColor4D()
        if aiGetMaterialColor(mat, "$clr.emissive", 0, 0, &emissive) == aiReturn_SUCCESS {
            // KHR_materials_emissive_strength arrives as the emissive intensity, where Assimp keeps it.
            result.emissive = Vec3(emissive.r, emissive.g, emissive.b) * (float(mat, "$mat.emissiveIntensity") ?? 1)
        }
        var alphaMode = aiString()
        if aiGetMaterialString(mat, "$mat.gltf.alphaMode", 0, 0, &alphaMode) == aiReturn_SUCCESS {
            switch string(alphaMode) {
            case "MASK":
                result.alphaCutoff = float(mat, "$mat.gltf.alphaCutoff") ?? 0.5
                result.blending = .opaque
            case "BLEND":
                result.blending = .transparent
            default:
                result.blending = .opaque
            }
        }
        if let json = gltfMaterial(named: result.name, assimpIndex: index) { try applyGLTFWithTextures(json, to: &result) }
        if gltf == nil {
            if let illum = integer(mat, "$mat.illum", type: aiTextureType_NONE), result.name != "DefaultMaterial" {
                try applyOBJ(mat, illum: illum, to: &result)
            }
            if result.metallicRoughnessTexture == nil { try applySeparateMetallicRoughnessMaps(mat, to: &result) }
            // Occlusion under its other name (FBX's, for one), where no lightmap gave one.
            if result.occlusionTexture == nil { result.occlusionTexture = try texture(of: mat, types: [aiTextureType_AMBIENT_OCCLUSION], colorSpace: .linear) }
            noteUnreadTextures(of: mat, material: result)
        }
        materialCache[index] = result
        return result
    }

    /// The glTF material Assimp made material `assimpIndex` from. Assimp does not keep the
    /// file's order (TextureTransformTest's nine come out shuffled), so a name that one glTF
    /// material alone has decides; an unnamed or shared name falls back to the index.
    private func gltfMaterial(named name: String, assimpIndex: Int) -> GLTFJSON? {
        guard let materials = gltf?["materials"]?.array, !materials.isEmpty else { return nil }
        if !name.isEmpty, let named = gltfMaterialsByName[name], named.count == 1 { return materials[named[0]] }
        return materials.indices.contains(assimpIndex) ? materials[assimpIndex] : nil
    }

    private func materialName(_ mat: UnsafePointer<aiMaterial>) -> String {
        var name = aiString()
        return aiGetMaterialString(mat, "?mat.name", 0, 0, &name) == aiReturn_SUCCESS ? string(name) : ""
    }

    func integer(_ mat: UnsafePointer<aiMaterial>, _ key: String, type: aiTextureType, index: UInt32 = 0) -> Int32? {
        var value: Int32 = 0, one: UInt32 = 1
        return aiGetMaterialIntegerArray(mat, key, type.rawValue, index, &value, &one) == aiReturn_SUCCESS ? value : nil
    }

    /// Assimp's aiTextureMapMode (0 wrap, 1 clamp, 2 mirror).
    private func wrap(_ mode: Int32?) -> Texture.Wrap {
        switch mode {
        case 1: .clampToEdge
        case 2: .mirroredRepeat
        default: .repeat
        }
    }

    func float(_ mat: UnsafePointer<aiMaterial>, _ key: String, type: aiTextureType? = nil) -> Float? {
        var value: Float = 0, one: UInt32 = 1
        return aiGetMaterialFloatArray(mat, key, type?.rawValue ?? 0, 0, &value, &one) == aiReturn_SUCCESS ? value : nil
    }

    /// The first texture of `types` the material has, decoded once per reference.
    mutating func texture(
        of mat: UnsafePointer<aiMaterial>, types: [aiTextureType], index: UInt32 = 0,
        colorSpace: Texture.ColorSpace
    ) throws -> Texture? {
        var path = aiString()
        guard let type = types.first(where: { aiGetMaterialTexture(mat, $0, index, &path, nil, nil, nil, nil, nil, nil) == aiReturn_SUCCESS })
        else { return nil }
        let reference = string(path)
        guard !reference.isEmpty else { return nil }
        // The texture's sampler (glTF wrapS, wrapT, magFilter), as Assimp passes it on.
        let wrapU = wrap(integer(mat, "$tex.mapmodeu", type: type, index: index)), wrapV = wrap(integer(mat, "$tex.mapmodev", type: type, index: index))
        let magnification: Texture.Filter = integer(mat, "$tex.mappingfiltermag", type: type, index: index) == 9728 ? .nearest : .linear   // GL_NEAREST
        let minification = GLTFTextures.minification(
            glTF: integer(mat, "$tex.mappingfiltermin", type: type, index: index).map(Int.init), magnification: magnification)
        return try texture(
            reference: reference, colorSpace: colorSpace, wrapU: wrapU, wrapV: wrapV, magnification: magnification, minification: minification)
    }

    /// The texture of image `reference` (embedded, or a file beside the model) with a sampler,
    /// made once for each (`textureCache`) and counted against the model's texture pixels.
    mutating func texture(
        reference: String, colorSpace: Texture.ColorSpace, wrapU: Texture.Wrap = .repeat, wrapV: Texture.Wrap = .repeat,
        magnification: Texture.Filter = .linear, minification: Texture.Minification = GLTFTextures.minification(glTF: nil, magnification: .linear)
    ) throws -> Texture {
        let key = "\(reference) \(colorSpace) \(wrapU) \(wrapV) \(magnification) \(minification)"
        if let cached = textureCache[key] { return cached }
        let image = try image(for: reference)
        try texturePixels.spend(image)
        let texture = Texture(
            name: reference, image: image, colorSpace: colorSpace, wrap: wrapU, wrapV: wrapV, magnification: magnification, minification: minification)
        textureCache[key] = texture
        return texture
    }

    /// An embedded texture ("*0", or a name matching an embedded one) or a file beside the model,
    /// decoded (or taken from `prefetchedImages`, noting then what reading it would have noted).
    private func image(for reference: String) throws -> Image {
        let decoded: Result<Image, any Error>
        if let prefetched = prefetchedImages[reference] {
            decoded = prefetched.image
            if let name = prefetched.foundByName { fileSystem.noteFoundByName(name) }
        } else if let encoded = try fileSystem.noting({ () throws(ModelImportError) in try encodedImage(for: reference) }, foundByName: { $0?.foundByName }) {
            decoded = Result { try ImageCodec.decode(encoded.bytes, source: reference, maximumPixels: limits.maximumTexturePixels) }
        } else if let embedded = embeddedTexture(reference) {
            let t = embedded.pointee
            var pixels = [UInt8](); pixels.reserveCapacity(Int(t.mWidth * t.mHeight) * 4)
            for i in 0..<Int(t.mWidth * t.mHeight) { let p = t.pcData[i]; pixels += [p.r, p.g, p.b, p.a] }
            return Image(width: Int(t.mWidth), height: Int(t.mHeight), pixels: pixels)
        } else {
            throw ModelImportError.badTexture(model: modelPath, texture: reference, reason: "its data cannot be read")
        }
        do { return try decoded.get() } catch {
            throw ModelImportError.badTexture(model: modelPath, texture: reference, reason: "\(error)")
        }
    }

    /// The encoded bytes (PNG, JPEG, ...) of texture `reference`, an embedded compressed
    /// texture's or a file's beside the model, with the name its file was found by when that was
    /// its file name alone; nil for an embedded texture Assimp stores as texels. Nothing is
    /// noted in the file system (`ConfinedFileSystem.noting` does that for a read that is used).
    /// A glTF image's `uri` is a URI (Assimp 5.2 passes it on undecoded): `Wood%20Floor.png`, as
    /// Blender writes it, is the file `Wood Floor.png`; a file named as the text is still found
    /// (`candidateNames`, as Assimp's own opens go). Other formats name files as they are. The
    /// first name's error is reported.
    func encodedImage(for reference: String) throws(ModelImportError) -> (bytes: [UInt8], foundByName: String?)? {
        if let embedded = embeddedTexture(reference) {
            let t = embedded.pointee
            guard t.mHeight == 0 else { return nil }   // compressed (PNG, JPEG): mWidth is the byte count
            return (Array(UnsafeRawBufferPointer(start: t.pcData, count: Int(t.mWidth))), nil)
        }
        let names = fileSystem.candidateNames(reference), limit = limits.maximumFileBytes
        do { return try fileSystem.textureBytesUnnoted(names[0], model: modelPath, limit: limit) } catch {
            guard names.count > 1, case .badTexture = error, let second = try? fileSystem.textureBytesUnnoted(names[1], model: modelPath, limit: limit)
            else { throw error }
            return second
        }
    }

    private func embeddedTexture(_ reference: String) -> UnsafeMutablePointer<aiTexture>? {
        let s = scene.pointee
        guard s.mNumTextures > 0, let textures = s.mTextures else { return nil }
        if reference.hasPrefix("*"), let i = Int(reference.dropFirst()), i >= 0, i < Int(s.mNumTextures) { return textures[i] }
        let base = reference.split(separator: "/").last.map(String.init) ?? reference
        for i in 0..<Int(s.mNumTextures) {
            if let t = textures[i], case let name = string(t.pointee.mFilename), !name.isEmpty, name == reference || name.hasSuffix(base) {
                return t
            }
        }
        return nil
    }
}
