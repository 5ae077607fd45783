import SproutMath
import SproutScene

/// Decides the tracking state each frame from how the device moves and what it sees.
///
/// The thresholds are not in any source (ARKit does not publish them); each value below is
/// chosen to match what a phone's visual-inertial odometry tolerates and is named here once.
public struct TrackingMonitor: Sendable {
    /// Seconds of steady, feature-rich viewing before tracking leaves `initializing`: ARKit
    /// reports normal tracking about half a second to a second after a run starts.
    public static let initializationTime = 0.75
    /// Above 2 m/s (a brisk walk is 1.4 m/s) the camera image blurs and VIO loses its features.
    public static let maximumSpeed: Float = 2.0
    /// Above 3.5 rad/s (200 degrees per second) features cross the view in a few frames.
    public static let maximumAngularSpeed: Float = 3.5
    /// Motion must stay below the limits this long before tracking recovers.
    public static let motionRecoveryTime = 0.5
    /// Mean detail over the view below which there is too little to track (a blank wall, the sky).
    public static let minimumFeatureScore: Float = 0.1
    /// Low detail must last this long before tracking degrades (one bland frame is not a loss).
    public static let featureLossDelay = 0.5
    /// After an interruption: seconds of feature-rich viewing near where the device was before.
    public static let relocalizationTime = 1.0
    /// ...within this distance of the pose where the interruption began.
    public static let relocalizationRadius: Float = 1.0

    /// The state decided by the last update; `notAvailable` until `reset()`.
    public private(set) var state: TrackingState = .notAvailable
    private var initializedFor = 0.0
    private var calmFor = Double.infinity
    private var lowDetailFor = 0.0
    private var relocalizingPosition: Vec3?
    private var relocalizedFor = 0.0
    private var previous: Matrix4?

    /// A monitor in `notAvailable`; `reset()` starts tracking.
    public init() {}

    /// Starts afresh: `limited(initializing)`.
    public mutating func reset() {
        self = TrackingMonitor()
        state = .limited(.initializing)
    }

    /// An interruption ended: relocalise against the pose the device had when it began.
    public mutating func beginRelocalizing(near position: Vec3) {
        relocalizingPosition = position
        relocalizedFor = 0
        previous = nil
    }

    /// Decides the state after `dt` seconds ending at `pose` (camera-to-world), seeing
    /// `featureScore` (mean detail in view, 0...1). Relocalising comes first, then initialising,
    /// then excessive motion, then insufficient features; otherwise normal.
    public mutating func update(deltaTime dt: Double, pose: Matrix4, featureScore: Float) -> TrackingState {
        // A zero-length step cannot measure motion: the next step measures from the older pose.
        if let previous, dt > 0 {
            let speed = distance(pose.translation, previous.translation) / Float(dt)
            let turn = Self.angleBetween(pose, previous) / Float(dt)
            calmFor = speed > Self.maximumSpeed || turn > Self.maximumAngularSpeed ? 0 : calmFor + dt
        }
        if previous == nil || dt > 0 { previous = pose }
        let hasFeatures = featureScore >= Self.minimumFeatureScore
        lowDetailFor = hasFeatures ? 0 : lowDetailFor + dt
        let steady = hasReached(calmFor, Self.motionRecoveryTime)

        if let origin = relocalizingPosition {
            if hasFeatures, steady, distance(pose.translation, origin) <= Self.relocalizationRadius {
                relocalizedFor += dt
            }
            if !hasReached(relocalizedFor, Self.relocalizationTime) {
                state = .limited(.relocalizing)
                return state
            }
            relocalizingPosition = nil
        }
        if !hasReached(initializedFor, Self.initializationTime) {
            if hasFeatures && steady { initializedFor += dt }
            if !hasReached(initializedFor, Self.initializationTime) {
                state = .limited(.initializing)
                return state
            }
        }
        if !steady {
            state = .limited(.excessiveMotion)
        } else if hasReached(lowDetailFor, Self.featureLossDelay) {
            state = .limited(.insufficientFeatures)
        } else {
            state = .normal
        }
        return state
    }

    /// The angle of the rotation taking one pose's orientation to the other's.
    static func angleBetween(_ a: Matrix4, _ b: Matrix4) -> Float {
        // trace(Ra^T Rb) = 1 + 2 cos(angle)
        let t = dot(a.columns.0.xyz, b.columns.0.xyz) + dot(a.columns.1.xyz, b.columns.1.xyz) + dot(a.columns.2.xyz, b.columns.2.xyz)
        return acos(min(max((t - 1) / 2, -1), 1))
    }
}
