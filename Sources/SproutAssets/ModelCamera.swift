import SproutMath
import SproutScene

/// A camera defined in a model file (glTF `cameras`, FBX and Collada cameras): where it is in
/// the model's entity tree, so it follows the model wherever it is placed.
public struct ModelCamera {
    /// The camera's name in the file (what a scene file's `camera: { name }` gives).
    public let name: String
    /// The entity of the camera's node (its world matrix places the camera).
    public let node: Entity
    /// In the node's space: position, a point looked at, and up (glTF: origin, -Z, +Y).
    public let position: Vec3
    /// A point the camera looks at, in the node's space.
    public let lookAt: Vec3
    /// The camera's up direction, in the node's space.
    public let up: Vec3
    /// Vertical field of view, degrees (nil for an orthographic camera or none given).
    public let fovYDegrees: Float?

    /// Eye, target and up in world space, as the node is placed now.
    public var worldPose: (eye: Vec3, target: Vec3, up: Vec3) {
        let m = node.worldMatrix
        return (m.transformPoint(position), m.transformPoint(lookAt), normalize(m.transformDirection(up)))
    }
}
