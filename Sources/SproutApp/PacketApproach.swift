import SproutMath

/// The offscreen Seed Shop tour's device path, told as the sample's story: the device starts
/// where the stage's camera is (scanning, 0-0.8 s), leans towards the seed packet, looking at it
/// from the side and above (0.8-2.8 s), holds while the code is read and the packet recognised,
/// and once the plant appears steps back over 4 s to see it grow to its full height. It never
/// passes through where the plant grows, and moves smoothly (smoothstep; at most about 1.7 m/s,
/// under the session's 2 m/s for excessive motion).
public struct PacketApproach {
    /// The device pose (device to stage) the tour begins at: the stage's camera.
    public let start: Matrix4
    /// The pose leaning over the packet, 47 cm from it, where the code and packet are read.
    public let over: Matrix4
    /// The pose stepped back to, 4.6 m from a point 1.45 m above the packet, where the grown plant fits the view.
    public let back: Matrix4
    /// When the lean towards the packet begins and ends, seconds.
    public static let leanStart = 0.8
    /// When the lean ends and the device holds over the packet, seconds.
    public static let leanEnd = 2.8
    /// How long the step back takes once the plant appears.
    public static let retreatDuration = 4.0

    /// The tour from `start` to the seed packet's centre `packet` (stage coordinates, metres).
    public init(start: Matrix4, packet: Vec3) {
        self.start = start
        // 47 cm from the packet, 28 degrees off its normal: close enough for the code and the
        // packet to be read (ImageDetector's 30 and 60 points), beside where the stem will grow.
        over = lookAt(eye: packet + Vec3(0, 0.42, 0.22), target: packet)
        // 4.6 m away: the 3 m sunflower fits the 60-degree view with its head clear of the panel.
        back = lookAt(eye: packet + Vec3(1.6, 1.7, 4.3), target: packet + Vec3(0, 1.45, 0))
    }

    /// The device pose `t` seconds into the tour; `retreatStart` is when the plant appeared.
    public func pose(at t: Double, retreatStart: Double? = nil) -> Matrix4 {
        if let retreatStart, t >= retreatStart {
            return Self.blend(over, back, Float(min(1, (t - retreatStart) / Self.retreatDuration)))
        }
        if t < Self.leanStart { return start }
        if t < Self.leanEnd { return Self.blend(start, over, Float((t - Self.leanStart) / (Self.leanEnd - Self.leanStart))) }
        return over
    }

    /// Position and orientation blended along a smoothstep.
    static func blend(_ a: Matrix4, _ b: Matrix4, _ t: Float) -> Matrix4 {
        if t <= 0 { return a }
        if t >= 1 { return b }
        let s = t * t * (3 - 2 * t)
        return Transform.interpolate(Transform(matrix: a), Transform(matrix: b), t: s).matrix
    }
}
