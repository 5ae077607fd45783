/// What a session looks for (ARKit's `ARWorldTrackingConfiguration`, the parts Sprout simulates).
public struct SessionConfiguration: Equatable, Sendable {
    /// Which plane alignments are detected; empty: no plane detection.
    public var planeDetection: Set<PlaneAlignment>
    /// Images to recognise, matched by name against the stage's images.
    public var detectionImages: [ReferenceImage]
    /// Whether App Clip Codes are detected and decoded (ARKit's `appClipCodeTrackingEnabled`; off by default).
    public var isCodeTrackingEnabled: Bool
    /// Whether frames carry a light estimate (ARKit's default: on).
    public var isLightEstimationEnabled: Bool

    /// A configuration; by default both plane alignments, no images, no code tracking and light estimation on.
    public init(
        planeDetection: Set<PlaneAlignment> = [.horizontal, .vertical], detectionImages: [ReferenceImage] = [],
        isCodeTrackingEnabled: Bool = false, isLightEstimationEnabled: Bool = true
    ) {
        self.planeDetection = planeDetection
        self.detectionImages = detectionImages
        self.isCodeTrackingEnabled = isCodeTrackingEnabled
        self.isLightEstimationEnabled = isLightEstimationEnabled
    }

    /// The interaction sample's configuration (P18 `resetTracking`): planes of both alignments.
    public static let worldTracking = SessionConfiguration()
}

/// An image the app wants recognised: a name and the width it is printed at.
public struct ReferenceImage: Equatable, Hashable, Sendable {
    /// The stage image to recognise, by name; also the anchor's name.
    public var name: String
    /// Metres.
    public var physicalWidth: Float

    /// A reference image `name` printed `physicalWidth` metres wide.
    public init(name: String, physicalWidth: Float) {
        self.name = name
        self.physicalWidth = physicalWidth
    }
}

/// How `Session.run` treats the state of a previous run.
public struct RunOptions: OptionSet, Sendable {
    /// The options as bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Start tracking afresh: `limited(initializing)` again, plane estimates forgotten.
    public static let resetTracking = RunOptions(rawValue: 1)
    /// Remove every anchor (each gives a `removed` event).
    public static let removeExistingAnchors = RunOptions(rawValue: 2)
}
