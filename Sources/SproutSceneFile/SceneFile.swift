import SproutMath
import SproutScene
import SproutGolden

/// A scene to render, read from YAML or JSON (`sprout render SCENE.yaml`, render-test cases):
/// models placed by position, rotation and scale, an optional stage as backdrop, a camera,
/// one directional light, and the picture's size, MSAA and shadows. Schema: README, "Scene files".
public struct SceneFile: Sendable {
    /// One model in the scene.
    public struct Placement: Sendable {
        /// A path (relative to the scene file), a catalog plant (`sunflower`) or a built-in (`pot`).
        public var model: String
        /// Where the model's origin goes, scene metres (default the origin). The model first stands on
        /// the origin (its lowest point at y = 0).
        public var position: Vec3 = .zero
        /// The model's turn (the file gives degrees about +Y or a unit quaternion); default none.
        public var rotation: Quaternion = .identity
        /// Factors along the model's x, y and z, each in (0, 10000] (default 1).
        public var scale: Vec3 = .one
        /// Scale evenly to stand this many metres tall (instead of `scale`).
        public var fitHeight: Float?
        /// The axis the model's file treats as up (`up: z` for CAD, 3D-printing and scanner
        /// files): turned upright before it is sized and stood on the origin. Default `y`.
        public var up = UpAxis.y
        /// The model posed by one of its animation clips at a time (`animation: { clip, time }`);
        /// nil: the file's default pose. Sizing and standing use the default pose either way.
        public var animation: AnimationChoice?
        /// The model drawn with its materials in this named variant (glTF KHR_materials_variants);
        /// nil: its default materials.
        public var variant: String?
        /// Where it was written, for messages about the model (`models[2]`, line).
        public var line: Int
        /// The entry's field path (`models[2]`), for messages.
        public var field: String
        /// How the model meets `position` (files say nothing: it stands there).
        public var standing = Standing.onPosition

        /// How a placed model meets its position.
        public enum Standing: Sendable, Equatable {
            /// Its lowest point at `position`, a file's footprint centred there (a plant's stem).
            case onPosition
            /// Where its own file puts it, moved by `position`: camera positions given in the
            /// model's coordinates still hold (`sprout render MODEL` without a stage).
            case asAuthored
            /// Standing where the stage's camera looks, moved by `position`, as `sprout preview`
            /// places it (`sprout render MODEL --stage S`); on position without a stage.
            case whereStageLooks
        }

        /// `model` (a path relative to the scene file, a catalog plant or a built-in) at the origin,
        /// written at `line` as `field`.
        public init(model: String, line: Int = 0, field: String = "models[0]") {
            self.model = model
            self.line = line
            self.field = field
        }

        /// The model's transform in the scene.
        public var transform: Transform { Transform(translation: position, rotation: rotation, scale: scale) }
    }

    /// A clip and a time to pose a model at.
    public struct AnimationChoice: Sendable, Equatable {
        /// The clip's name, or its index as text ("0"); nil: the first clip.
        public var clip: String?
        /// Seconds into the clip, at least 0 (held at the clip's last pose after its end, as a
        /// path tracer's frame after the last key shows it).
        public var time: Double
        /// Where it was written (`models[0].animation`), for messages.
        public var field: String
        /// The line it was written on.
        public var line: Int

        /// A choice of `clip` (nil: the first) at `time` seconds.
        public init(clip: String?, time: Double, field: String = "animation", line: Int = 0) {
            self.clip = clip
            self.time = time
            self.field = field
            self.line = line
        }
    }

    /// Where the picture is taken from.
    public enum CameraChoice: Sendable {
        /// Frame every model (or, with a stage, the stage's camera).
        case automatic
        /// A position looking at a point.
        case looking(position: Vec3, lookAt: Vec3)
        /// A camera defined in one of the models' files (glTF `cameras`), by name.
        case named(String)
        /// What `sprout render MODEL` asks for: frame the models without a ground plane much
        /// larger than them (`Framing`), or the node named `node`; from `position` or towards
        /// `lookAt` where given, else from the stage's camera when there is a stage.
        case framing(node: String?, position: Vec3?, lookAt: Vec3?)
    }

