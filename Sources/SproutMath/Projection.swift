/// A viewport in points, origin at the top-left, y down (the iOS convention scripts use).
public struct Viewport: Equatable, Sendable {
    /// Width in points.
    public var width: Float
    /// Height in points.
    public var height: Float

    /// A viewport of `width` x `height` points.
    public init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }

    /// Width over height; 1 when the height is not positive.
    public var aspect: Float { height > 0 ? width / height : 1 }
    /// The middle of the viewport, in points from the top-left.
    public var center: Vec2 { Vec2(width / 2, height / 2) }
}

/// A symmetric perspective projection (OpenGL clip space, depth -1...1).
public struct Perspective: Equatable, Sendable {
    /// Vertical field of view in radians.
    public var fovY: Float
    /// Distance to the near clipping plane, in metres (default 0.05).
    public var near: Float
    /// Distance to the far clipping plane, in metres (default 100).
    public var far: Float

    /// A projection with a vertical field of view of `fovY` radians and clipping planes `near` and `far` metres from the camera.
    public init(fovY: Float, near: Float = 0.05, far: Float = 100) {
        self.fovY = fovY
        self.near = near
        self.far = far
    }

    /// The eye-to-clip matrix for a viewport of `aspect` (width over height), OpenGL style: the camera looks down -Z and depth maps to -1...1.
    public func matrix(aspect: Float) -> Matrix4 {
        let f = 1 / tan(fovY / 2)
        let nf = 1 / (near - far)
        return Matrix4(
            Vec4(f / aspect, 0, 0, 0), Vec4(0, f, 0, 0),
            Vec4(0, 0, (far + near) * nf, -1), Vec4(0, 0, 2 * far * near * nf, 0))
    }
}

/// Camera-to-world pose looking from `eye` at `target` (camera looks down its -Z, +Y up).
public func lookAt(eye: Vec3, target: Vec3, up: Vec3 = .unitY) -> Matrix4 {
    let z = normalize(eye - target)
    var x = normalize(cross(up, z))
    if length(x) == 0 { x = normalize(cross(Vec3(0, 0, -1), z)) }   // looking straight up or down
    let y = cross(z, x)
    return Matrix4(Vec4(x, 0), Vec4(y, 0), Vec4(z, 0), Vec4(eye, 1))
}

/// Screen point <-> world, for a camera pose (camera-to-world), a projection and a viewport.
public struct ProjectionMapping: Sendable {
    /// The camera's pose, camera-to-world.
    public let cameraTransform: Matrix4
    /// World-to-camera: the inverse of `cameraTransform` (the identity when that is singular).
    public let viewMatrix: Matrix4
    /// Eye-to-clip, from the perspective at the viewport's aspect.
    public let projectionMatrix: Matrix4
    /// The viewport screen points are measured in (origin top-left, y down).
    public let viewport: Viewport

    /// The mapping for a camera pose (camera-to-world), a perspective and a viewport.
    public init(cameraTransform: Matrix4, perspective: Perspective, viewport: Viewport) {
        self.cameraTransform = cameraTransform
        self.viewMatrix = cameraTransform.inverse ?? .identity
        self.projectionMatrix = perspective.matrix(aspect: viewport.aspect)
        self.viewport = viewport
    }

    /// The screen point of a world point (may lie outside the viewport); `nil` behind the camera.
    public func project(_ world: Vec3) -> Vec2? {
        let clip = projectionMatrix * (viewMatrix * Vec4(world, 1))
        guard clip.w > 0 else { return nil }
        let ndc = clip.xyz / clip.w
        return Vec2((ndc.x + 1) / 2 * viewport.width, (1 - ndc.y) / 2 * viewport.height)
    }

    /// The ray from the camera through a screen point.
    public func unproject(_ point: Vec2) -> Ray {
        let ndc = Vec2(point.x / viewport.width * 2 - 1, 1 - point.y / viewport.height * 2)
        let inverseProjection = projectionMatrix.inverse ?? .identity
        let viewDir = inverseProjection.transformPoint(Vec3(ndc.x, ndc.y, -1))
        return Ray(origin: cameraTransform.translation, direction: cameraTransform.transformDirection(viewDir))
    }
}

extension Matrix4 {
    /// An orthographic projection of the box [left, right] x [bottom, top] x [-near, -far] (eye space) to clip space.
    public static func orthographic(left: Float, right: Float, bottom: Float, top: Float, near: Float, far: Float) -> Matrix4 {
        let rl = 1 / (right - left), tb = 1 / (top - bottom), fn = 1 / (far - near)
        return Matrix4(
            Vec4(2 * rl, 0, 0, 0), Vec4(0, 2 * tb, 0, 0), Vec4(0, 0, -2 * fn, 0),
            Vec4(-(right + left) * rl, -(top + bottom) * tb, -(far + near) * fn, 1))
    }
}
