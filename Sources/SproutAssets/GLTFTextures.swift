import SproutImage
import SproutScene

/// Textures a glTF material names that Assimp 5.2 does not import (KHR_materials_specular's),
/// read from the file's own JSON: the texture's image (a view of the file's buffers, a `data:`
/// URI or a file beside the model, admitted by the model's `ConfinedFileSystem`) and its sampler.
struct GLTFTextures {
    /// The file's buffers, and through them its JSON and folder.
    let buffers: GLTFBuffers
    let modelPath: String
    /// The most pixels one image may declare, checked from its header before it is decoded.
    let maximumPixels: Int
    /// The pixels the whole import may decode, shared with Assimp's textures.
    let budget: TexturePixelBudget
    /// Made so far, by image, colour space and sampler.
    private(set) var made: [String: Texture] = [:]

    init(buffers: GLTFBuffers, modelPath: String, maximumPixels: Int, budget: TexturePixelBudget) {
        self.buffers = buffers
        self.modelPath = modelPath
        self.maximumPixels = maximumPixels
        self.budget = budget
    }

    /// The texture a textureInfo (`{"index": ...}`) names; nil when there is none, or when the
    /// texture has no `source` (valid glTF, warned about: `SceneConverter.texturesWithoutImage`).
    /// A texture or image that is not there, or an image that cannot be read or decoded, fails
    /// the import, naming it.
    mutating func texture(_ info: GLTFJSON?, colorSpace: Texture.ColorSpace) throws -> Texture? {
        guard let index = info?["index"]?.int else { return nil }
        let gltf = buffers.json
        if let texture = gltf["textures"]?[index], texture["source"] == nil { return nil }
        guard let texture = gltf["textures"]?[index], let source = texture["source"]?.int, let image = gltf["images"]?[source] else {
            throw ModelImportError.badTexture(model: modelPath, texture: "textures[\(index)]", reason: "it names no image")
        }
        let sampler = texture["sampler"]?.int.flatMap { gltf["samplers"]?[$0] }
        func wrap(_ mode: Int?) -> Texture.Wrap {
            switch mode {
            case 33071: .clampToEdge   // CLAMP_TO_EDGE
            case 33648: .mirroredRepeat   // MIRRORED_REPEAT
            default: .repeat   // REPEAT (10497), glTF's default
            }
        }
        let wrapU = wrap(sampler?["wrapS"]?.int), wrapV = wrap(sampler?["wrapT"]?.int)
        let magnification: Texture.Filter = sampler?["magFilter"]?.int == 9728 ? .nearest : .linear   // NEAREST
        let minification = Self.minification(glTF: sampler?["minFilter"]?.int, magnification: magnification)
        let key = "images[\(source)] \(colorSpace) \(wrapU) \(wrapV) \(magnification) \(minification)"
        if let known = made[key] { return known }
        let name = image["uri"]?.string.map { $0.hasPrefix("data:") ? "images[\(source)]" : GLTFBuffers.percentDecoded($0) } ?? "images[\(source)]"
        let bytes: [UInt8]
        if let uri = image["uri"]?.string {
            if let data = GLTFBuffers.dataURI(uri) {
                bytes = data
            } else {
                bytes = try buffers.fileSystem.textureBytes(name, model: modelPath, limit: buffers.maximumBytes)
            }
        } else if let view = image["bufferView"]?.int, let read = buffers.bytes(ofView: view) {
            bytes = Array(read)
        } else {
            throw ModelImportError.badTexture(model: modelPath, texture: name, reason: "its data cannot be read")
        }
        let decoded: Image
        do { decoded = try ImageCodec.decode(bytes, source: name, maximumPixels: maximumPixels) } catch {
            throw ModelImportError.badTexture(model: modelPath, texture: name, reason: "\(error)")
        }
        try budget.spend(decoded)
        let made = Texture(
            name: name, image: decoded, colorSpace: colorSpace, wrap: wrapU, wrapV: wrapV, magnification: magnification, minification: minification)
        self.made[key] = made
        return made
    }

    /// How a glTF sampler's `minFilter` is drawn: as given when `magFilter` is NEAREST too (a
    /// texture meant to show crisp texels), else trilinear. Exporters write NEAREST_MIPMAP_LINEAR
    /// (9986) by default beside a LINEAR magFilter (BoxTextured, the Duck): honoured, it aliases
    /// where a path tracer, which integrates each pixel, and Blender's importer, which reads
    /// it as linear, show the texture smooth (BoxTextured -31.8 -> -26.2 dB against Cycles).
    static func minification(glTF minFilter: Int?, magnification: Texture.Filter) -> Texture.Minification {
        guard magnification == .nearest else { return .trilinear }
        return minFilter.flatMap(Texture.Minification.init(glTF:)) ?? .trilinear
    }
}
