import SproutMath
import SproutScene

/// The simulated phone: where it is, where it looks, its lens and its screen. Scripts, the
/// window's keys and the API move it; the session reads it on every update.
public struct DeviceCamera: Equatable, Sendable {
    /// Camera-to-world; the camera looks down its -Z with +Y up.
    public var transform: Matrix4
    /// Vertical field of view in degrees.
    public var fovYDegrees: Float
    /// The screen in points (origin top-left); gestures and raycasts use it.
    public var viewport: Viewport

    /// Near and far planes that fit a room and a street: 1 cm to 1 km.
    public static let nearPlane: Float = 0.01
    /// The far plane, metres (1 km).
    public static let farPlane: Float = 1000

    /// A device at `transform` (camera-to-world) with a vertical field of view in degrees and a screen in points.
    public init(transform: Matrix4, fovYDegrees: Float = 60, viewport: Viewport = Viewport(width: 1280, height: 720)) {
        self.transform = transform
        self.fovYDegrees = fovYDegrees
        self.viewport = viewport
    }

    /// A device where a stage starts it: at the camera's position, looking at its `lookAt`, with its field of view.
    public init(stageCamera: StageCamera, viewport: Viewport = Viewport(width: 1280, height: 720)) {
        self.init(
            transform: lookAt(eye: stageCamera.position, target: stageCamera.lookAt),
            fovYDegrees: stageCamera.fovYDegrees, viewport: viewport)
    }

    /// World position, metres.
    public var position: Vec3 { transform.translation }

    /// Pitch (x, negative looking down), yaw (y, 0 looking along -Z, positive turning left) and
    /// roll (z) in radians, as ARKit's `ARCamera.eulerAngles`.
    public var eulerAngles: Vec3 {
        let f = forward
        let pitch = asin(min(max(f.y, -1), 1))
        // Looking straight up or down the heading comes from the camera's up vector instead.
        let up = normalize(transform.transformDirection(.unitY))
        let yaw = abs(f.y) > 0.9999 ? atan2(-up.x * (f.y < 0 ? -1 : 1), -up.z * (f.y < 0 ? -1 : 1)) : atan2(-f.x, -f.z)
        let right = normalize(transform.transformDirection(.unitX))
        let flatRight = Vec3(cos(yaw), 0, -sin(yaw))
        let roll = atan2(dot(cross(flatRight, right), f), dot(flatRight, right))
        return Vec3(pitch, yaw, roll)
    }
    /// The unit direction the camera looks along (its -Z), in world space.
    public var forward: Vec3 { normalize(transform.transformDirection(Vec3(0, 0, -1))) }

    /// The render camera: this pose and lens, clipped at `nearPlane` and `farPlane`.
    public var camera: Camera {
        Camera(transform: transform, projection: Projection(fovY: radians(fromDegrees: fovYDegrees), near: Self.nearPlane, far: Self.farPlane))
    }

    /// Screen points to world rays and back for this camera and viewport (`unproject` gives a tap's ray).
    public var mapping: ProjectionMapping { camera.mapping(viewport: viewport) }

    /// Points per metre at one metre's distance: how big things look on this screen.
    public var focalLengthInPoints: Float { viewport.height / 2 / tan(radians(fromDegrees: fovYDegrees) / 2) }

    /// Places the device at `eye` looking at `target`.
    public mutating func look(from eye: Vec3, at target: Vec3) {
        transform = lookAt(eye: eye, target: target)
    }

    /// Moves the device by `offset` (world metres) keeping its orientation.
    public mutating func move(by offset: Vec3) {
        transform.columns.3 = Vec4(position + offset, 1)
    }

    /// Turns the device by `yaw` about the world's vertical and by `pitch` about its own right
    /// axis (radians), keeping its position: the way a person turns a phone.
    public mutating func turn(yaw: Float, pitch: Float) {
        let p = position
        let right = normalize(transform.transformDirection(Vec3(1, 0, 0)))
        let rotation = Quaternion(angle: yaw, axis: .unitY) * Quaternion(angle: pitch, axis: right)
        var m = rotation.matrix * Matrix4(transform.columns.0, transform.columns.1, transform.columns.2, Vec4(0, 0, 0, 1))
        m.columns.3 = Vec4(p, 1)
        transform = m
    }
}
