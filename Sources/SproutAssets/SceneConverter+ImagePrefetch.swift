internal import CAssimp

/// A model's textures decoded together before its materials are made (`ImagePrefetch`).
extension SceneConverter {
    /// The texture slots `material(index:)` reads of every Assimp material, whatever the
    /// format, each the first of its types the material has: base colour, normal, occlusion
    /// (LIGHTMAP), metallic-roughness (UNKNOWN), emissive, transmission, clear coat and its
    /// roughness, sheen colour and roughness. (What it reads only when one of these is missing,
    /// an OBJ's bump map for one, is decoded when it is read.)
    static let textureSlots: [(types: [aiTextureType], index: UInt32)] = [
        ([aiTextureType_BASE_COLOR, aiTextureType_DIFFUSE], 0), ([aiTextureType_NORMALS], 0), ([aiTextureType_LIGHTMAP], 0),
        ([aiTextureType_UNKNOWN], 0), ([aiTextureType_EMISSIVE], 0), ([aiTextureType_TRANSMISSION], 0), ([aiTextureType_CLEARCOAT], 0),
        ([aiTextureType_CLEARCOAT], 1), ([aiTextureType_SHEEN], 0), ([aiTextureType_SHEEN], 1)
    ]

    /// Decodes ahead, together, the images of the slots of the materials the scene's nodes
    /// draw with: the same images, read the same way, that making those materials reads one
    /// after another. Reading ahead notes nothing (a file found by its name alone is noted when
    /// its image is used), and a file that cannot be read is left to that path, which reports it.
    mutating func prefetchImages() {
        guard let root = scene.pointee.mRootNode else { return }
        var materials = Set<Int>(), stack = [root]
        while let node = stack.popLast() {
            for m in 0..<Int(node.pointee.mNumMeshes) {
                let mesh = Int(node.pointee.mMeshes[m])
                if mesh < Int(scene.pointee.mNumMeshes), let aiMesh = scene.pointee.mMeshes[mesh] { materials.insert(Int(aiMesh.pointee.mMaterialIndex)) }
            }
            for c in 0..<Int(node.pointee.mNumChildren) { if let child = node.pointee.mChildren[c] { stack.append(child) } }
        }
        var references: [String] = [], seen = Set<String>()
        for index in materials.sorted() where index < Int(scene.pointee.mNumMaterials) {
            guard let mat = scene.pointee.mMaterials[index] else { continue }
            for slot in Self.textureSlots {
                var path = aiString()
                guard slot.types.contains(where: { aiGetMaterialTexture(mat, $0, slot.index, &path, nil, nil, nil, nil, nil, nil) == aiReturn_SUCCESS })
                else { continue }
                let reference = string(path)
                if !reference.isEmpty, seen.insert(reference).inserted { references.append(reference) }
            }
        }
        guard references.count >= 2 else { return }
        var prefetch = ImagePrefetch(
            maximumPixels: limits.maximumTexturePixels, pixelBudget: limits.maximumTexturePixels - texturePixels.used, byteBudget: limits.maximumFileBytes)
        var foundByName: [String: String] = [:]
        for reference in references where prefetch.isWithinBudgets {
            guard let encoded = (try? encodedImage(for: reference)) ?? nil else { continue }
            prefetch.add(reference, bytes: encoded.bytes)
            foundByName[reference] = encoded.foundByName
        }
        prefetchedImages = Dictionary(uniqueKeysWithValues: prefetch.decode().map { ($0.key, ($0.value, foundByName[$0.key])) })
    }
}
