import SproutMath

/// What is seen where nothing else is: a gradient by the view direction's height, from the
/// horizon up to the zenith and down to the ground, in linear RGB. A stage's sky (its `sky:`),
/// so that no view of it, over a wall or past a room's open side, shows an undefined void.
public struct Sky: Equatable, Sendable {
    /// The colour straight up, linear RGB.
    public var zenith: Vec3
    /// The colour at the horizon, linear RGB.
    public var horizon: Vec3
    /// The colour from a quarter of the way down and below, linear RGB.
    public var ground: Vec3

    /// A sky from linear RGB colours; each defaults to `daylight`'s.
    public init(zenith: Vec3 = Sky.daylight.zenith, horizon: Vec3 = Sky.daylight.horizon, ground: Vec3 = Sky.daylight.ground) {
        self.zenith = zenith
        self.horizon = horizon
        self.ground = ground
    }

    /// A clear day: sRGB #5b8fd0 overhead, #dde7f0 at the horizon, #6f6a62 below it.
    public static let daylight = Sky(linearFromSRGB: Vec3(0x5b, 0x8f, 0xd0) / 255, Vec3(0xdd, 0xe7, 0xf0) / 255, Vec3(0x6f, 0x6a, 0x62) / 255)

    /// From sRGB colours (0...1), as files write them.
    public init(linearFromSRGB zenith: Vec3, _ horizon: Vec3, _ ground: Vec3) {
        func linear(_ c: Vec3) -> Vec3 { Vec3(linearFromSRGB(c.x), linearFromSRGB(c.y), linearFromSRGB(c.z)) }
        self.zenith = linear(zenith)
        self.horizon = linear(horizon)
        self.ground = linear(ground)
    }

    /// The colour seen along `direction` (any length): the shader's formula, for tests and
    /// anything drawn without GL. Above the horizon it rises to the zenith with the square root
    /// of the direction's height (most of the sky is near the horizon colour's brightness), below
    /// it reaches the ground colour a quarter of the way down.
    public func color(along direction: Vec3) -> Vec3 {
        let d = normalize(direction)
        if d.y >= 0 { return horizon + (zenith - horizon) * d.y.squareRoot() }
        return horizon + (ground - horizon) * min(1, -d.y * 4).squareRoot()
    }
}
