import SproutMath

/// The local frame of a flat rectangle in the world, in ARKit's plane-anchor convention: x along
/// the width, y the normal (out of the surface), z the third axis (towards the viewer's side for
/// a horizontal surface, downwards on a wall). Rectangles are centred on the origin.
public struct SurfaceFrame: Equatable, Sendable {
    /// The rectangle's centre, world metres.
    public let center: Vec3
    /// Unit x axis: along the width.
    public let xAxis: Vec3
    /// Unit y axis: the normal, out of the surface's front.
    public let normal: Vec3
    /// Unit z axis, x cross normal: towards the viewer on a floor, downwards on a wall.
    public let zAxis: Vec3

    /// A rectangle centred at `center`, turned by `yaw` radians about +Y; a vertical one faces
    /// +Z before the turn.
    public init(center: Vec3, yaw: Float, alignment: PlaneAlignment) {
        self.center = center
        xAxis = Vec3(cos(yaw), 0, -sin(yaw))
        normal = alignment == .horizontal ? .unitY : Vec3(sin(yaw), 0, cos(yaw))
        zAxis = cross(xAxis, normal)
    }

    /// Surface-to-world.
    public var transform: Matrix4 {
        Matrix4(Vec4(xAxis, 0), Vec4(normal, 0), Vec4(zAxis, 0), Vec4(center, 1))
    }

    /// In-plane coordinates (x, z) of a world point.
    @inlinable public func local(_ p: Vec3) -> Vec2 {
        let d = p - center
        return Vec2(dot(d, xAxis), dot(d, zAxis))
    }

    /// The world point at in-plane coordinates (x, z), `height` metres along the normal: the inverse of `local(_:)`.
    @inlinable public func world(_ uv: Vec2, height: Float = 0) -> Vec3 {
        center + xAxis * uv.x + zAxis * uv.y + normal * height
    }

    /// Distance along `ray` to the surface's infinite plane, from either side; `nil` when the
    /// ray is parallel to it or the plane lies behind.
    @inlinable public func intersect(_ ray: Ray, offset: Float = 0) -> Float? {
        let denom = dot(normal, ray.direction)
        if abs(denom) < 1e-7 { return nil }
        let t = (dot(normal, center - ray.origin) + offset) / denom
        return t > 0 ? t : nil
    }
}
