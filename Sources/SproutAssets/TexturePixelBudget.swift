import SproutScene

/// The texture pixels one import may decode, counted as each image is decoded (Assimp's
/// references and the JSON's alike), so a file naming many large images is refused when they
/// pass the model's limit, not after every one is in memory.
final class TexturePixelBudget {
    /// `ModelLimits.maximumTexturePixels`.
    let limit: Int
    /// The file, for the error.
    let modelPath: String
    /// Pixels decoded so far.
    private(set) var used = 0

    init(limit: Int, modelPath: String) {
        self.limit = limit
        self.modelPath = modelPath
    }

    /// Counts `image`'s pixels; past the limit the import fails as `ModelImporter`'s final
    /// check of the textures would have.
    func spend(_ image: Image) throws(ModelImportError) { try spend(pixels: image.width * image.height) }

    /// Counts `pixels` of an image about to be made (checked before its memory is taken).
    func spend(pixels: Int) throws(ModelImportError) {
        used += pixels
        guard used <= limit else { throw .exceedsLimit(path: modelPath, what: "\(used) texture pixels, more than the limit of \(limit)") }
    }
}
