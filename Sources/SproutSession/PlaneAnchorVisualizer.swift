import SproutMath
import SproutScene

/// The debug view of plane anchors: a translucent rectangle over each anchor's extent, kept in
/// step with the session's events (blue for horizontal planes, orange for walls).
public final class PlaneAnchorVisualizer {
    /// The entity the rectangles hang under; add it to a scene to draw them.
    public let root = Entity(name: "plane anchors")
    private var entities: [AnchorIdentifier: Entity] = [:]
    /// One unit square shared by every plane; each entity scales it to its extent.
    private let unitSquare = MeshFactory.plane(width: 1, depth: 1, name: "plane anchor")

    /// RGBA of a horizontal plane's rectangle: translucent blue.
    public static let horizontalColor = Vec4(0.0, 0.45, 1.0, 0.45)
    /// RGBA of a vertical plane's rectangle: translucent orange.
    public static let verticalColor = Vec4(1.0, 0.5, 0.1, 0.35)

    /// A visualizer with no rectangles yet; feed it the session's events with `apply(_:)`.
    public init() {}

    /// Adds, moves or removes the rectangle of the plane anchor in `event`; other anchors are ignored.
    public func apply(_ event: SessionEvent) {
        guard let plane = event.anchor as? PlaneAnchor else { return }
        switch event {
        case .added:
            let color = plane.alignment == .horizontal ? Self.horizontalColor : Self.verticalColor
            let material = Material(name: "plane anchor", baseColor: color, isDoubleSided: true, isUnlit: true, castsShadow: false)
            let entity = Entity(name: "plane \(plane.identifier)", model: ModelComponent(mesh: unitSquare, material: material))
            entities[plane.identifier] = entity
            root.addChild(entity)
            place(entity, on: plane)
        case .updated:
            if let entity = entities[plane.identifier] { place(entity, on: plane) }
        case .removed:
            entities.removeValue(forKey: plane.identifier)?.removeFromParent()
        }
    }

    /// How many plane rectangles there are.
    public var count: Int { entities.count }

    private func place(_ entity: Entity, on plane: PlaneAnchor) {
        // 1 mm above the plane so the rectangle does not fight with the surface it marks.
        let local = Matrix4.translation(plane.center + Vec3(0, 0.001, 0)) * Matrix4.scale(Vec3(plane.extent.x, 1, plane.extent.z))
        entity.transform = Transform(matrix: plane.transform * local)
    }
}
