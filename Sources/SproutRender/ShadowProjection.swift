import SproutMath

/// The directional light's orthographic view that a shadow map is drawn from: where it looks
/// from, and the box in its view space the map covers (x and y across the map, the depth along
/// the light). Pure values: no GL.
struct ShadowProjection: Equatable {
    /// World -> the light's view space (looking down its -z).
    var view: Matrix4
    /// The map's extent across the light, in the light's view space.
    var minimum: Vec2, maximum: Vec2
    /// Distances along the light's -z the depth range spans.
    var near: Float, far: Float

    /// World -> light clip space.
    var viewProjection: Matrix4 {
        Matrix4.orthographic(left: minimum.x, right: maximum.x, bottom: minimum.y, top: maximum.y, near: near, far: far) * view
    }

    /// The map across the casters' bounds (a shadow has the same light-space x, y as its
    /// caster), and along the light everything drawn (receivers included), for the light
    /// arriving from `directionToLight`: the same whatever the camera does.
    static func fitted(toLight directionToLight: Vec3, casters: BoundingBox, everything: BoundingBox) -> ShadowProjection {
        let center = casters.center
        let radius = max(everything.boundingRadius, casters.boundingRadius, 0.01)
        let eye = center + directionToLight * radius * 2
        let up: Vec3 = abs(directionToLight.y) > 0.99 ? .unitZ : .unitY
        let view = lookAt(eye: eye, target: center, up: up).inverse ?? .identity
        let lightCasters = casters.transformed(by: view)
        let lightAll = everything.transformed(by: view)
        let margin = max(lightCasters.extents.x, lightCasters.extents.y) * 0.02 + 0.01
        return ShadowProjection(
            view: view, minimum: Vec2(lightCasters.min.x - margin, lightCasters.min.y - margin),
            maximum: Vec2(lightCasters.max.x + margin, lightCasters.max.y + margin),
            near: max(-lightAll.max.z - 0.01, 0.001), far: -lightAll.min.z + 0.01)
    }

    /// The whole-scene map serves while its texels look at most this many pixels wide at the
    /// split distance: its filtered tap softens an edge over about a texel, and a model framed
    /// alone shows 2 to 4 there at 512 texels. Wider, a near map, which is drawn again whenever
    /// the camera has moved, so only where the shadows would be blurred.
    static let pixelsPerTexelLimit: Float = 4

    /// And the near map at least this many times as many texels a metre (two octaves), or none:
    /// the peers' scene and the garden, whose grounds the view sees most of, gain about 2.
    static let nearGain: Float = 4

    /// A square part of this map around what the camera sees near it, for a second map of
    /// `size` texels that draws the shadows there sharper; nil when this map's texels look no
    /// wider than `pixelsPerTexelLimit` pixels of a view `viewportHeight` pixels tall at the
    /// split, or the view's near part covers so much of this map that the second would not be
    /// `nearGain` times denser.
    ///
    /// The near part is the view's frustum from its near plane to the split distance of two
    /// practical cascades (Zhang et al., "Parallel-Split Shadow Maps", 2006: the mean of the
    /// logarithmic and the uniform split, lambda 0.5) between the near plane and the farthest
    /// corner of `everything`. Its side is a quarter-octave step down from this map's and its
    /// corner a whole number of its texels, so a camera moving a little keeps the same part (no
    /// shimmering, and no redraw) until it has moved a texel.
    func nearPart(
        seenThrough viewProjection: Matrix4, from eye: Vec3, looking forward: Vec3, projection: Projection,
        everything: BoundingBox, size: Int, viewportHeight: Float
    ) -> ShadowProjection? {
        guard let inverse = viewProjection.inverse, !everything.isEmpty else { return nil }
        let corners = everything.corners
        let farthest = corners.map { dot($0 - eye, forward) }.max() ?? projection.far
        let near = projection.near
        let far = min(max(farthest, near), projection.far)
        guard far > near else { return nil }
        let split = 0.5 * near * (far / near).squareRoot() + 0.5 * (near + far) / 2
        let whole = max(maximum.x - minimum.x, maximum.y - minimum.y)
        let pixel = 2 * projection.halfHeight(atDepth: split) / max(viewportHeight, 1)
        guard whole / Float(max(size, 1)) > Self.pixelsPerTexelLimit * pixel else { return nil }
        // The split's depth in clip space, from the projection itself (perspective or orthographic).
        let splitClip = projection.matrix(aspect: 1) * Vec4(0, 0, -split, 1)
        let splitZ = splitClip.z / splitClip.w
        var low = Vec2(Float.infinity, Float.infinity), high = -low
        for x in [-1, 1] as [Float] {
            for y in [-1, 1] as [Float] {
                for z in [-1, splitZ] {
                    let world = inverse * Vec4(x, y, z, 1)
                    let light = view * Vec4(world.xyz / world.w, 1)
                    low = pointwiseMin(low, Vec2(light.x, light.y))
                    high = pointwiseMax(high, Vec2(light.x, light.y))
                }
            }
        }
        // Only where this map reaches: nothing casts outside it.
        low = pointwiseMax(low, minimum)
        high = pointwiseMin(high, maximum)
        guard high.x > low.x, high.y > low.y else { return nil }
        let needed = max(high.x - low.x, high.y - low.y)
        guard whole >= needed * Self.nearGain else { return nil }
        let steps = (4 * log2(whole / needed)).rounded(.down)
        let side = whole * pow(2, -steps / 4)
        let texel = side / Float(max(size, 1))
        let center = (low + high) / 2
        let corner = Vec2(((center.x - side / 2) / texel).rounded(.down) * texel, ((center.y - side / 2) / texel).rounded(.down) * texel)
        return ShadowProjection(view: view, minimum: corner, maximum: corner + Vec2(side, side), near: self.near, far: self.far)
    }

    /// Whether `box` (world space) can cast into this map: its light-space extent across the
    /// light meets the map's (along the light, anything between the light and a receiver casts).
    func reaches(_ box: BoundingBox) -> Bool {
        let light = box.transformed(by: view)
        return light.max.x >= minimum.x && light.min.x <= maximum.x && light.max.y >= minimum.y && light.min.y <= maximum.y
    }

    /// Scale (x, y) and offset (z, w) that take this map's texture coordinates to `part`'s (the
    /// lit shader's `uNearShadowTransform`: both share the light's view and depth range).
    func transform(to part: ShadowProjection) -> Vec4 {
        let extent = maximum - minimum, partExtent = part.maximum - part.minimum
        let scale = Vec2(extent.x / partExtent.x, extent.y / partExtent.y)
        let offset = Vec2((minimum.x - part.minimum.x) / partExtent.x, (minimum.y - part.minimum.y) / partExtent.y)
        return Vec4(scale.x, scale.y, offset.x, offset.y)
    }
}
