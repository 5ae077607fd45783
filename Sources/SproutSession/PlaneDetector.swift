import SproutMath
import SproutScene

/// Turns what the device sees of each stage surface into plane anchors that appear after a
/// while, grow with what has been seen, and converge from a seeded error to the truth.
///
/// Each surface holds patches: a region seen so far (a rectangle in the surface's frame) and
/// the evidence gathered for it. Evidence grows by `dt x min(1, coverage / fullCoverage) x detail`
/// while tracking is normal; at `detectionEvidence` the patch becomes a `PlaneAnchor`. Its
/// offset along the normal starts at a seeded error of `initialErrorBound x [0.3, 1]` (either sign)
/// and decays as `exp(-seen / convergenceTimeConstant)` over the seconds the patch is in view.
/// The anchor's extent starts as a patch of at most `2 x initialHalfExtent` and spreads over
/// the seen region at `extentGrowthSpeed`. Patches of one surface whose regions meet merge; the
/// older anchor survives.
struct PlaneDetector {
    /// Seconds of full-weight viewing before a surface becomes a plane anchor. With the time
    /// tracking needs to initialise, a table is found about two seconds after a run, as on a phone.
    static let detectionEvidence = 1.25
    /// A surface covering this fraction of the view gathers evidence at full rate.
    static let fullCoverage: Float = 0.10
    /// Largest error of a new plane's height (or wall offset): "a few centimetres", and under the
    /// 5 cm within which P18's plane snapping acts, so placed objects snap.
    static let initialErrorBound: Float = 0.03
    /// The error falls by e every this many seconds in view (within 1 mm of the truth after
    /// 3.4 s of viewing from the largest error).
    static let convergenceTimeConstant = 1.0
    /// Below this the estimate is the truth (0.1 mm: well under anything a test or eye can see).
    static let convergedError: Float = 0.0001
    /// Anchors are re-published at most this often (ARKit updates planes a few times a second)...
    static let updateInterval = 0.1
    /// ...and only when the extent or centre moved at least this much.
    static let extentChangeThreshold: Float = 0.005
    /// A new plane spans at most this much of what was seen on each side of its centre
    /// (ARKit's first estimate of a table is a patch a few tens of centimetres wide)...
    static let initialHalfExtent: Float = 0.15
    /// ...and its edges then spread over the seen region at this speed while it is in view.
    static let extentGrowthSpeed: Float = 0.5
    /// Regions of one surface closer than this belong to one plane.
    static let mergeMargin: Float = 0.10

    struct Patch {
        let surfaceIndex: Int
        /// The region seen so far.
        var minimum: Vec2
        var maximum: Vec2
        /// The region the anchor covers: inside the seen one, spreading towards it.
        var mappedMinimum = Vec2.zero
        var mappedMaximum = Vec2.zero
        var evidence = 0.0
        var seenSinceDetection = 0.0
        let initialError: Float
        var anchor: PlaneAnchor?
        var sincePublished = 0.0

        var error: Float {
            let e = initialError * Float(exp(-seenSinceDetection / PlaneDetector.convergenceTimeConstant))
            return abs(e) < PlaneDetector.convergedError ? 0 : e
        }

        /// The anchor's pose (the surface frame shifted by the current error along the normal),
        /// and the mapped rectangle as centre and extent in that frame.
        func estimate(on frame: SurfaceFrame) -> (transform: Matrix4, center: Vec3, extent: Vec3) {
            var transform = frame.transform
            transform.columns.3 = Vec4(frame.center + frame.normal * error, 1)
            let mid = (mappedMinimum + mappedMaximum) / 2, size = mappedMaximum - mappedMinimum
            return (transform, Vec3(mid.x, 0, mid.y), Vec3(size.x, 0, size.y))
        }

        func overlaps(_ lo: Vec2, _ hi: Vec2, margin: Float) -> Bool {
            lo.x <= maximum.x + margin && hi.x >= minimum.x - margin && lo.y <= maximum.y + margin && hi.y >= minimum.y - margin
        }
    }

    private(set) var patches: [Patch] = []

    mutating func reset() { patches.removeAll() }

    /// Anchors to remove when the session removes existing anchors.
    var anchors: [PlaneAnchor] { patches.compactMap(\.anchor) }

