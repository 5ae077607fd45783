import SproutMath
import SproutScene

/// Bounding-box hit tests on placed objects (SceneKit `hitTest(_:options: [.boundingBoxOnly])`):
/// each object's box is taken in its own frame, so a turned object is hit by its turned box; the
/// box holds only the object's selectable parts (KHR_node_selectability), so a tap on the others
/// passes through.
/// World boxes are cached per object. Nothing is re-read while no object has moved or turned
/// (the tester's own `ObjectChangeLog`, which the objects it tracks write to); after moves, the objects named in that log
/// are recomputed, or, when the log no longer reaches back far enough, every object whose
/// transform versions changed (objects are children of the scene root, which does not move). A
/// query is then one slab test per object over flat arrays and an exact test for the boxes the
/// ray meets (1,000 objects: BENCHMARKS.md).
final class ObjectHitTester {
    private var objects: [VirtualObject] = []
    private var versions: [SIMD2<UInt64>] = []
    private var locals: [BoundingBox] = []
    private var worlds: [Matrix4] = []
    private var inverses: [Matrix4] = []
    /// World boxes, parallel to `objects` (the broad phase reads only these).
    private var minima: [Vec3] = []
    private var maxima: [Vec3] = []
    private var generation: UInt64 = .max
    private var indexOf: [ObjectIdentifier: Int] = [:]
    /// This world's log of object moves: per world, so engines in one process never see (or
    /// lock against) each other's changes.
    private let log = ObjectChangeLog()

    func nearest(_ ray: Ray, among list: [VirtualObject]) -> VirtualObject? {
        synchronize(list)
        let origin = ray.origin
        let inverseDirection = Vec3(1 / ray.direction.x, 1 / ray.direction.y, 1 / ray.direction.z)
        var bestIndex = -1
        var bestDistance = Float.infinity
        minima.withUnsafeBufferPointer { lo in
            maxima.withUnsafeBufferPointer { hi in
                for i in 0..<lo.count {
                    // Slab test on the world box.
                    let t0 = (lo[i] - origin) * inverseDirection, t1 = (hi[i] - origin) * inverseDirection
                    let near = pointwiseMin(t0, t1), far = pointwiseMax(t0, t1)
                    let enter = max(near.x, near.y, near.z), exit = min(far.x, far.y, far.z)
                    guard exit >= max(enter, 0), enter < bestDistance else { continue }
                    // Exact test on the box in the object's frame.
                    guard objects[i].isEnabled else { continue }
                    let local = ray.transformed(by: inverses[i])
                    guard let t = locals[i].intersect(local) else { continue }
                    let d = distance(worlds[i].transformPoint(local.point(at: t)), origin)
                    if d < bestDistance { bestDistance = d; bestIndex = i }
                }
            }
        }
        return bestIndex >= 0 ? objects[bestIndex] : nil
    }

    /// Keeps one entry per object, in order, and refreshes the ones whose transforms changed.
    private func synchronize(_ list: [VirtualObject]) {
        let same =
            objects.count == list.count
            && objects.withUnsafeBufferPointer { mine in
                list.withUnsafeBufferPointer { theirs in (0..<mine.count).allSatisfy { mine[$0] === theirs[$0] } }
            }
        // What changed since our last look: nothing, these objects, or unknown (the log moved on).
        enum Changes {
            case none
            case objects([ObjectIdentifier])
            case unknown
        }
        let current = log.generation
        let changes: Changes
        if current == generation {
            changes = .none
        } else if let first = log.entries.first, first.generation <= generation &+ 1 {
            let since = generation
            changes = .objects(log.entries.reversed().prefix { $0.generation > since }.map(\.object))
        } else {
            changes = .unknown
        }
        var stale: [Int]
        if !same {
            objects = list
            versions = Array(repeating: SIMD2(repeating: .max), count: list.count)
            locals = Array(repeating: .empty, count: list.count)
            worlds = Array(repeating: .identity, count: list.count)
            inverses = worlds
            minima = Array(repeating: Vec3(repeating: .infinity), count: list.count)
            maxima = Array(repeating: Vec3(repeating: -.infinity), count: list.count)
            indexOf = Dictionary(uniqueKeysWithValues: list.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })
            for object in list where object.changeLog !== log { object.changeLog = log }
            stale = Array(list.indices)
        } else if case .none = changes {
            return
        } else if case .objects(let ids) = changes {
            stale = Array(Set(ids.compactMap { indexOf[$0] }))
        } else {
            stale = objects.withUnsafeBufferPointer { objects in
                versions.withUnsafeBufferPointer { versions in
                    (0..<objects.count).filter { SIMD2(objects[$0].transformVersion, objects[$0].pivot.transformVersion) != versions[$0] }
                }
            }
        }
        generation = current
        for i in stale {
            let o = objects[i]
            versions[i] = SIMD2(o.transformVersion, o.pivot.transformVersion)
            let world = o.presentedWorldMatrix
            let local = o.visualBounds(relativeTo: o, selectableOnly: true)
            locals[i] = local
            worlds[i] = world
            inverses[i] = world.inverse ?? .identity
            let box = local.transformed(by: world)
            minima[i] = box.min
            maxima[i] = box.max
        }
    }
}
