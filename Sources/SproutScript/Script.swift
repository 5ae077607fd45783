import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSeedShop
import SproutSession
import SproutSceneFile
import SproutGolden

/// A scripted session: where, with what noise, at what rate, and the steps a person takes.
/// Parsed from YAML or JSON by `Script.parse` (schema in the README).
public struct Script: Sendable {
    /// Where the script was read from, for messages.
    public var source: String
    /// A built-in stage name or a path (relative to the script's folder).
    public var stage: String
    /// The session's seed (default 0): the same script and seed give the same noise, trace and frames.
    public var seed: UInt64
    /// Frames per simulated second; every gesture becomes touch events at this rate.
    public var fps: Int
    /// Viewport in points.
    public var viewport: Vec2
    /// The device's start (the stage's camera when absent).
    public var camera: (position: Vec3, lookAt: Vec3)?
    /// Name -> model path (relative to the script's folder), catalog plant or built-in, for `place` steps.
    public var objects: [String: String]
    /// How objects written as `{ model, scale | fit }` are sized, by name.
    public var objectSizes: [String: ObjectSize] = [:]
    /// The material variant (glTF KHR_materials_variants) objects are drawn in, by name, where
    /// the script says (`variant:`); otherwise their file's default materials.
    public var objectVariants: [String: String] = [:]
    /// The plane alignments objects accept, by name, where the script says (`alignment:
    /// horizontal | vertical | any`); otherwise `BuiltInModels.allowedAlignments` (horizontal
    /// for everything but the sample's wall objects).
    public var objectAlignments: [String: Set<PlaneAlignment>] = [:]

    /// The alignments an object named `name` accepts under this script: its `alignment:`, else
    /// the catalog product's (when `catalog` has one by that key or model name), else the
    /// built-in rule.
    public func allowedAlignments(_ name: String, catalog: Catalog? = nil) -> Set<PlaneAlignment> {
        objectAlignments[name] ?? catalog?.product(named: objects[name] ?? name)?.allowedAlignments ?? BuiltInModels.allowedAlignments(name)
    }
    /// Draw detected planes in frames.
    public var showPlanes: Bool
    /// The steps, in the order they run (at most `maximumSteps`).
    public var steps: [Step]
    /// The line of `stage:` (0 when the script has none), for messages about the stage.
    public var stageLine = 0
    /// The tolerance for this script's snapshot goldens in `sprout test`, when not the default.
    public var tolerance: TestTolerance?
    /// How geo anchors are marked (`placemarkStyle:`), over the stage's; nil: the stage's.
    public var placemarkStyle: PlacemarkStyle?
    /// How fast downloads go (`network: { bandwidth, latency }`), over the stage's; nil: the stage's.
    public var network: NetworkLink?
    /// Noise on touches, the device and frame times (`jitter:`), as `sprout explore` varies a
    /// run; nil: none (the script plays exactly as written).
    public var jitter: Jitter?
    /// Session interruptions at stated times (`faults:`), as `sprout explore` injects them.
    public var faults: [Fault] = []

    /// Seconds per frame: 1 / `fps`.
    public var frameDuration: Double { 1 / Double(fps) }
}

/// `jitter: { seed, touch, device, frame }`: seeded noise on what a person and a phone never do
/// exactly twice; the same seed gives the same noise.
public struct Jitter: Sendable, Equatable {
    /// Seeds the noise.
    public var seed: UInt64
    /// Each touch moves up to this many points along each axis.
    public var touch: Float
    /// The device stands up to this many metres off its pose along each axis, each frame.
    public var device: Float
    /// Each frame lasts its step times 1 plus up to this fraction either way (0...0.9).
    public var frame: Double

    /// Noise from `seed` of the given sizes.
    public init(seed: UInt64, touch: Float = 0, device: Float = 0, frame: Double = 0) {
        self.seed = seed
        self.touch = touch
        self.device = device
        self.frame = frame
    }

    /// Whether it changes nothing.
    public var isNone: Bool { touch == 0 && device == 0 && frame == 0 }
}

/// `faults: [ { at, for, kind } ]`: from `at` seconds for `for` seconds the session is
/// troubled, each kind as a real session's tracking is limited.
public struct Fault: Sendable, Equatable {
    /// What goes wrong.
    public enum Kind: String, Sendable, CaseIterable {
        /// The session is interrupted (a call, the app in the background), then relocalises:
        /// limited(relocalizing) (P18 `sessionWasInterrupted`, `sessionInterruptionEnded`).
        case interruption
        /// A hand over the lens: nothing seen, limited(insufficientFeatures) after its delay.
        case covered
        /// The phone shaken (6 cm either way, frame by frame): limited(excessiveMotion).
        case shake
    }

    /// Session seconds when it begins.
    public var at: Double
    /// How long it lasts.
    public var duration: Double
    /// What goes wrong.
    public var kind: Kind

    /// A fault of `kind` from `at` for `duration` seconds.
    public init(at: Double, duration: Double, kind: Kind = .interruption) {
        self.at = at
        self.duration = duration
        self.kind = kind
    }
}

