/// A 4x4 matrix of `Float`, column-major like OpenGL: `columns.3` holds the translation.
public struct Matrix4: Equatable, Sendable {
    /// The four columns; `columns.3` is the translation (w = 1 for an affine matrix).
    public var columns: (Vec4, Vec4, Vec4, Vec4)

    /// A matrix from its four columns, in order.
    @inlinable public init(_ c0: Vec4, _ c1: Vec4, _ c2: Vec4, _ c3: Vec4) { columns = (c0, c1, c2, c3) }

    /// Builds from rows as written on paper (easier to read in tests).
    public init(rows r: [[Float]]) {
        precondition(r.count == 4 && r.allSatisfy { $0.count == 4 }, "Matrix4(rows:) needs 4x4 values")
        self.init(
            Vec4(r[0][0], r[1][0], r[2][0], r[3][0]), Vec4(r[0][1], r[1][1], r[2][1], r[3][1]),
            Vec4(r[0][2], r[1][2], r[2][2], r[3][2]), Vec4(r[0][3], r[1][3], r[2][3], r[3][3]))
    }

    /// The identity matrix.
    public static let identity = Matrix4(Vec4(1, 0, 0, 0), Vec4(0, 1, 0, 0), Vec4(0, 0, 1, 0), Vec4(0, 0, 0, 1))

    /// The column at index 0...3. Not bounds-checked: any index other than 0, 1 or 2 reads and writes column 3.
    @inlinable public subscript(column: Int) -> Vec4 {
        get {
            switch column {
            case 0: columns.0
            case 1: columns.1
            case 2: columns.2
            default: columns.3
            }
        }
        set {
            switch column {
            case 0: columns.0 = newValue
            case 1: columns.1 = newValue
            case 2: columns.2 = newValue
            default: columns.3 = newValue
            }
        }
    }

    /// Exact equality of all 16 values; use `isApproximately(_:tolerance:)` for computed matrices.
    public static func == (a: Matrix4, b: Matrix4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2 && a.columns.3 == b.columns.3
    }

    /// The translation part, the xyz of `columns.3`; setting it keeps `columns.3.w`.
    public var translation: Vec3 {
        get { columns.3.xyz }
        set { columns.3 = Vec4(newValue, columns.3.w) }
    }

    /// A translation by `t`.
    public static func translation(_ t: Vec3) -> Matrix4 {
        var m = Matrix4.identity
        m.columns.3 = Vec4(t, 1)
        return m
    }

    /// A scale by `s.x`, `s.y` and `s.z` along the axes.
    public static func scale(_ s: Vec3) -> Matrix4 {
        Matrix4(Vec4(s.x, 0, 0, 0), Vec4(0, s.y, 0, 0), Vec4(0, 0, s.z, 0), Vec4(0, 0, 0, 1))
    }

    /// Rotation of `angle` radians about +Y (right-handed: +X turns towards -Z).
    public static func rotationY(_ angle: Float) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4(Vec4(c, 0, -s, 0), Vec4(0, 1, 0, 0), Vec4(s, 0, c, 0), Vec4(0, 0, 0, 1))
    }

    /// Rotation of `angle` radians about +X (right-handed: +Y turns towards +Z).
    public static func rotationX(_ angle: Float) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4(Vec4(1, 0, 0, 0), Vec4(0, c, s, 0), Vec4(0, -s, c, 0), Vec4(0, 0, 0, 1))
    }

    /// Matrix product: the result applies `b` first, then `a`.
    @inlinable public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3)
    }

    /// The matrix applied to a column vector.
    @inlinable public static func * (m: Matrix4, v: Vec4) -> Vec4 {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// Transforms a point (w = 1), dividing by w when the matrix is projective.
    @inlinable public func transformPoint(_ p: Vec3) -> Vec3 {
        let r = self * Vec4(p, 1)
        return r.w == 1 || r.w == 0 ? r.xyz : r.xyz / r.w
    }

    /// Transforms a direction (w = 0): translation is ignored.
    @inlinable public func transformDirection(_ d: Vec3) -> Vec3 { (self * Vec4(d, 0)).xyz }

    /// The transpose: rows become columns.
    public var transposed: Matrix4 {
        let (a, b, c, d) = columns
        return Matrix4(Vec4(a.x, b.x, c.x, d.x), Vec4(a.y, b.y, c.y, d.y), Vec4(a.z, b.z, c.z, d.z), Vec4(a.w, b.w, c.w, d.w))
    }

    /// The upper-left 3x3 as three columns (for normal matrices).
    public var upperLeft3x3: (Vec3, Vec3, Vec3) { (columns.0.xyz, columns.1.xyz, columns.2.xyz) }

    /// How much the matrix stretches its x, y and z axes: the lengths of its first three
    /// columns (a node's scale, whatever its rotation).
    public var axisScales: Vec3 { Vec3(length(columns.0.xyz), length(columns.1.xyz), length(columns.2.xyz)) }

    /// The determinant; negative when the matrix mirrors, 0 when it is singular.
    public var determinant: Float {
        let m = self.flat
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse; a singular matrix returns `nil`.
    public var inverse: Matrix4? {
        let m = self.flat   // column-major: m[c*4 + r]
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        var r = [Float](repeating: 0, count: 16)
        r[0] = (m[5] * c5 - m[6] * c4 + m[7] * c3) * k
        r[1] = (-m[1] * c5 + m[2] * c4 - m[3] * c3) * k
        r[2] = (m[13] * s5 - m[14] * s4 + m[15] * s3) * k
        r[3] = (-m[9] * s5 + m[10] * s4 - m[11] * s3) * k
        r[4] = (-m[4] * c5 + m[6] * c2 - m[7] * c1) * k
        r[5] = (m[0] * c5 - m[2] * c2 + m[3] * c1) * k
        r[6] = (-m[12] * s5 + m[14] * s2 - m[15] * s1) * k
        r[7] = (m[8] * s5 - m[10] * s2 + m[11] * s1) * k
        r[8] = (m[4] * c4 - m[5] * c2 + m[7] * c0) * k
        r[9] = (-m[0] * c4 + m[1] * c2 - m[3] * c0) * k
        r[10] = (m[12] * s4 - m[13] * s2 + m[15] * s0) * k
        r[11] = (-m[8] * s4 + m[9] * s2 - m[11] * s0) * k
        r[12] = (-m[4] * c3 + m[5] * c1 - m[6] * c0) * k
        r[13] = (m[0] * c3 - m[1] * c1 + m[2] * c0) * k
        r[14] = (-m[12] * s3 + m[13] * s1 - m[14] * s0) * k
        r[15] = (m[8] * s3 - m[9] * s1 + m[10] * s0) * k
        return Matrix4(flat: r)
    }

    /// The 16 values in column-major order, as `glUniformMatrix4fv` wants them.
    public var flat: [Float] {
        let (a, b, c, d) = columns
        return [a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w, c.x, c.y, c.z, c.w, d.x, d.y, d.z, d.w]
    }

    /// A matrix from 16 values in column-major order (the layout of `flat`); traps on any other count.
    public init(flat m: [Float]) {
        precondition(m.count == 16, "Matrix4(flat:) needs 16 values")
        self.init(
            Vec4(m[0], m[1], m[2], m[3]), Vec4(m[4], m[5], m[6], m[7]),
            Vec4(m[8], m[9], m[10], m[11]), Vec4(m[12], m[13], m[14], m[15]))
    }

    /// True when every one of the 16 values differs from `other`'s by at most `tolerance`.
    public func isApproximately(_ other: Matrix4, tolerance: Float = 1e-5) -> Bool {
        zip(flat, other.flat).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
