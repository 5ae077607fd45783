/// A half-line from `origin` along the unit vector `direction`.
public struct Ray: Equatable, Sendable {
    /// The start point.
    public var origin: Vec3
    /// The unit direction (normalised by the initialiser; assigning it directly does not normalise it).
    public var direction: Vec3

    /// A ray from `origin` along `direction` (normalised here).
    public init(origin: Vec3, direction: Vec3) {
        self.origin = origin
        self.direction = normalize(direction)
    }

    /// The point `distance` along the ray from its origin.
    public func point(at distance: Float) -> Vec3 { origin + direction * distance }

    /// The ray carried into another space by the affine matrix `m`; its direction is normalised again, so distances along it are in the new space's units.
    public func transformed(by m: Matrix4) -> Ray {
        Ray(origin: m.transformPoint(origin), direction: m.transformDirection(direction))
    }

    /// Distance to the triangle (Moeller-Trumbore), both faces; `nil` when missed or behind.
    public func intersect(triangle a: Vec3, _ b: Vec3, _ c: Vec3) -> Float? {
        let e1 = b - a, e2 = c - a
        let p = cross(direction, e2)
        let det = dot(e1, p)
        if abs(det) < 1e-12 { return nil }
        let inv = 1 / det
        let s = origin - a
        let u = dot(s, p) * inv
        if u < 0 || u > 1 { return nil }
        let q = cross(s, e1)
        let v = dot(direction, q) * inv
        if v < 0 || u + v > 1 { return nil }
        let t = dot(e2, q) * inv
        return t >= 0 ? t : nil
    }
}