    /// Gathers this frame's views; `issue` makes identifiers, `emit` reports anchor changes.
    mutating func update(
        deltaTime dt: Double, views: [ViewSampler.SurfaceView], stage: Stage,
        alignments: Set<PlaneAlignment>, isTrackingNormal: Bool, random: inout SeededRandom,
        issue: () -> AnchorIdentifier, emit: (SessionEvent) -> Void
    ) {
        // Per frame over every surface of a scanned room (hundreds): read in place, no copies.
        let horizontal = alignments.contains(.horizontal), vertical = alignments.contains(.vertical)
        for (index, view) in views.enumerated() where view.hits > 0 {
            guard stage.surfaces[index].alignment == .horizontal ? horizontal : vertical else { continue }
            let target = absorb(view, surface: index, random: &random, emit: emit)
            guard isTrackingNormal else { continue }
            let weight = Double(min(1, view.coverage / Self.fullCoverage) * stage.surfaces[index].detail)
            patches[target].evidence += dt * weight
            if patches[target].anchor != nil {
                patches[target].seenSinceDetection += dt
                let step = Self.extentGrowthSpeed * Float(dt)
                patches[target].mappedMinimum = pointwiseMax(patches[target].mappedMinimum - step, patches[target].minimum)
                patches[target].mappedMaximum = pointwiseMin(patches[target].mappedMaximum + step, patches[target].maximum)
            } else if hasReached(patches[target].evidence, Self.detectionEvidence) {
                let mid = (patches[target].minimum + patches[target].maximum) / 2
                patches[target].mappedMinimum = pointwiseMax(patches[target].minimum, mid - Self.initialHalfExtent)
                patches[target].mappedMaximum = pointwiseMin(patches[target].maximum, mid + Self.initialHalfExtent)
                let anchor = makeAnchor(patches[target], surface: stage.surfaces[index], identifier: issue())
                patches[target].anchor = anchor
                patches[target].sincePublished = 0
                emit(.added(anchor))
            }
        }
        // In place through a buffer: indexing the array here copied whole patches every frame.
        patches.withUnsafeMutableBufferPointer { patches in
            for i in patches.indices where patches[i].anchor != nil {
                patches[i].sincePublished += dt
                guard hasReached(patches[i].sincePublished, Self.updateInterval), let anchor = patches[i].anchor else { continue }
                if Self.publish(patches[i].estimate(on: stage.surfaces[patches[i].surfaceIndex].frame), to: anchor) {
                    patches[i].sincePublished = 0
                    emit(.updated(anchor))
                }
            }
        }
    }

    /// Adds this frame's region of a surface to the patch it meets (merging patches it joins),
    /// or starts a new patch; returns the patch's index.
    private mutating func absorb(
        _ view: ViewSampler.SurfaceView, surface: Int, random: inout SeededRandom,
        emit: (SessionEvent) -> Void
    ) -> Int {
        // Every frame, for every surface in view, over every patch (hundreds in a scanned room):
        // a plain loop reading fields in place, and no list for the usual single patch met.
        var touching: [Int] = []
        var first = -1
        for i in patches.indices
        where patches[i].surfaceIndex == surface
            && patches[i].overlaps(view.minimum, view.maximum, margin: Self.mergeMargin)
        {
            if first < 0 { first = i; continue }
            if touching.isEmpty { touching.append(first) }
            touching.append(i)
        }
        if first >= 0, touching.isEmpty {
            patches[first].minimum = pointwiseMin(patches[first].minimum, view.minimum)
            patches[first].maximum = pointwiseMax(patches[first].maximum, view.maximum)
            return first
        }
        guard var survivor = touching.first else {
            let magnitude = random.float(in: 0.3...1) * Self.initialErrorBound
            let sign: Float = random.next() & 1 == 0 ? 1 : -1
            patches.append(Patch(surfaceIndex: surface, minimum: view.minimum, maximum: view.maximum, initialError: sign * magnitude))
            return patches.count - 1
        }
        // The oldest anchor survives a merge (ARKit keeps one anchor and removes the other).
        if let anchored = touching.min(by: { order(patches[$0]) < order(patches[$1]) }) { survivor = anchored }
        for other in touching.reversed() where other != survivor {
            let o = patches[other]
            patches[survivor].minimum = pointwiseMin(patches[survivor].minimum, o.minimum)
            patches[survivor].maximum = pointwiseMax(patches[survivor].maximum, o.maximum)
            if o.anchor != nil {
                patches[survivor].mappedMinimum = pointwiseMin(patches[survivor].mappedMinimum, o.mappedMinimum)
                patches[survivor].mappedMaximum = pointwiseMax(patches[survivor].mappedMaximum, o.mappedMaximum)
            }
            patches[survivor].evidence = max(patches[survivor].evidence, o.evidence)
            patches[survivor].seenSinceDetection = max(patches[survivor].seenSinceDetection, o.seenSinceDetection)
            if let removed = o.anchor { emit(.removed(removed)) }
            patches[survivor].sincePublished = .infinity   // publish the merged extent now
            patches.remove(at: other)
            if other < survivor { survivor -= 1 }
        }
        patches[survivor].minimum = pointwiseMin(patches[survivor].minimum, view.minimum)
        patches[survivor].maximum = pointwiseMax(patches[survivor].maximum, view.maximum)
        return survivor
    }

    /// Anchored patches first, oldest anchor first; then patches without an anchor in order.
    private func order(_ p: Patch) -> Int { p.anchor.map(\.identifier.rawValue) ?? Int.max }

    private func makeAnchor(_ patch: Patch, surface: StageSurface, identifier: AnchorIdentifier) -> PlaneAnchor {
        let (transform, center, extent) = patch.estimate(on: surface.frame)
        return PlaneAnchor(
            identifier: identifier, alignment: surface.alignment, surfaceName: surface.name,
            transform: transform, center: center, extent: extent)
    }

    /// Copies the patch's current estimate into its anchor; true when something changed enough to report.
    private static func publish(_ estimate: (transform: Matrix4, center: Vec3, extent: Vec3), to anchor: PlaneAnchor) -> Bool {
        let (transform, center, extent) = estimate
        let moved = transform.translation != anchor.transform.translation
        let grew = length(extent - anchor.extent) >= Self.extentChangeThreshold || length(center - anchor.center) >= Self.extentChangeThreshold
        guard moved || grew else { return false }
        anchor.transform = transform
        anchor.center = center
        anchor.extent = extent
        return true
    }
}
