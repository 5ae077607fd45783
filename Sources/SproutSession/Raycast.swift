import SproutMath

/// What a raycast may hit (ARKit's `ARRaycastQuery.Target` and the hit-test result types).
public enum RaycastTarget: String, Sendable, Hashable, CaseIterable {
    /// A plane anchor, within its estimated extent.
    case existingPlaneGeometry
    /// A plane anchor's infinite plane.
    case existingPlaneInfinite
    /// A surface the device has features on, before or without an anchor; a noisier estimate.
    case estimatedPlane
}

/// Which plane alignments a raycast accepts.
public enum RaycastAlignment: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical, any

    /// Whether a plane of `alignment` passes this filter.
    public func accepts(_ alignment: PlaneAlignment) -> Bool {
        switch self {
        case .any: return true
        case .horizontal: return alignment == .horizontal
        case .vertical: return alignment == .vertical
        }
    }
}

/// ARRaycastQuery: a ray, what it may hit and which plane alignment.
public struct RaycastQuery: Sendable {
    /// The ray in world space (its direction a unit vector, so distances are metres).
    public var ray: Ray
    /// What the ray may hit.
    public var targets: Set<RaycastTarget>
    /// Which plane alignments count; `.any` by default.
    public var alignment: RaycastAlignment

    /// A query along `ray` for `targets`, limited to planes of `alignment`.
    public init(ray: Ray, allowing targets: Set<RaycastTarget>, alignment: RaycastAlignment = .any) {
        self.ray = ray
        self.targets = targets
        self.alignment = alignment
    }
}

/// One hit: where, how far along the ray, of what kind, on which anchor.
public struct RaycastResult {
    /// The hit point with the plane's orientation (y along its normal).
    public var worldTransform: Matrix4
    /// Metres along the ray from its origin to the hit.
    public var distance: Float
    /// What was hit; a plane anchor queried with both existing-plane targets gives one result for each.
    public var target: RaycastTarget
    /// The alignment of the plane hit.
    public var alignment: PlaneAlignment
    /// The plane anchor hit, for the existing-plane targets.
    public var anchor: PlaneAnchor?

    /// The hit point, world metres.
    public var position: Vec3 { worldTransform.translation }
}

extension Session {
    /// Estimated planes sit off the truth by up to this much along their normal, drawn once per
    /// run for each surface: rougher than an anchor's converged estimate, like ARKit's.
    public static let estimatedPlaneErrorBound: Float = 0.01
    /// Estimated planes exist only on surfaces with at least this much detail.
    public static let estimatedPlaneMinimumDetail: Float = 0.05

    /// Hits sorted by distance, nearest first. Nothing while tracking is not available.
    public func raycast(_ query: RaycastQuery) -> [RaycastResult] {
        guard trackingState != .notAvailable else { return [] }
        var results: [RaycastResult] = []
        let ray = query.ray
        // Decided once: a Set lookup per anchor would cost more than the intersection.
        let geometry = query.targets.contains(.existingPlaneGeometry), infinite = query.targets.contains(.existingPlaneInfinite)
        if geometry || infinite {
            for anchor in planeAnchors where query.alignment.accepts(anchor.alignment) {
                let t = anchor.transform
                let normal = t.columns.1.xyz
                let denom = dot(normal, ray.direction)
                guard denom < -1e-6 else { continue }   // planes are hit from the side they face
                let distance = dot(normal, t.translation - ray.origin) / denom
                guard distance > 0 else { continue }
                let p = ray.point(at: distance)
                var hit = t
                hit.columns.3 = Vec4(p, 1)
                if geometry, anchor.containsOverExtent(p) {
                    results.append(
                        RaycastResult(
                            worldTransform: hit, distance: distance, target: .existingPlaneGeometry,
                            alignment: anchor.alignment, anchor: anchor))
                }
                if infinite {
                    results.append(
                        RaycastResult(
                            worldTransform: hit, distance: distance, target: .existingPlaneInfinite,
                            alignment: anchor.alignment, anchor: anchor))
                }
            }
        }
        if query.targets.contains(.estimatedPlane), let estimated = estimatedHit(ray, alignment: query.alignment) {
            results.append(estimated)
        }
        results.sort { $0.distance < $1.distance }
        return results
    }

    /// A raycast from a point of the device's screen (viewport points, origin top-left).
    public func raycast(from point: Vec2, allowing targets: Set<RaycastTarget>, alignment: RaycastAlignment = .any) -> [RaycastResult] {
        raycast(RaycastQuery(ray: device.mapping.unproject(point), allowing: targets, alignment: alignment))
    }

    /// The first surface the ray meets (it hides those behind), if it is detailed enough and of
    /// an accepted alignment, on its noisy estimated plane.
    private func estimatedHit(_ ray: Ray, alignment: RaycastAlignment) -> RaycastResult? {
        guard let hit = stage.nearestHit(origin: ray.origin, direction: ray.direction), hit.isFront, hit.index >= 0 else { return nil }
        let surface = stage.surfaces[hit.index]
        guard surface.detail >= Self.estimatedPlaneMinimumDetail, alignment.accepts(surface.alignment) else { return nil }
        let frame = surface.frame
        guard let distance = frame.intersect(ray, offset: estimatedPlaneErrors[hit.index]) else { return nil }
        var transform = frame.transform
        transform.columns.3 = Vec4(ray.point(at: distance), 1)
        return RaycastResult(worldTransform: transform, distance: distance, target: .estimatedPlane, alignment: surface.alignment, anchor: nil)
    }
}
