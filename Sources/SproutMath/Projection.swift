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

/// How a camera projects onto the image (OpenGL clip space, depth -1...1): a symmetric
/// perspective of a vertical field of view, or an orthographic view of a given height (glTF's
/// two camera types, glTF 2.0 section 3.10).
public struct Projection: Equatable, Sendable {
    /// Vertical field of view in radians (a perspective projection's; unused by an orthographic one).
    public var fovY: Float
    /// Distance to the near clipping plane, in metres (default 0.05).
    public var near: Float
    /// Distance to the far clipping plane, in metres (default 100).
    public var far: Float
    /// Half the view's height in metres for an orthographic projection (glTF's `ymag`); nil for a
    /// perspective one. The width follows the viewport's aspect, so a picture is never stretched.
    public var orthographicHalfHeight: Float?

    /// A perspective projection with a vertical field of view of `fovY` radians and clipping planes `near` and `far` metres from the camera.
    public init(fovY: Float, near: Float = 0.05, far: Float = 100) {
        self.fovY = fovY
        self.near = near
        self.far = far
    }

    /// An orthographic projection `2 * halfHeight` metres tall, clipped `near` and `far` metres in front of the camera.
    public static func orthographic(halfHeight: Float, near: Float, far: Float) -> Projection {
        var projection = Projection(fovY: 0, near: near, far: far)
        projection.orthographicHalfHeight = halfHeight
        return projection
    }

    /// Whether every ray of the view is parallel (an orthographic projection).
    public var isOrthographic: Bool { orthographicHalfHeight != nil }

    /// The eye-to-clip matrix for a viewport of `aspect` (width over height), OpenGL style: the camera looks down -Z and depth maps to -1...1.
    public func matrix(aspect: Float) -> Matrix4 {
        if let halfHeight = orthographicHalfHeight {
            let halfWidth = halfHeight * aspect
            return .orthographic(left: -halfWidth, right: halfWidth, bottom: -halfHeight, top: halfHeight, near: near, far: far)
        }
        let f = 1 / tan(fovY / 2)
        let nf = 1 / (near - far)
        return Matrix4(
            Vec4(f / aspect, 0, 0, 0), Vec4(0, f, 0, 0),
            Vec4(0, 0, (far + near) * nf, -1), Vec4(0, 0, 2 * far * near * nf, 0))
    }

    /// Half the view's height, in metres, at `depth` metres in front of the camera:
    /// tan(fovY / 2) x depth, or the orthographic half-height at any depth.
    public func halfHeight(atDepth depth: Float) -> Float {
        orthographicHalfHeight ?? tan(fovY / 2) * depth
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
    /// Eye-to-clip, from the projection at the viewport's aspect.
    public let projectionMatrix: Matrix4
    /// The viewport screen points are measured in (origin top-left, y down).
    public let viewport: Viewport

    /// Whether rays through different points are parallel (an orthographic projection).
    public let isOrthographic: Bool

    /// The mapping for a camera pose (camera-to-world), a projection and a viewport.
    public init(cameraTransform: Matrix4, projection: Projection, viewport: Viewport) {
        self.cameraTransform = cameraTransform
        self.viewMatrix = cameraTransform.inverse ?? .identity
        self.projectionMatrix = projection.matrix(aspect: viewport.aspect)
        self.isOrthographic = projection.isOrthographic
        self.viewport = viewport
    }

    /// The screen point of a world point (may lie outside the viewport); `nil` behind the camera.
    public func project(_ world: Vec3) -> Vec2? {
        let eye = viewMatrix * Vec4(world, 1)
        let clip = projectionMatrix * eye
        guard clip.w > 0, eye.z <= 0 || !isOrthographic else { return nil }
        let ndc = clip.xyz / clip.w
        return Vec2((ndc.x + 1) / 2 * viewport.width, (1 - ndc.y) / 2 * viewport.height)
    }

    /// The ray from the camera through a screen point: from the camera's position, or for an
    /// orthographic projection from the point's place in the camera's plane, down the view.
    public func unproject(_ point: Vec2) -> Ray {
        let ndc = Vec2(point.x / viewport.width * 2 - 1, 1 - point.y / viewport.height * 2)
        let inverseProjection = projectionMatrix.inverse ?? .identity
        let onNearPlane = inverseProjection.transformPoint(Vec3(ndc.x, ndc.y, -1))
        guard isOrthographic else {
            return Ray(origin: cameraTransform.translation, direction: cameraTransform.transformDirection(onNearPlane))
        }
        return Ray(
            origin: cameraTransform.transformPoint(Vec3(onNearPlane.x, onNearPlane.y, 0)),
            direction: cameraTransform.transformDirection(Vec3(0, 0, -1)))
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