    /// The one directional light (the renderer's); absent: the stage's, else `Lighting.standard`.
    public struct Light: Sendable, Equatable {
        /// Towards the light.
        public var direction: Vec3
        /// The light's colour, linear RGB, each channel 0...1 (default white).
        public var color: Vec3 = .one
        /// The directional light's intensity, 0...100 (default 1).
        public var intensity: Float = 1
        /// The ambient light's intensity, 0...1 (default `Lighting.standard`'s).
        public var ambient: Float = Lighting.standard.ambient

        /// Light from `direction` (white of intensity 1 and the standard ambient by default).
        public init(direction: Vec3, color: Vec3 = .one, intensity: Float = 1, ambient: Float = Lighting.standard.ambient) {
            (self.direction, self.color, self.intensity, self.ambient) = (direction, color, intensity, ambient)
        }
    }

    /// Where the scene was read from, for messages.
    public var source: String
    /// The picture's width, pixels (1...`maximumSide`, default 1280).
    public var width = 1280
    /// The picture's height, pixels (1...`maximumSide`, default 720).
    public var height = 720
    /// MSAA samples: 0, 2, 4 or 8.
    public var msaa = 0
    /// An HDR environment lighting the scene (`environment:`), image-based light.
    public struct Environment: Sendable, Equatable {
        /// The Radiance .hdr file, relative to the scene file (equirectangular).
        public var path: String
        /// Multiplies its radiance (default 1).
        public var intensity: Float = 1
        /// Degrees it is turned about +Y, counter-clockwise seen from above (default 0).
        public var rotationDegrees: Float = 0
        /// Whether it is drawn behind the models (default false: the clear colour).
        public var background = false
        /// The line of `environment:`, for messages about the file.
        public var line = 0
    }

    /// The scene's HDR environment; nil: the light's ambient term stands for it.
    public var environment: Environment?
    /// The tone mapper (`toneMapping:`), for matching another viewer; nil: the renderer's
    /// (PBR Neutral unless `--tone-mapping` says otherwise).
    public var toneMapping: ToneMapping?
    /// Whether the light casts shadows (default true).
    public var shadows = true
    /// A built-in stage name or a stage file (relative to the scene file), drawn as the backdrop.
    public var stage: String?
    /// The line of `stage:` (0 when there is none), for messages about the stage.
    public var stageLine = 0
    /// Where the picture is taken from (default `automatic`).
    public var camera = CameraChoice.automatic
    /// Vertical field of view, degrees (a named camera brings its own unless this is given).
    public var fovYDegrees: Float?
    /// The line of `camera:` (0 when there is none), for messages about the camera.
    public var cameraLine = 0
    /// The file's light; nil uses the stage's, else `Lighting.standard`.
    public var light: Light?
    /// Point, spot and directional lights beside `light` (`lights:`, KHR_lights_punctual's kinds
    /// and units), in file order; the renderer draws up to `PunctualLight.budget` of them.
    public var lights: [PlacedLight] = []
    /// The models, in file order (1...`maximumModels` in a parsed file).
    public var models: [Placement] = []
    /// A tolerance for this scene's golden other than the default, with its reason.
    public var tolerance: TestTolerance?

    /// An empty scene with every default; `source` names it in messages.
    public init(source: String) { self.source = source }

    /// Where a scene's relative paths (models, the stage, the environment) are read from.
    public enum PathRoot: Sendable, Equatable {
        /// The scene file's folder, a stage or environment file only inside it: a scene file may
        /// come from someone else (a render-test folder in a pull request).
        case sceneFolder
        /// The working folder, any path, as a user typed it on their own command line
        /// (`sprout render MODEL --stage FILE`, `SceneFile.oneModel`).
        case workingFolder
    }

    /// Where relative paths are read from (files: their folder).
    public var pathRoot = PathRoot.sceneFolder

    /// Whether `path` names a scene file rather than a model (it ends in .yaml, .yml or .json, in any case).
    public static func isSceneFilePath(_ path: String) -> Bool {
        [".yaml", ".yml", ".json"].contains { path.lowercased().hasSuffix($0) }
    }

    /// The most models one scene may place (a bound on hostile files; a garden is a few hundred).
    public static let maximumModels = 1_000
    /// The largest side of the picture, pixels.
    public static let maximumSide = 8_192
    /// The most entries `lights:` may list (a bound on hostile files).
    public static let maximumLights = 64
}
