import SproutMath
import SproutScene

/// An imported model: an entity tree ready to add to a scene, and what it is made of.
public struct ModelAsset {
    /// Named after the file; its transform carries the unit and up-axis normalisation.
    public let root: Entity
    public let meshes: [Mesh]
    public let materials: [Material]
    public let textures: [Texture]
    public let sourcePath: String
    /// The cameras the file defines, by name.
    public var cameras: [ModelCamera] = []

    public var triangleCount: Int { meshes.reduce(0) { $0 + $1.triangleCount } }
    /// World-space bounds when the root sits at the origin, in metres.
    public var bounds: BoundingBox { root.visualBounds() }

    /// Moves the root so the model stands on the origin: its lowest point at y = 0 and, when
    /// `centringFootprint`, its bounds centred over x = z = 0 (generated plants keep the foot of
    /// their stem at the origin instead, so it lands where they are placed).
    public func standOnOrigin(centringFootprint: Bool = true) {
        let b = bounds
        guard !b.isEmpty else { return }
        root.transform.translation -= Vec3(centringFootprint ? b.center.x : 0, b.min.y, centringFootprint ? b.center.z : 0)
    }
}
