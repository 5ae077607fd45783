import SproutMath
import SproutScene

/// What the device sees this frame, from a grid of rays through the viewport: which surface
/// each ray meets first, where on it, and how much visual detail the view holds. The grid is
/// shifted by a seeded sub-cell jitter each frame so that, over frames, it covers every point.
///
/// Cost: rays x surfaces ray-rectangle tests per frame (96 x 20 on the benchmark stage); no
/// allocation after the first frame.
struct ViewSampler {
    /// 12 x 8 rays: enough that a table filling a tenth of the view gets about ten of them.
    static let columns = 12
    static let rows = 8
    static var rayCount: Int { columns * rows }
    /// Beyond this a surface is too far to contribute features (VIO tracks points within a few
    /// tens of metres; a street facade across the road still counts).
    static let maximumFeatureDistance: Float = 25
    /// Beyond this a surface is too far for plane detection (ARKit finds planes within a few metres).
    static let maximumPlaneDistance: Float = 5

    /// What one surface showed this frame (front side, within plane-detection range).
    struct SurfaceView {
        var hits = 0
        var minimum = Vec2(repeating: .infinity)
        var maximum = Vec2(repeating: -.infinity)

        /// Fraction of the view the surface covers.
        var coverage: Float { Float(hits) / Float(ViewSampler.rayCount) }
    }

    private(set) var surfaceViews: [SurfaceView] = []
    /// Mean detail over all rays (a ray that meets nothing counts 0): 0 = nothing to track, 1 = rich.
    private(set) var featureScore: Float = 0
    /// The light arriving where this frame's rays met something (`LightEstimate`).
    private(set) var light = LightEstimate.Gathered()

    /// Nothing seen (a hand over the lens): no surface, no detail, no light.
    mutating func cover(_ stage: Stage) {
        surfaceViews = Array(repeating: SurfaceView(), count: stage.surfaces.count)
        featureScore = 0
        light = LightEstimate.Gathered()
    }

    /// - Parameter lighting: the stage's lights now (they may change over time).
    mutating func sample(_ stage: Stage, lighting: Lighting, from device: DeviceCamera, jitter: Vec2) {
        if surfaceViews.count != stage.surfaces.count {
            surfaceViews = Array(repeating: SurfaceView(), count: stage.surfaces.count)
        } else {
            for i in surfaceViews.indices { surfaceViews[i] = SurfaceView() }
        }
        let tanY = tan(radians(fromDegrees: device.fovYDegrees) / 2)
        let tanX = tanY * device.viewport.aspect
        let m = device.transform
        let origin = m.translation
        let right = m.columns.0.xyz, up = m.columns.1.xyz, back = m.columns.2.xyz
        var detail: Float = 0
        light = LightEstimate.Gathered()
        for row in 0..<Self.rows {
            let ndcY = 1 - 2 * (Float(row) + jitter.y) / Float(Self.rows)
            for column in 0..<Self.columns {
                let ndcX = 2 * (Float(column) + jitter.x) / Float(Self.columns) - 1
                let direction = right * (ndcX * tanX) + up * (ndcY * tanY) - back
                guard let hit = stage.nearestHit(origin: origin, direction: direction) else { continue }
                // `direction` has length >= 1, so t is an upper bound of the distance in metres.
                let dist = hit.t * length(direction)
                guard dist <= Self.maximumFeatureDistance else { continue }
                detail += hit.detail
                light.add(normal: hit.isFront ? hit.normal : -hit.normal, lighting: lighting)
                if hit.index >= 0, hit.isFront, dist <= Self.maximumPlaneDistance {
                    let local = stage.surfaces[hit.index].frame.local(origin + direction * hit.t)
                    surfaceViews[hit.index].hits += 1
                    surfaceViews[hit.index].minimum = pointwiseMin(surfaceViews[hit.index].minimum, local)
                    surfaceViews[hit.index].maximum = pointwiseMax(surfaceViews[hit.index].maximum, local)
                }
            }
        }
        featureScore = detail / Float(Self.rayCount)
    }

    struct Hit {
        var index: Int
        /// Ray parameter (distance when `direction` is a unit vector).
        var t: Float
        var local: Vec2
        /// The ray meets the side the normal points to.
        var isFront: Bool
    }

    /// The first surface along a ray, from either side, within its rectangle.
    static func nearestHit(origin: Vec3, direction: Vec3, surfaces: UnsafeBufferPointer<StageSurface>, maximum: Float = .infinity) -> Hit? {
        var best: Hit?
        var bestT = maximum
        for i in 0..<surfaces.count {
            let f = surfaces[i].frame
            let denom = dot(f.normal, direction)
            if abs(denom) < 1e-7 { continue }
            let t = dot(f.normal, f.center - origin) / denom
            if t <= 0 || t >= bestT { continue }
            let d = origin + direction * t - f.center
            let local = Vec2(dot(d, f.xAxis), dot(d, f.zAxis))
            guard surfaces[i].contains(local: local) else { continue }
            bestT = t
            best = Hit(index: i, t: t, local: local, isFront: denom < 0)
        }
        return best
    }
}
