import SproutMath

/// One directional light plus ambient, in linear RGB.
public struct Lighting: Equatable, Sendable {
    /// Unit vector from the surface towards the light.
    public var directionToLight: Vec3
    public var color: Vec3
    public var intensity: Float
    /// Ambient term, added to every lit surface.
    public var ambient: Float
    public var castsShadows: Bool

    public init(directionToLight: Vec3 = normalize(Vec3(0.4, 1.0, 0.6)), color: Vec3 = .one, intensity: Float = 1,
                ambient: Float = 0.15, castsShadows: Bool = true) {
        self.directionToLight = normalize(directionToLight)
        self.color = color
        self.intensity = intensity
        self.ambient = ambient
        self.castsShadows = castsShadows
    }

    public static let standard = Lighting()
}
