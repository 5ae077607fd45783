/// The class Assimp 5.2 makes of an FBX object (`LazyObject::Get`): it compares the object's
/// key with each class name in this order for the key's own length (`strncmp`), and takes the
/// first that matches, so any start of a name stands for it ("M" is a model, "Ma" a
/// material, "" a geometry). The scans tell objects apart as Assimp does through it.
enum FBXClass: CaseIterable {
    case geometry, nodeAttribute, deformer, model, material, texture, layeredTexture, video
    case animationStack, animationLayer, animationCurve, animationCurveNode

    /// The class's name, as Assimp compares it.
    var name: String {
        switch self {
        case .geometry: "Geometry"
        case .nodeAttribute: "NodeAttribute"
        case .deformer: "Deformer"
        case .model: "Model"
        case .material: "Material"
        case .texture: "Texture"
        case .layeredTexture: "LayeredTexture"
        case .video: "Video"
        case .animationStack: "AnimationStack"
        case .animationLayer: "AnimationLayer"
        case .animationCurve: "AnimationCurve"
        case .animationCurveNode: "AnimationCurveNode"
        }
    }

    /// The class Assimp makes of an object of `key`; nil for none.
    static func of<Key: Collection<UInt8>>(_ key: Key) -> FBXClass? { allCases.first { $0.name.utf8.starts(with: key) } }
}
