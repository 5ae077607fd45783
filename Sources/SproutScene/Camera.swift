import SproutMath

/// How a scene is looked at: a pose (camera-to-world, looking down -Z) and a projection.
public struct Camera: Equatable, Sendable {
    /// Camera-to-world pose; the camera looks down its -Z with +Y up.
    public var transform: Matrix4
    /// The projection: a vertical field of view in radians (or an orthographic height) and clipping distances in metres.
    public var projection: Projection

    /// A camera at `transform` (default: at the origin looking down -Z) with a 60-degree vertical field of view by default.
    public init(transform: Matrix4 = .identity, projection: Projection = Projection(fovY: radians(fromDegrees: 60))) {
        self.transform = transform
        self.projection = projection
    }

    /// A camera at `eye` looking at `target` with +Y up; `fovYDegrees` is the vertical field of view in degrees, `near` and `far` in metres.
    public static func looking(from eye: Vec3, at target: Vec3, fovYDegrees: Float = 60, near: Float = 0.05, far: Float = 100) -> Camera {
        Camera(transform: lookAt(eye: eye, target: target), projection: Projection(fovY: radians(fromDegrees: fovYDegrees), near: near, far: far))
    }

    /// The camera's position in world space.
    public var position: Vec3 { transform.translation }
    /// The unit view direction in world space (the pose's -Z axis).
    public var forward: Vec3 { normalize(transform.transformDirection(Vec3(0, 0, -1))) }

    /// The mapping between screen points of `viewport` and world space for this camera.
    public func mapping(viewport: Viewport) -> ProjectionMapping {
        ProjectionMapping(cameraTransform: transform, projection: projection, viewport: viewport)
    }

    /// A camera that frames `bounds` from a raised three-quarter view.
    public static func framing(_ bounds: BoundingBox, fovYDegrees: Float = 60, aspect: Float = 16.0 / 9.0) -> Camera {
        let center = bounds.isEmpty ? Vec3.zero : bounds.center
        let radius = max(bounds.isEmpty ? 1 : bounds.boundingRadius, 0.01)
        let halfFov = radians(fromDegrees: fovYDegrees) / 2
        let fit = min(halfFov, atan(tan(halfFov) * aspect))
        let dist = radius / sin(fit) * 1.1
        let direction = normalize(Vec3(0.55, 0.45, 0.7))
        return .looking(
            from: center + direction * dist, at: center, fovYDegrees: fovYDegrees,
            near: max(dist / 100, 0.001), far: dist * 10 + radius)
    }
}
