/// An infinite plane: the points p with dot(normal, p) == dot(normal, point).
public struct Plane: Equatable, Sendable {
    /// A point on the plane.
    public var point: Vec3
    /// The plane's unit normal; the positive side of `signedDistance(to:)`. Assigning it directly does not normalise it.
    public var normal: Vec3

    /// The plane through `point` perpendicular to `normal` (normalised here; a zero normal stays zero).
    public init(point: Vec3, normal: Vec3) {
        self.point = point
        self.normal = normalize(normal)
    }

    /// Horizontal plane at height `y`, facing up.
    public static func horizontal(y: Float) -> Plane { Plane(point: Vec3(0, y, 0), normal: .unitY) }

    /// Signed distance: positive on the side the normal points to.
    public func signedDistance(to p: Vec3) -> Float { dot(normal, p - point) }

    /// Distance along `ray` to the plane, from either side; `nil` when parallel or behind.
    public func intersect(_ ray: Ray) -> Float? {
        let denom = dot(normal, ray.direction)
        if abs(denom) < 1e-9 { return nil }
        let t = dot(normal, point - ray.origin) / denom
        return t >= 0 ? t : nil
    }

    /// The point of the plane closest to `p` (its orthogonal projection).
    public func project(_ p: Vec3) -> Vec3 { p - normal * signedDistance(to: p) }
}
