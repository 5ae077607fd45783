import SproutMath

/// Turns mouse drags, wheel steps and walk keys into a camera pose: orbit about a target,
/// zoom by distance, walk the target on the ground plane. Pure; the window feeds it.
public struct OrbitController: Sendable {
    /// The point the camera orbits and looks at, world space, metres.
    public var target: Vec3
    /// Distance from the target to the eye in metres; `zoom` keeps it within 0.05...500.
    public var distance: Float
    /// Heading about +Y in radians (0 looks along -Z).
    public var yaw: Float
    /// Elevation in radians, clamped short of the poles.
    public var pitch: Float

    /// Radians per point of drag: a 360-point drag turns half a circle.
    public static let radiansPerPoint: Float = .pi / 360
    static let pitchLimit: Float = radians(fromDegrees: 85)

    /// A controller from its parameters, taken as given (pitch is not clamped here); angles in radians, distance in metres.
    public init(target: Vec3, distance: Float, yaw: Float, pitch: Float) {
        self.target = target
        self.distance = distance
        self.yaw = yaw
        self.pitch = pitch
    }

    /// The controller that reproduces a camera looking from `eye` at `target`.
    public init(eye: Vec3, target: Vec3) {
        let offset = eye - target
        let d = max(length(offset), 1e-3)
        self.init(target: target, distance: d, yaw: atan2(offset.x, offset.z), pitch: asin(offset.y / d))
    }

    /// The camera's position: `distance` from the target at `yaw` and `pitch`.
    public var eye: Vec3 {
        target + distance * Vec3(cos(pitch) * sin(yaw), sin(pitch), cos(pitch) * cos(yaw))
    }

    /// The camera-to-world pose at `eye` looking at `target`, +Y up.
    public var cameraTransform: Matrix4 { lookAt(eye: eye, target: target) }

    /// Dragging right turns the camera around to the right of the target.
    public mutating func orbit(byPoints delta: Vec2) {
        yaw -= delta.x * Self.radiansPerPoint
        pitch = min(max(pitch + delta.y * Self.radiansPerPoint, -Self.pitchLimit), Self.pitchLimit)
    }

    /// One wheel step brings the camera 10 % closer (negative steps move away).
    public mutating func zoom(steps: Float) {
        distance = min(max(distance * pow(0.9, steps), 0.05), 500)
    }

    /// Moves the target (and so the camera) on the horizontal plane: `forward` along the view
    /// direction, `right` across it, `up` vertically; metres.
    public mutating func walk(forward: Float, right: Float, up: Float = 0) {
        let f = Vec3(-sin(yaw), 0, -cos(yaw)), r = Vec3(cos(yaw), 0, -sin(yaw))
        target += f * forward + r * right + Vec3(0, up, 0)
    }
}
