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
    /// Levels of a glTF node hierarchy (real files nest a few dozen: a character's skeleton;
    /// Assimp and the entity tree are walked per level, and a thread's stack is finite).
    public var maximumNodeDepth: Int
    /// Nodes of a glTF scene counted as drawn: a node listed as the child of several parents
    /// is one instance under each, so a few hundred bytes of shared children can ask for 2^n.
    public var maximumNodeInstances: Int
    /// Animation channels of all clips together, as played: a KHR_animation_pointer channel of
    /// a material drives every part drawn with it, so a few bytes can ask for millions (a
    /// character with a hundred clips has some ten thousand).
    public var maximumAnimationChannels: Int

    /// Limits with the defaults: a 1 GiB file, JSON 512 deep, 50 million triangles, 2^28
    /// (268 million) texture pixels, node hierarchies 256 deep, 100,000 node instances and
    /// a million animation channels.
    public init(
        maximumFileBytes: Int = 1 << 30, maximumJSONDepth: Int = 512,
        maximumTriangles: Int = 50_000_000, maximumTexturePixels: Int = 1 << 28,
        maximumNodeDepth: Int = 256, maximumNodeInstances: Int = 100_000, maximumAnimationChannels: Int = 1_000_000
    ) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumJSONDepth = maximumJSONDepth
        self.maximumTriangles = maximumTriangles
        self.maximumTexturePixels = maximumTexturePixels
        self.maximumNodeDepth = maximumNodeDepth
        self.maximumNodeInstances = maximumNodeInstances
        self.maximumAnimationChannels = maximumAnimationChannels
    }

    /// The default limits, which imports use unless given others.
    public static let standard = ModelLimits()
}
