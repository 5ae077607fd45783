import SproutMath

/// What a scene hit test intersects: bounding boxes (SceneKit `.boundingBoxOnly`) or triangles.
public enum HitTestMode: Sendable {
    /// Against each model's local bounding box (what the AR sample's `.boundingBoxOnly` does).
    case boundingBox
    /// Against the triangles.
    case mesh
}

/// One hit: the entity, the distance along the ray and the world point.
public struct HitTestResult {
    /// The entity whose model was hit (not its ancestors).
    public let entity: Entity
    /// Distance along the ray, in world units.
    public let distance: Float
    /// The hit point in world space.
    public let position: Vec3
}

/// Ray casts against the entities of a subtree; disabled and unselectable subtrees are skipped.
struct HitTester {
    let mode: HitTestMode

    func hits(_ ray: Ray, in root: Entity) -> [HitTestResult] {
        var results: [HitTestResult] = []
        root.visit { e in
            guard e.isEnabled, e.isSelectable else { return false }
            guard let model = e.model else { return true }
            let world = e.presentedWorldMatrix
            guard let toLocal = world.inverse else { return true }
            let local = ray.transformed(by: toLocal)
            // A deformable model is hit as posed: its posed box, or its triangles skinned and morphed on the CPU.
            let deformation = model.isDeformable ? e.deformation : nil
            let localDistance: Float? =
                switch mode {
                case .boundingBox: model.bounds(deformedBy: deformation).intersect(local)
                case .mesh:
                    model.parts.compactMap { part in
                        guard let deformation, part.mesh.primitive == .triangles else { return part.mesh.intersect(local) }
                        return Mesh.intersect(local, positions: part.mesh.deformedPositions(by: deformation), indices: part.mesh.indices)
                    }.min()
                }
            if let d = localDistance {
                let position = world.transformPoint(local.point(at: d))
                results.append(HitTestResult(entity: e, distance: distance(ray.origin, position), position: position))
            }
            return true
        }
        return results.sorted { $0.distance < $1.distance }
    }
}
