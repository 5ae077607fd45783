/// Vectors are the standard library's SIMD types; this file adds the geometry
/// that Linux lacks (Apple's `simd` module is not available there).
public typealias Vec2 = SIMD2<Float>
/// A 3D vector or point (stdlib SIMD, so arithmetic is element-wise and fast).
public typealias Vec3 = SIMD3<Float>
/// A 4D vector: homogeneous points, RGBA colours, matrix columns.
public typealias Vec4 = SIMD4<Float>

@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Float { (a * b).sum() }
@inlinable public func dot(_ a: Vec3, _ b: Vec3) -> Float { (a * b).sum() }
@inlinable public func dot(_ a: Vec4, _ b: Vec4) -> Float { (a * b).sum() }

@inlinable public func cross(_ a: Vec3, _ b: Vec3) -> Vec3 {
    Vec3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inlinable public func length(_ v: Vec2) -> Float { dot(v, v).squareRoot() }
@inlinable public func length(_ v: Vec3) -> Float { dot(v, v).squareRoot() }
@inlinable public func length(_ v: Vec4) -> Float { dot(v, v).squareRoot() }
@inlinable public func distance(_ a: Vec3, _ b: Vec3) -> Float { length(a - b) }

/// Unit vector in the direction of `v`; the zero vector stays zero instead of becoming NaN.
@inlinable public func normalize(_ v: Vec3) -> Vec3 {
    let l = length(v)
    return l > 0 ? v / l : v
}

@inlinable public func normalize(_ v: Vec2) -> Vec2 {
    let l = length(v)
    return l > 0 ? v / l : v
}

@inlinable public func mix(_ a: Vec3, _ b: Vec3, t: Float) -> Vec3 { a + (b - a) * t }
@inlinable public func mix(_ a: Float, _ b: Float, t: Float) -> Float { a + (b - a) * t }
@inlinable public func mix(_ a: Vec2, _ b: Vec2, t: Float) -> Vec2 { a + (b - a) * t }

extension SIMD3 where Scalar == Float {
    public static let unitX = Vec3(1, 0, 0)
    public static let unitY = Vec3(0, 1, 0)
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
    public var xyz: Vec3 { Vec3(x, y, z) }
    public init(_ v: Vec3, _ w: Float) { self.init(v.x, v.y, v.z, w) }
}
