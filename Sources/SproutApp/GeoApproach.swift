import SproutMath

/// The offscreen geo demo's walk: once its anchor is placed, the device walks towards it at a
/// person's pace and stops `standOff` metres short, still looking at it, so the placemark (the
/// sample's 10 cm sphere and its arrow, a few pixels from where the anchor was placed) is seen
/// rise from up close. Eased at both ends (smoothstep), never faster than `peakSpeed`, so the
/// session's tracking stays normal.
public struct GeoApproach {
    /// The device pose (device to stage) where the walk begins.
    public let start: Matrix4
    /// The device pose where the walk ends: `standOff` metres short of the target, looking at a point 1.2 m above it.
    public let end: Matrix4
    /// Seconds the walk takes.
    public let duration: Double
    /// Metres a second at the walk's fastest (smoothstep's peak is 1.5 times its mean), under
    /// the session's 2 m/s for excessive motion.
    public static let peakSpeed: Float = 1.6
    /// How far short of the anchor the walk stops, metres (horizontally).
    public static let standOff: Float = 8

    /// - Parameter target: the anchor's place (its placemark rises above it).
    public init(start: Matrix4, target: Vec3) {
        self.start = start
        let eye = start.translation
        var flat = Vec3(target.x - eye.x, 0, target.z - eye.z)
        let along = length(flat)
        flat = along > 1e-4 ? flat / along : Vec3(0, 0, -1)
        let walk = max(0, along - Self.standOff)
        let stop = Vec3(eye.x, eye.y, eye.z) + flat * walk
        end = lookAt(eye: stop, target: target + Vec3(0, 1.2, 0))
        duration = max(0.5, Double(walk / (Self.peakSpeed / 1.5)))
    }

    /// The pose `t` seconds into the walk.
    public func pose(at t: Double) -> Matrix4 {
        PacketApproach.blend(start, end, Float(t / duration))
    }
}
