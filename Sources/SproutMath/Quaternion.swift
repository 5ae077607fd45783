/// A unit quaternion for rotations; `vector` is (x, y, z, w) with w the real part.
public struct Quaternion: Equatable, Sendable {
    /// The components (x, y, z, w): `xyz` the imaginary part, `w` the real part.
    public var vector: Vec4

    /// A quaternion from (x, y, z, w), taken as given (not normalised).
    @inlinable public init(vector: Vec4) { self.vector = vector }
    /// A quaternion from its components, `w` the real part, taken as given (not normalised).
    @inlinable public init(x: Float, y: Float, z: Float, w: Float) { vector = Vec4(x, y, z, w) }

    /// No rotation: (0, 0, 0, 1).
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// Rotation of `angle` radians about `axis` (normalised here).
    public init(angle: Float, axis: Vec3) {
        let a = normalize(axis), h = angle / 2
        vector = Vec4(a * sin(h), cos(h))
    }

    /// The imaginary (vector) part, (x, y, z).
    public var imag: Vec3 { vector.xyz }
    /// The real (scalar) part, w.
    public var real: Float { vector.w }
    /// The rotation angle in radians, in [0, 2 pi]; the axis is the direction of `imag`.
    public var angle: Float { 2 * atan2(length(imag), real) }
    /// The conjugate (-x, -y, -z, w): the inverse rotation for a unit quaternion.
    public var conjugate: Quaternion { Quaternion(vector: Vec4(-imag, real)) }
    /// The quaternion scaled to unit length; `identity` when its length is 0.
    public var normalized: Quaternion {
        let l = length(vector)
        return l > 0 ? Quaternion(vector: vector / l) : .identity
    }

    /// Hamilton product: the rotation `b` followed by `a`.
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        let v = a.real * b.imag + b.real * a.imag + cross(a.imag, b.imag)
        return Quaternion(vector: Vec4(v, a.real * b.real - dot(a.imag, b.imag)))
    }

    /// Rotates a vector.
    @inlinable public func act(_ v: Vec3) -> Vec3 {
        let u = vector.xyz, s = vector.w
        let t = 2 * cross(u, v)
        return v + s * t + cross(u, t)
    }

    /// Spherical interpolation along the shorter arc.
    public static func slerp(_ a: Quaternion, _ b: Quaternion, t: Float) -> Quaternion {
        var bv = b.vector
        var d = dot(a.vector, bv)
        if d < 0 { bv = -bv; d = -d }
        if d > 0.9995 { return Quaternion(vector: a.vector + (bv - a.vector) * t).normalized }
        let theta = acos(min(d, 1)), s = sin(theta)
        return Quaternion(vector: (a.vector * sin((1 - t) * theta) + bv * sin(t * theta)) / s)
    }

    /// The rotation as a 4x4 matrix (no translation); assumes a unit quaternion.
    public var matrix: Matrix4 {
        let x = vector.x, y = vector.y, z = vector.z, w = vector.w
        return Matrix4(
            Vec4(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
            Vec4(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
            Vec4(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
            Vec4(0, 0, 0, 1))
    }

    /// The rotation of an orthonormal 3x3 (scale must be removed first).
    public init(rotationMatrix m: Matrix4) {
        let m00 = m.columns.0.x, m11 = m.columns.1.y, m22 = m.columns.2.z
        let trace = m00 + m11 + m22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            vector = Vec4(
                (m.columns.1.z - m.columns.2.y) / s, (m.columns.2.x - m.columns.0.z) / s,
                (m.columns.0.y - m.columns.1.x) / s, s / 4)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            vector = Vec4(
                s / 4, (m.columns.1.x + m.columns.0.y) / s, (m.columns.2.x + m.columns.0.z) / s,
                (m.columns.1.z - m.columns.2.y) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            vector = Vec4(
                (m.columns.1.x + m.columns.0.y) / s, s / 4, (m.columns.2.y + m.columns.1.z) / s,
                (m.columns.2.x - m.columns.0.z) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            vector = Vec4(
                (m.columns.2.x + m.columns.0.z) / s, (m.columns.2.y + m.columns.1.z) / s, s / 4,
                (m.columns.0.y - m.columns.1.x) / s)
        }
        self = normalized
    }

    /// The heading about +Y of the rotated -Z axis, in (-pi, pi]: how far the object has turned
    /// about the vertical, whatever its tilt.
    public var yaw: Float {
        let forward = act(Vec3(0, 0, -1))
        return atan2(-forward.x, -forward.z)
    }

    /// True when both are the same rotation up to `tolerance` on |dot| - 1 (q and -q count as equal); meant for unit quaternions.
    public func isApproximately(_ other: Quaternion, tolerance: Float = 1e-5) -> Bool {
        // q and -q are the same rotation.
        abs(abs(dot(vector, other.vector)) - 1) <= tolerance
    }
}
