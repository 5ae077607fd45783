/// Translation, rotation and scale, applied in the order scale, rotate, translate.
public struct Transform: Equatable, Sendable {
    /// Translation, in metres in the parent's space.
    public var translation: Vec3
    /// Rotation, a unit quaternion.
    public var rotation: Quaternion
    /// Scale along the local x, y and z axes.
    public var scale: Vec3

    /// A transform from its parts; each defaults to the identity's.
    public init(translation: Vec3 = .zero, rotation: Quaternion = .identity, scale: Vec3 = .one) {
        self.translation = translation
        self.rotation = rotation
        self.scale = scale
    }

    /// No translation, no rotation, unit scale.
    public static let identity = Transform()

    /// The matrix translation * rotation * scale (scale applied first).
    public var matrix: Matrix4 {
        var m = rotation.matrix
        m.columns.0 *= scale.x
        m.columns.1 *= scale.y
        m.columns.2 *= scale.z
        m.columns.3 = Vec4(translation, 1)
        return m
    }

    /// Decomposes an affine matrix (no shear). A negative determinant puts the flip into scale.x.
    public init(matrix m: Matrix4) {
        translation = m.translation
        let axes = m.axisScales
        let (sx, sy, sz) = (m.determinant < 0 ? -axes.x : axes.x, axes.y, axes.z)
        scale = Vec3(sx, sy, sz)
        var r = Matrix4.identity
        if sx != 0 { r.columns.0 = Vec4(m.columns.0.xyz / sx, 0) }
        if sy != 0 { r.columns.1 = Vec4(m.columns.1.xyz / sy, 0) }
        if sz != 0 { r.columns.2 = Vec4(m.columns.2.xyz / sz, 0) }
        rotation = Quaternion(rotationMatrix: r)
    }

    /// Linear blend of translation and scale, slerp of rotation.
    public static func interpolate(_ a: Transform, _ b: Transform, t: Float) -> Transform {
        Transform(
            translation: mix(a.translation, b.translation, t: t),
            rotation: Quaternion.slerp(a.rotation, b.rotation, t: t),
            scale: mix(a.scale, b.scale, t: t))
    }
}
