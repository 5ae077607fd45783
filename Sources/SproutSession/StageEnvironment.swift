/// A stage's image-based light (`environment:`): an equirectangular Radiance .hdr file inside
/// the stage's folder, drawn where the sky would be in the environment probe, and behind the
/// stage when asked. Loaded by the app layer into `Scene.environment`.
public struct StageEnvironment: Sendable, Equatable {
    /// The .hdr file, resolved inside the stage's folder.
    public var path: String
    /// Multiplies its radiance (default 1).
    public var intensity: Float = 1
    /// Radians it is turned about +Y, counter-clockwise seen from above (written in degrees).
    public var rotation: Float = 0
    /// Whether it is drawn behind the stage instead of the sky (default false).
    public var background = false

    /// An environment of the file at `path`, with the given settings.
    public init(path: String, intensity: Float = 1, rotation: Float = 0, background: Bool = false) {
        self.path = path
        self.intensity = intensity
        self.rotation = rotation
        self.background = background
    }
}
