import SproutScene

/// A change of one of the stage's lights over time: a lamp switched off, daylight dimming.
/// From `at` seconds the light's intensity goes from what it was to `intensity`, linearly over
/// `duration` seconds (0: at once). Stage files write them under a light (`changes:`); scripts
/// add them as they run (`light:` steps).
public struct LightChange: Equatable, Sendable {
    /// Which of the stage's lights: its sun or its ambient light.
    public enum Light: String, Sendable, CaseIterable {
        case directional, ambient
    }

    /// Which light changes.
    public var light: Light
    /// Seconds on the session's clock.
    public var at: Double
    /// The intensity at the end of the ramp, in the stage's light units (0...100 in stage files).
    public var intensity: Float
    /// Seconds the ramp takes; 0 changes at once.
    public var duration: Double

    /// Ramps `light` to `intensity` from `at` seconds over `duration` seconds (default 0: at once).
    public init(light: Light, at: Double, intensity: Float, duration: Double = 0) {
        self.light = light
        self.at = at
        self.intensity = intensity
        self.duration = duration
    }
}

extension Lighting {
    /// This lighting with `changes` applied as they stand at `time`: each change, in order of
    /// its start, ramps from the intensity before it.
    public func applying(_ changes: [LightChange], at time: Double) -> Lighting {
        var lighting = self
        for change in changes.sorted(by: { $0.at < $1.at }) where time >= change.at {
            let progress = change.duration > 0 ? Float(min(1, (time - change.at) / change.duration)) : 1
            func ramp(_ from: Float) -> Float { progress >= 1 ? change.intensity : from + (change.intensity - from) * progress }
            switch change.light {
            case .directional: lighting.intensity = ramp(lighting.intensity)
            case .ambient: lighting.ambient = ramp(lighting.ambient)
            }
        }
        return lighting
    }
}
