import SproutMath
import SproutScene

/// A camera defined in a model file (glTF `cameras`, FBX and Collada cameras): where it is in
/// the model's entity tree, so it follows the model wherever it is placed, and how it sees (its
/// node's `cameraLens`, so the model's animations can zoom it).
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
    /// How the camera sees now: its node's `cameraLens` (which the model's animations may change).
    public var lens: CameraLens { node.cameraLens ?? .perspective(fovY: nil) }
    /// Vertical field of view, degrees, now (nil for an orthographic camera or none given).
    public var fovYDegrees: Float? {
        if case .perspective(let fovY) = lens { return fovY.map(degrees(fromRadians:)) }
        return nil
    }

    /// A camera called `name` at `node`, seeing through the node's `cameraLens`; position,
    /// target and up in the node's space.
    public init(name: String, node: Entity, position: Vec3, lookAt: Vec3, up: Vec3) {
        self.name = name
        self.node = node
        self.position = position
        self.lookAt = lookAt
        self.up = up
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
