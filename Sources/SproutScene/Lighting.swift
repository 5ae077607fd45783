import SproutMath

/// One directional light plus ambient, in linear RGB.
public struct Lighting: Equatable, Sendable {
    /// Unit vector from the surface towards the light.
    public var directionToLight: Vec3
    /// The directional light's colour, linear RGB (white by default).
    public var color: Vec3
    /// Multiplier of `color` (1 by default; 0 turns the directional light off).
    public var intensity: Float
    /// Ambient term, added to every lit surface.
    public var ambient: Float
    /// Whether the directional light casts shadows (models opt out with `castsShadow`).
    public var castsShadows: Bool

    /// A light from `directionToLight` (normalised here; by default from above, towards +X and +Z),
    /// white at intensity 1, with an ambient term of 0.15 and shadows.
    public init(
        directionToLight: Vec3 = normalize(Vec3(0.4, 1.0, 0.6)), color: Vec3 = .one, intensity: Float = 1,
        ambient: Float = 0.15, castsShadows: Bool = true
    ) {
        self.directionToLight = normalize(directionToLight)
        self.color = color
        self.intensity = intensity
        self.ambient = ambient
        self.castsShadows = castsShadows
    }

    /// The default lighting: `Lighting()`.
    public static let standard = Lighting()
}
