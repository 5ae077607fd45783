import SproutMath
import SproutScene

/// An imported model: an entity tree ready to add to a scene, and what it is made of.
public struct ModelAsset {
    /// Named after the file; its transform carries the unit and up-axis normalisation.
    public let root: Entity
    /// Every mesh the model's entities draw, each once (instances share them), levels of detail included.
    public internal(set) var meshes: [Mesh]
    /// The materials the model's meshes use, each once, in the file's order.
    public internal(set) var materials: [Material]
    /// The textures the materials use, each once (embedded or read from beside the file).
    public internal(set) var textures: [Texture]
    /// The file the model was imported from.
    public let sourcePath: String
    /// The cameras the file defines, by name.
    public var cameras: [ModelCamera] = []
    /// What the file asks for that Sprout draws without (a glTF extension it does not support),
    /// one line each naming the file and the feature; empty when everything is drawn.
    public var warnings: [String] = []

    /// Triangles in all `meshes` together (a mesh drawn by several entities counts once).
    public var triangleCount: Int { meshes.reduce(0) { $0 + $1.triangleCount } }
    /// World-space bounds when the root sits at the origin, in metres.
    public var bounds: BoundingBox { root.visualBounds(posed: false) }

    /// Moves the root so the model stands on the origin: its lowest point at y = 0 and, when
    /// `centringFootprint`, its bounds centred over x = z = 0 (generated plants keep the foot of
    /// their stem at the origin instead, so it lands where they are placed).
    public func standOnOrigin(centringFootprint: Bool = true) {
        let b = bounds
        guard !b.isEmpty else { return }
        root.transform.translation -= Vec3(centringFootprint ? b.center.x : 0, b.min.y, centringFootprint ? b.center.z : 0)
    }
}