/// An object's size as a script gives it: every length times `scale`, or scaled evenly to
/// stand `fitHeight` metres tall.
public enum ObjectSize: Sendable, Equatable {
    /// Every length multiplied by this factor (> 0).
    case scale(Float)
    /// Scaled evenly to stand this many metres tall (> 0).
    case fitHeight(Float)
}

/// One step and where it was written.
public struct Step: Sendable {
    /// What the step does.
    public var action: Action
    /// 1-based line in the script.
    public var line: Int
    /// The step's field path (`steps[3]`), for messages.
    public var field: String

    /// The step's name as scripts and the trace write it (`wait`, `pan`, ...).
    public var kind: String { action.kind }
}

/// A `device:` move: where to (absolute or relative), how to turn, over how long.
public struct DeviceMotion: Sendable {
    /// Where the device goes: a point, an offset, or nowhere (turn only).
    public enum Target: Sendable {
        case moveTo(Vec3)
        case moveBy(Vec3)
        case stay
    }
    /// Where the device moves to.
    public var target: Target
    /// Keep looking at this point while moving (else the orientation is kept).
    public var lookAt: Vec3?
    /// Turn to this orientation (a recorded pose); exclusive with `lookAt`.
    public var rotation: Quaternion?
    /// Seconds; 0 sets the pose at once, without a frame (the next step's frames see it).
    public var duration: Double
}

/// What one step does (README: Gesture scripts).
public enum Action: Sendable {
    /// Seconds of frames with no input.
    case wait(Double)
    /// Places a new object, by its name in `objects` (or a built-in or catalog plant), at the focus square.
    case place(String)
    /// One finger down and up on consecutive frames at this point, in points.
    case tap(Vec2)
    /// `touches` fingers (40 points apart) moved from `from` to `to` over `duration` seconds, points.
    case pan(from: Vec2, to: Vec2, touches: Int, duration: Double, easing: TimingFunction)
    /// Two fingers around `center` turning by `angle` radians (clockwise on screen positive).
    case rotate(center: Vec2, angle: Float, radius: Float, duration: Double, easing: TimingFunction)
    /// One finger held still at `at` for `hold` seconds while the device moves.
    case drag(at: Vec2, hold: Double, device: DeviceMotion?)
    /// Moves or turns the device.
    case device(DeviceMotion)
    /// Raw touch events delivered in one frame.
    case touches([RawTouch])
    /// The restart button (ignored during its 5 s cooldown, as in the sample).
    case reset
    /// Opens a Seed Shop invocation URL (the flow starts scanning for its code).
    case open(String)
    /// Adds a geo anchor (ground level when no altitude); refused before geotracking localises.
    case geoAnchor(latitude: Double, longitude: Double, altitude: Double?)
    /// Removes the last geo anchor.
    case undo
    /// Changes the stage's lights from now: the sun's and/or the ambient light's intensity,
    /// over `duration` seconds (the step itself takes no time).
    case light(directional: Float?, ambient: Float?, duration: Double)
    /// Writes the frame as `NAME.png` (compared with a golden under `sprout test`).
    case snapshot(String)
    /// Plays a placed object's animation clip from its start (the step takes no time; the clip
    /// advances with the frames after it).
    case animate(AnimationRequest)
    /// Draws a placed object in its file's material variant (KHR_materials_variants; nil: the
    /// default materials). The step takes no time.
    case variant(object: String, name: String?)
    /// Checks the world now; a failure is reported and the script goes on.
    case expect(Expectation)
    /// Checks the world on every frame from here on; the first frame it fails is reported.
    case always(Expectation)
    /// Must hold on some frame within `within` seconds from here; reported when it has not by then.
    case eventually(Expectation, within: Double)

    /// The step's name as scripts and the trace write it (`wait`, `pan`, ...).
    public var kind: String {
        switch self {
        case .wait: return "wait"
        case .place: return "place"
        case .tap: return "tap"
        case .pan: return "pan"
        case .rotate: return "rotate"
        case .drag: return "drag"
        case .device: return "device"
        case .touches: return "touches"
        case .reset: return "reset"
        case .open: return "open"
        case .geoAnchor: return "geoAnchor"
        case .undo: return "undo"
        case .light: return "light"
        case .snapshot: return "snapshot"
        case .animate: return "animate"
        case .variant: return "variant"
        case .expect: return "expect"
        case .always: return "always"
        case .eventually: return "eventually"
        }
    }
}

/// `animate: { object, clip, loop, speed }`: which object plays which clip, how.
public struct AnimationRequest: Sendable, Equatable {
    /// The placed object, by name.
    public var object: String
    /// The clip's name or index as text; nil: the first.
    public var clip: String?
    /// Whether it starts again at its end (default true); else it holds its last pose.
    public var loop: Bool
    /// Times the clock (default 1; 0 holds the pose; negative plays backwards).
    public var speed: Double

    /// A request for `object` to play `clip`.
    public init(object: String, clip: String? = nil, loop: Bool = true, speed: Double = 1) {
        self.object = object
        self.clip = clip
        self.loop = loop
        self.speed = speed
    }
}

