import SproutMath
import SproutScene
import SproutSession

/// What a `World` is built from: the stage and everything that makes two runs the same.
public struct WorldOptions {
    /// The room the simulated device is in (`StageLoader.resolve` finds built-ins and files).
    public var stage: Stage
    /// Seed of the session's noise (plane errors, view jitter) and of geo anchor errors.
    public var seed: UInt64
    /// The device's screen in points: the unit of touches and gesture thresholds.
    public var viewport: Viewport
    /// Where the device starts and what it looks at (default: the stage's camera).
    public var camera: (position: Vec3, lookAt: Vec3)?
    /// Draw the detected plane anchors (translucent, with their extent).
    public var showsPlanes: Bool
    /// Show the focus square (the interaction sample's placement cursor). The geotracking
    /// sample has none, so `sprout geo` turns it off.
    public var showsFocusSquare: Bool
    /// Play each placed model's first animation clip, looping, from the moment it is placed
    /// (the window does; scripts do not unless an `animate:` step asks, so traces and
    /// goldens of animated models stay where they were).
    public var playsAnimations: Bool

    /// Options for `stage`; by default seed 1, a 1280 x 720 point screen, the stage's camera,
    /// planes hidden and the focus square shown.
    public init(
        stage: Stage, seed: UInt64 = 1, viewport: Viewport = Viewport(width: 1280, height: 720),
        camera: (position: Vec3, lookAt: Vec3)? = nil, showsPlanes: Bool = false, showsFocusSquare: Bool = true,
        playsAnimations: Bool = false
    ) {
        self.stage = stage
        self.seed = seed
        self.viewport = viewport
        self.camera = camera
        self.showsPlanes = showsPlanes
        self.showsFocusSquare = showsFocusSquare
        self.playsAnimations = playsAnimations
    }
}
