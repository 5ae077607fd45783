import SproutMath

/// Which axis a model's file treats as up. Sprout's world is +Y up (glTF's, and most
/// exporters'); CAD tools, 3D printing (STL) and many scanners write +Z up, which lies such a
/// model on its side until it is turned upright.
public enum UpAxis: String, Sendable, CaseIterable {
    /// +Y up: taken as it is.
    case y
    /// +Z up: turned -90 degrees about X, so (x, y, z) becomes (x, z, -y) and the file's +Y,
    /// its front in those tools, faces away from a default camera.
    case z

    /// The turn that stands a model of this up axis upright in a +Y-up world.
    public var upright: Matrix4 {
        // Exact entries (a rotation built from -pi/2 would leave cos as -4e-8).
        self == .y ? .identity : Matrix4(Vec4(1, 0, 0, 0), Vec4(0, 0, -1, 0), Vec4(0, 1, 0, 0), Vec4(0, 0, 0, 1))
    }

    /// `p`, a point of a model with this up axis, in +Y-up space.
    public func upright(_ p: Vec3) -> Vec3 { self == .y ? p : Vec3(p.x, p.z, -p.y) }
}

extension Entity {
    /// Stands this entity's content upright from `axis` by turning its own transform (before
    /// any sizing or standing on the origin, which read its upright bounds).
    public func turnUpright(from axis: UpAxis) {
        guard axis != .y else { return }
        transform = Transform(matrix: axis.upright * transform.matrix)
    }
}
