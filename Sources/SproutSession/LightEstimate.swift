import SproutMath
import SproutScene

/// How bright and how warm the light in view is, as ARKit's `ARLightEstimate` reports it:
/// ambient intensity in lumens (1000 = neutral) and colour temperature in kelvin (6500 =
/// neutral white).
///
/// The simulated camera sees the stage, so the estimate is computed from it: each sampler ray
/// that meets a surface adds the light arriving there (the stage's ambient light plus its
/// directional light on the surface's side facing the device, `intensity x max(0, n . l)`),
/// and 1000 lumens stand for an irradiance of 1 (a surface square to a light of intensity 1).
/// A lit table top under the living room's sun reads about 1,130; a wall facing away from it
/// reads the ambient light alone (300). Shadows are not traced: the estimate is of the light
/// in the room, not of one point.
public struct LightEstimate: Equatable, Sendable {
    /// Lumens; 1000 is the neutral value an app is lit at without an estimate (P18).
    public var ambientIntensity: Float
    /// Kelvin; 6500 for white light.
    public var ambientColorTemperature: Float

    /// An estimate of `ambientIntensity` lumens at `ambientColorTemperature` kelvin.
    public init(ambientIntensity: Float, ambientColorTemperature: Float) {
        self.ambientIntensity = ambientIntensity
        self.ambientColorTemperature = ambientColorTemperature
    }

    /// What P18 sets its key and fill lights to without an estimate
    /// (`ViewController+ARSCNViewDelegate.swift` L31-36).
    public static let neutralIntensity: Float = 1000
    /// Lumens for an irradiance of 1.
    static let lumensPerUnit: Float = 1000

    /// The estimate follows a change of what is seen with this time constant, seconds: a frame's
    /// 96 rays move with the sampler's jitter, and an estimate that flickered with them would
    /// flicker the content it lights ([inference]: ARKit's estimate is steady from frame to
    /// frame and follows a switched lamp within about a second).
    static let smoothingTimeConstant = 0.25

    /// The light arriving at a surface: irradiance and its linear RGB colour, summed over rays.
    struct Gathered {
        var rays = 0
        var light = Vec3.zero

        /// Adds the light at a point whose normal (towards the device) is `normal`.
        mutating func add(normal: Vec3, lighting: Lighting) {
            rays += 1
            let direct = lighting.intensity * max(0, dot(normal, lighting.directionToLight))
            light += Vec3(repeating: lighting.ambient) + lighting.color * direct
        }
    }

    /// The estimate of one frame's rays; nil when no ray met anything.
    init?(_ gathered: Gathered) {
        guard gathered.rays > 0 else { return nil }
        let mean = gathered.light / Float(gathered.rays)
        ambientIntensity = Self.luminance(mean) * Self.lumensPerUnit
        ambientColorTemperature = Self.colorTemperature(mean)
    }

    /// Moves `self` towards `target` as an exponential filter with `smoothingTimeConstant`.
    func approaching(_ target: LightEstimate, deltaTime dt: Double) -> LightEstimate {
        let k = Float(1 - exp(-dt / Self.smoothingTimeConstant))
        return LightEstimate(
            ambientIntensity: ambientIntensity + (target.ambientIntensity - ambientIntensity) * k,
            ambientColorTemperature: ambientColorTemperature + (target.ambientColorTemperature - ambientColorTemperature) * k)
    }

    /// Relative luminance of linear sRGB (Rec. 709 weights): white (1, 1, 1) is 1.
    static func luminance(_ c: Vec3) -> Float { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// Correlated colour temperature of a linear sRGB colour: to CIE XYZ (sRGB's D65 matrix),
    /// chromaticity xy, then McCamy's cubic (1992), good to a few kelvin from 2,850 to 6,500 K
    /// and usable to about 10,000 K. White gives D65's 6,504 K; black gives 6,500.
    static func colorTemperature(_ c: Vec3) -> Float {
        let X = 0.4124 * c.x + 0.3576 * c.y + 0.1805 * c.z
        let Y = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
        let Z = 0.0193 * c.x + 0.1192 * c.y + 0.9505 * c.z
        let sum = X + Y + Z
        guard sum > 1e-6 else { return 6500 }
        let x = X / sum, y = Y / sum
        let n = (x - 0.3320) / (0.1858 - y)
        let cct = 449 * n * n * n + 3525 * n * n + 6823.3 * n + 5520.33
        return min(max(cct, 1000), 40000)
    }
}
