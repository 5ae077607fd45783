/// Bounds on what a model file may ask of the importer, checked before Assimp reads the file
/// (`ModelPreflight`) and after (triangles, texture pixels). The defaults admit every real
/// model in ../shared/models and the plant library by orders of magnitude.
public struct ModelLimits: Sendable, Equatable {
    /// The model file itself, bytes.
    public var maximumFileBytes: Int
    /// JSON nesting in a glTF (real files nest about 10 deep; Assimp's parser recurses per
    /// level and overflows the stack near 100,000).
    public var maximumJSONDepth: Int
    /// Triangles in the imported model.
    public var maximumTriangles: Int
    /// Pixels of every texture together.
    public var maximumTexturePixels: Int

    /// Limits with the defaults: a 1 GiB file, JSON 512 deep, 50 million triangles and 2^28
    /// (268 million) texture pixels.
    public init(maximumFileBytes: Int = 1 << 30, maximumJSONDepth: Int = 512,
                maximumTriangles: Int = 50_000_000, maximumTexturePixels: Int = 1 << 28) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumJSONDepth = maximumJSONDepth
        self.maximumTriangles = maximumTriangles
        self.maximumTexturePixels = maximumTexturePixels
    }

    /// The default limits, which imports use unless given others.
    public static let standard = ModelLimits()
}
