import SproutMath
import SproutScene

/// Bounding-box hit tests on placed objects (SceneKit `hitTest(_:options: [.boundingBoxOnly])`):
/// each object's box is taken in its own frame, so a turned object is hit by its turned box.
/// World boxes are cached per object and reused while its transform and pivot are unchanged, so a query
/// over many objects is one slab test each plus an exact test for the boxes the ray meets.
final class ObjectHitTester {
    private struct Cached {
        var world: Matrix4
        /// The pivot turns the model inside the object's frame, so it changes the local box too.
        var pivot: Transform
        var local: BoundingBox
        var inverse: Matrix4
        var worldBox: BoundingBox
    }

    private var cache: [ObjectIdentifier: Cached] = [:]

    func nearest(_ ray: Ray, among objects: [VirtualObject]) -> VirtualObject? {
        var best: (VirtualObject, Float)?
        for object in objects where object.isEnabled {
            let entry = cached(object)
            guard let broad = entry.worldBox.intersect(ray), broad < (best?.1 ?? .infinity) else { continue }
            guard let t = entry.local.intersect(ray.transformed(by: entry.inverse)) else { continue }
            // t is in local units; measure the world distance from the local hit point.
            let hit = entry.world.transformPoint(ray.transformed(by: entry.inverse).point(at: t))
            let d = distance(hit, ray.origin)
            if d < (best?.1 ?? .infinity) { best = (object, d) }
        }
        if cache.count > objects.count * 2 + 16 { prune(keeping: objects) }
        return best?.0
    }

    private func cached(_ object: VirtualObject) -> Cached {
        let world = object.worldMatrix
        let key = ObjectIdentifier(object)
        if let c = cache[key], c.world == world, c.pivot == object.pivot.transform { return c }
        let local = object.visualBounds(relativeTo: object)
        let entry = Cached(world: world, pivot: object.pivot.transform, local: local, inverse: world.inverse ?? .identity, worldBox: local.transformed(by: world))
        cache[key] = entry
        return entry
    }

    private func prune(keeping objects: [VirtualObject]) {
        let live = Set(objects.map { ObjectIdentifier($0) })
        cache = cache.filter { live.contains($0.key) }
    }
}
