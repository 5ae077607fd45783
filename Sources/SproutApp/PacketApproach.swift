import SproutMath

/// The offscreen Seed Shop tour's device path: from the start pose the device leans over the
/// seed packet (0-2 s), holds there while the code is read and the packet recognised
/// (2-4.5 s), steps back (4.5-6.5 s) and watches the plant grow to its full height. Moves are
/// smooth (smoothstep), so tracking stays normal.
public struct PacketApproach {
    public let start: Matrix4
    public let over: Matrix4
    public let back: Matrix4
    /// Seconds the whole tour takes, the plant fully grown at the end.
    public static let duration = 9.0

    public init(start: Matrix4, packet: Vec3) {
        self.start = start
        over = lookAt(eye: packet + Vec3(0, 0.45, 0.12), target: packet)
        back = lookAt(eye: packet + Vec3(1.5, 1.7, 3.8), target: packet + Vec3(0, 1.45, 0))
    }

    /// The device pose `t` seconds into the tour.
    public func pose(at t: Double) -> Matrix4 {
        if t < 2 { return Self.blend(start, over, Float(t / 2)) }
        if t < 4.5 { return over }
        if t < 6.5 { return Self.blend(over, back, Float((t - 4.5) / 2)) }
        return back
    }

    /// Position and orientation blended along a smoothstep.
    static func blend(_ a: Matrix4, _ b: Matrix4, _ t: Float) -> Matrix4 {
        let s = t * t * (3 - 2 * t)
        return Transform.interpolate(Transform(matrix: a), Transform(matrix: b), t: s).matrix
    }
}
