import SproutMath
import SproutScene

/// A camera defined in a model file (glTF `cameras`, FBX and Collada cameras): where it is in
/// the model's entity tree, so it follows the model wherever it is placed.
public struct ModelCamera {
    /// The camera's name in the file (what a scene file's `camera: { name }` gives).
    public let name: String
    /// The entity of the camera's node (its world matrix places the camera).
    public private(set) var node: Entity
    /// In the node's space: position, a point looked at, and up (glTF: origin, -Z, +Y).
    public let position: Vec3
    /// A point the camera looks at, in the node's space.
    public let lookAt: Vec3
    /// The camera's up direction, in the node's space.
    public let up: Vec3
    /// Vertical field of view, degrees (nil for an orthographic camera or none given).
    public let fovYDegrees: Float?
    /// An orthographic camera's view (glTF's `ymag`, `znear`, `zfar`); nil for a perspective one.
    public let orthographic: OrthographicView?

    /// What an orthographic camera sees: a box in front of it, its clipping distances the file's.
    public struct OrthographicView: Equatable, Sendable {
        /// Half the view's height, metres (glTF's `ymag`). The width follows the picture's
        /// aspect: glTF's `xmag` gives the file's intended aspect, and a picture of another shape
        /// is not stretched to it.
        public let halfHeight: Float
        /// Distance to the near clipping plane, metres (glTF's `znear`; may be 0).
        public let near: Float
        /// Distance to the far clipping plane, metres (glTF's `zfar`).
        public let far: Float

        /// A view `2 * halfHeight` metres tall between `near` and `far`.
        public init(halfHeight: Float, near: Float, far: Float) {
            self.halfHeight = halfHeight
            self.near = near
            self.far = far
        }
    }

    /// A camera called `name` at `node`; position, target and up in the node's space.
    public init(name: String, node: Entity, position: Vec3, lookAt: Vec3, up: Vec3, fovYDegrees: Float?, orthographic: OrthographicView? = nil) {
        self.name = name
        self.node = node
        self.position = position
        self.lookAt = lookAt
        self.up = up
        self.fovYDegrees = fovYDegrees
        self.orthographic = orthographic
    }

    /// The same camera on another node (the matching node of a copied entity tree).
    public func attached(to node: Entity) -> ModelCamera {
        var copy = self
        copy.node = node
        return copy
    }

    /// Eye, target and up in world space, as the node is placed now.
    public var worldPose: (eye: Vec3, target: Vec3, up: Vec3) {
        let m = node.worldMatrix
        return (m.transformPoint(position), m.transformPoint(lookAt), normalize(m.transformDirection(up)))
    }
}
