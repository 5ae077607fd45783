import SproutMath
import SproutScene

/// A scene to render, read from YAML or JSON (`sprout render SCENE.yaml`, render-test cases):
/// models placed by position, rotation and scale, an optional stage as backdrop, a camera,
/// one directional light, and the picture's size, MSAA and shadows. Schema: README, "Scene files".
public struct SceneFile: Sendable {
    /// One model in the scene.
    public struct Placement: Sendable {
        /// A path (relative to the scene file), a catalog plant (`sunflower`) or a built-in (`pot`).
        public var model: String
        public var position: Vec3 = .zero
        public var rotation: Quaternion = .identity
        public var scale: Vec3 = .one
        /// Scale evenly to stand this many metres tall (instead of `scale`).
        public var fitHeight: Float?
        /// Where it was written, for messages about the model (`models[2]`, line).
        public var line: Int
        public var field: String

        /// The model's transform in the scene.
        public var transform: Transform { Transform(translation: position, rotation: rotation, scale: scale) }
    }

    /// Where the picture is taken from.
    public enum CameraChoice: Sendable {
        /// Frame every model (or, with a stage, the stage's camera).
        case automatic
        /// A position looking at a point.
        case looking(position: Vec3, lookAt: Vec3)
        /// A camera defined in one of the models' files (glTF `cameras`), by name.
        case named(String)
    }

    /// The one directional light (the renderer's); absent: the stage's, else `Lighting.standard`.
    public struct Light: Sendable, Equatable {
        /// Towards the light.
        public var direction: Vec3
        public var color: Vec3 = .one
        public var intensity: Float = 1
        public var ambient: Float = Lighting.standard.ambient
    }

    /// Where the scene was read from, for messages.
    public var source: String
    public var width = 1280
    public var height = 720
    /// MSAA samples: 0, 2, 4 or 8.
    public var msaa = 0
    public var shadows = true
    /// A built-in stage name or a stage file (relative to the scene file), drawn as the backdrop.
    public var stage: String?
    public var stageLine = 0
    public var camera = CameraChoice.automatic
    /// Vertical field of view, degrees (a named camera brings its own unless this is given).
    public var fovYDegrees: Float?
    public var cameraLine = 0
    public var light: Light?
    public var models: [Placement] = []
    /// A tolerance for this scene's golden other than the default, with its reason.
    public var tolerance: TestTolerance?

    public init(source: String) { self.source = source }

    /// The most models one scene may place (a bound on hostile files; a garden is a few hundred).
    public static let maximumModels = 1_000
    /// The largest side of the picture, pixels.
    public static let maximumSide = 8_192
}