/// One touch of a `touches:` step: finger id, point and phase.
public struct RawTouch: Sendable {
    /// The finger; events with the same id are one finger.
    public var id: Int
    /// Down, moving, still, up or cancelled.
    public var phase: TouchPhase
    /// Where the finger is, in points from the viewport's top-left corner.
    public var at: Vec2
}

/// What must hold after the steps before it; every field is optional.
public struct Expectation: Sendable {
    /// The placed object the object checks (`position`, `rotationY`, `onPlane`, ...) are about, by name.
    public var object: String?
    /// The object's position (the model value rules read), world metres, within `tolerance`.
    public var position: Vec3?
    /// Metres, for `position` (default 5 mm).
    public var tolerance: Float = 0.005
    /// Degrees, within 0.5 degrees.
    public var rotationY: Float?
    /// Whether the object stands on a detected plane.
    public var onPlane: Bool?
    /// Whether the object is the selected one (the one gestures act on).
    public var selected: Bool?
    /// Where the object is drawn (SceneKit's presentation), within `tolerance`: differs from
    /// `position` (the model value) while a snap or re-alignment animates.
    public var presentedPosition: Vec3?
    /// The object's world scale, within 0.1 %.
    public var scale: Vec3?
    /// The object's current alignment.
    public var alignment: PlaneAlignment?
    /// The status message shown (`""` for none).
    public var message: String?
    /// What the focus square shows.
    public var focusSquare: FocusSquareLook?
    /// The focus square's alignment (`horizontal`, `vertical`; `none` before any plane).
    public var focusSquareAlignment: String?
    /// Whether the focus square floats in front of the camera (initializing).
    public var focusSquareBillboard: Bool?
    /// The tracking state (`normal`, `notAvailable` or `limited(reason)` in a script).
    public var tracking: TrackingState?
    /// Anchor counts by kind (`planes`, `images`, `codes`, `objects`): a comparison like ">= 1".
    public var anchors: [(kind: String, comparison: Comparison)] = []
    /// How many objects are placed.
    public var objectCount: Comparison?
    /// The Seed Shop's coaching text shown (`""` for none).
    public var coaching: String?
    /// The Seed Shop's info label (loading progress, errors, the catalog; `""` for none).
    public var info: String?
    /// The geotracking state.
    public var geo: GeoTrackingStatus.State?
    /// The light estimate's ambient intensity in lumens, rounded (`"< 600"`; `== 0` is never
    /// met without an estimate).
    public var lightEstimate: Comparison?
    /// The light estimate's colour temperature in kelvin, rounded.
    public var colorTemperature: Comparison?
    /// The frame as the device sees it matches a golden PNG.
    public var image: ImageExpectation?
    /// The status panel's alpha (fading over 0.2 s), within 0.001.
    public var messageAlpha: Float?
    /// How many geo placemarks have appeared (`placemarks: ">= 1"`).
    public var placemarks: Comparison?
    /// What the placemarks show: `balloon` or `arrow` (each that has appeared).
    public var placemarkShows: String?
    /// Whether P18's add-object button (+) is shown.
    public var addObjectButton: Bool?
    /// Whether the restart button would restart now (not cooling down, nothing loading).
    public var restartAvailable: Bool?
    /// How many downloads are under way (`loading: ">= 1"`).
    public var loading: Comparison?
    /// A reference image the session looks for, by name, with its physical width in metres (within 0.1 mm).
    public var referenceImage: (name: String, width: Float)?
    /// Whether the Seed Shop fell back to its test URL (AC `useTestURL`) for a code it could not decode.
    public var usedTestURL: Bool?
    /// The clip the object plays (`""`: none).
    public var clip: String?
    /// The material variant the object is drawn in (`""`: its default materials).
    public var variant: String?
    /// Seconds into the clip the object plays, within a microsecond.
    public var clipTime: Double?
}

/// `expect: { image: goldens/placed.png, tolerance: {...} }`: the current frame against a golden.
public struct ImageExpectation: Sendable {
    /// The golden, relative to the script's folder.
    public var golden: String
    /// Other than the default, with its reason.
    public var tolerance: TestTolerance?
}

/// `== n`, `>= n`, `<= n`, `> n`, `< n` or a bare `n`.
public struct Comparison: Sendable, CustomStringConvertible {
    /// How an expected count compares: `==`, `>=`, `<=`, `>` or `<`.
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "=="
        case atLeast = ">="
        case atMost = "<="
        case more = ">"
        case less = "<"
    }
    /// How the actual count is compared with `value`.
    public var op: Operator
    /// The count compared with.
    public var value: Int

    /// Whether `n` satisfies the comparison (`n >= value` for `atLeast`, ...).
    public func holds(for n: Int) -> Bool {
        switch op {
        case .equal: return n == value
        case .atLeast: return n >= value
        case .atMost: return n <= value
        case .more: return n > value
        case .less: return n < value
        }
    }

    /// The comparison as a script writes it, such as ">= 1".
    public var description: String { "\(op.rawValue) \(value)" }
}
