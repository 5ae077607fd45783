import SproutMath

/// A light at an entity, shining along the entity's local -Z (KHR_lights_punctual): point, spot or
/// directional, in glTF's photometric units. The renderer draws up to
/// `PunctualLight.budget` of them a frame, unshadowed, beside the scene's `Lighting`.
public struct PunctualLight: Equatable, Sendable {
    /// What kind of light, with a spot's cone.
    public enum Kind: Equatable, Sendable {
        /// Parallel rays along -Z; `intensity` is an illuminance in lux (lm/m²).
        case directional
        /// From the entity's origin in every direction; `intensity` in candela (lm/sr).
        case point
        /// From the entity's origin within a cone around -Z; `intensity` in candela. Full
        /// within `innerConeAngle`, none beyond `outerConeAngle` (radians from the axis,
        /// 0 <= inner < outer <= pi/2), smooth between (the extension's falloff).
        case spot(innerConeAngle: Float, outerConeAngle: Float)
    }

    /// The most punctual lights drawn in one frame; beyond it the ones that light the camera's
    /// position most are kept (each is a loop iteration in every lit fragment).
    public static let budget = 8

    /// The light's name (its node's, from a file), or empty.
    public var name: String
    /// Point, spot or directional.
    public var kind: Kind
    /// Linear RGB, each channel 0...1 (white by default).
    public var color: Vec3
    /// Candela for point and spot lights, lux for directional ones (1 by default).
    public var intensity: Float
    /// Metres beyond which a point or spot light gives nothing (its light fading smoothly to
    /// zero there, as the extension recommends); nil: unlimited, falling off with distance².
    public var range: Float?

    /// A light of `kind`; the defaults are the extension's.
    public init(name: String = "", kind: Kind, color: Vec3 = .one, intensity: Float = 1, range: Float? = nil) {
        self.name = name
        self.kind = kind
        self.color = color
        self.intensity = intensity
        self.range = range
    }
}

/// A punctual light where its entity is this frame.
public struct PlacedLight: Equatable, Sendable {
    /// The light.
    public var light: PunctualLight
    /// Its position in world space, metres (unused for directional lights).
    public var position: Vec3
    /// The unit direction its light travels, world space (the entity's -Z).
    public var direction: Vec3

    /// `light` at `position`, shining along `direction` (normalised here).
    public init(light: PunctualLight, position: Vec3, direction: Vec3) {
        self.light = light
        self.position = position
        self.direction = length(direction) > 0 ? normalize(direction) : Vec3(0, 0, -1)
    }

    /// The illuminance it gives at `point`, lux, ignoring the surface's orientation and any cone
    /// (how much it matters there: the budget keeps the largest at the camera).
    public func illuminance(at point: Vec3) -> Float {
        if light.kind == .directional { return light.intensity }
        let d2 = max(dot(point - position, point - position), 1e-4)
        return light.intensity * PlacedLight.rangeWindow(distanceSquared: d2, range: light.range) / d2
    }

    /// KHR_lights_punctual's recommended range falloff, clamp(1 - (d / range)^4, 0, 1), which
    /// multiplies 1 / d² (1 without a range).
    public static func rangeWindow(distanceSquared d2: Float, range: Float?) -> Float {
        guard let range, range > 0 else { return 1 }
        let ratio2 = d2 / (range * range)
        return min(max(1 - ratio2 * ratio2, 0), 1)
    }
}
