/// Vectors are the standard library's SIMD types; this file adds the geometry
/// that Linux lacks (Apple's `simd` module is not available there).
public typealias Vec2 = SIMD2<Float>
/// A 3D vector or point (stdlib SIMD, so arithmetic is element-wise and fast).
public typealias Vec3 = SIMD3<Float>
/// A 4D vector: homogeneous points, RGBA colours, matrix columns.
public typealias Vec4 = SIMD4<Float>

/// Dot product.
@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Float { (a * b).sum() }
/// Dot product.
@inlinable public func dot(_ a: Vec3, _ b: Vec3) -> Float { (a * b).sum() }
/// Dot product.
@inlinable public func dot(_ a: Vec4, _ b: Vec4) -> Float { (a * b).sum() }

/// Cross product (right-handed: cross(unitX, unitY) == unitZ).
@inlinable public func cross(_ a: Vec3, _ b: Vec3) -> Vec3 {
    Vec3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// Euclidean length.
@inlinable public func length(_ v: Vec2) -> Float { dot(v, v).squareRoot() }
/// Euclidean length.
@inlinable public func length(_ v: Vec3) -> Float { dot(v, v).squareRoot() }
/// Euclidean length.
@inlinable public func length(_ v: Vec4) -> Float { dot(v, v).squareRoot() }
/// Euclidean distance between two points.
@inlinable public func distance(_ a: Vec3, _ b: Vec3) -> Float { length(a - b) }

/// Unit vector in the direction of `v`; the zero vector stays zero instead of becoming NaN.
@inlinable public func normalize(_ v: Vec3) -> Vec3 {
    let l = length(v)
    return l > 0 ? v / l : v
}

/// Unit vector in the direction of `v`; the zero vector stays zero instead of becoming NaN.
@inlinable public func normalize(_ v: Vec2) -> Vec2 {
    let l = length(v)
    return l > 0 ? v / l : v
}

/// Linear interpolation: `a` at t = 0, `b` at t = 1 (not clamped).
@inlinable public func mix(_ a: Vec3, _ b: Vec3, t: Float) -> Vec3 { a + (b - a) * t }
/// Linear interpolation: `a` at t = 0, `b` at t = 1 (not clamped).
@inlinable public func mix(_ a: Float, _ b: Float, t: Float) -> Float { a + (b - a) * t }
/// Linear interpolation: `a` at t = 0, `b` at t = 1 (not clamped).
@inlinable public func mix(_ a: Vec2, _ b: Vec2, t: Float) -> Vec2 { a + (b - a) * t }

extension SIMD3 where Scalar == Float {
    /// The unit vector along +X.
    public static let unitX = Vec3(1, 0, 0)
    /// The unit vector along +Y, up in the engine's world.
    public static let unitY = Vec3(0, 1, 0)
    /// The unit vector along +Z, backwards for a camera at rest (cameras look down -Z).
    public static let unitZ = Vec3(0, 0, 1)

    /// Componentwise approximate equality.
    public func isApproximately(_ other: Vec3, tolerance: Float = 1e-5) -> Bool {
        let d = self - other
        return abs(d.x) <= tolerance && abs(d.y) <= tolerance && abs(d.z) <= tolerance
    }

    /// True when no component is NaN or infinite.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension SIMD4 where Scalar == Float {
    /// The first three components, dropping w.
    public var xyz: Vec3 { Vec3(x, y, z) }
    /// A 4D vector from `v` and a fourth component `w`.
    public init(_ v: Vec3, _ w: Float) { self.init(v.x, v.y, v.z, w) }
}
