import SproutMath
import SproutScene

/// A simulated AR session over a stage: it tracks the device, finds planes that refine over
/// time, recognises images and codes, and answers raycasts. Deterministic: time comes only
/// through `update(deltaTime:)` and randomness only from the seed.
public final class Session {
    /// The stage as it is now: its pictures that move (`StageImage.moves`) are where the session time puts them.
    public private(set) var stage: Stage
    /// Indices of the stage's pictures that move.
    private let movingImages: [Int]
    /// The device; move it between updates.
    public var device: DeviceCamera
    /// What the last `run` asked for; nil before the first run.
    public private(set) var configuration: SessionConfiguration?
    /// Seconds of session time: the time of the frame begun last (`SimulationClock`'s rule),
    /// moved only by `beginFrame` or `update`.
    public var time: Double { clock.time }
    /// The clock every timer reads, advanced one frame by `beginFrame` (or `update`).
    public private(set) var clock = SimulationClock()
    /// The step of the frame begun and not yet sensed, nil between frames.
    private var frameStep: Double?
    /// Tracking quality after the last update; `notAvailable` before the first run and while interrupted.
    public private(set) var trackingState: TrackingState = .notAvailable
    /// The stage's lights now: as written, with the stage's and the app's changes begun by now.
    public private(set) var lighting: Lighting
    /// Changes of light the app asked for (`changeLight`), beside the stage's own.
    public private(set) var lightChanges: [LightChange] = []
    /// The light in view, while the session runs with light estimation (nil before the first
    /// run, while interrupted, and until a ray has met something).
    public private(set) var lightEstimate: LightEstimate?
    /// Whether `interrupt()` has stopped the session and `endInterruption()` not yet resumed it.
    public private(set) var isInterrupted = false
    /// Anchors in the order they were added.
    public private(set) var anchors: [Anchor] = []
    /// A hand over the lens: while true the session sees nothing (no surface, no detail, no
    /// light), so tracking becomes limited(insufficientFeatures) after its delay, as a covered
    /// camera does; `sprout explore`'s `covered` faults set it.
    public var isCameraCovered = false

    private var random: SeededRandom
    private var tracking = TrackingMonitor()
    private var planes = PlaneDetector()
    private var images = ImageDetector()
    private var sampler = ViewSampler()
    private var nextIdentifier = 1
    private var pendingEvents: [SessionEvent] = []
    private var interruptedAt: Vec3?
    /// Per surface, drawn at each run with tracking reset.
    private(set) var estimatedPlaneErrors: [Float] = []

    /// A session over `stage` with the device at the stage's camera; nothing is tracked until
    /// `run(_:options:)`. `seed` drives every random draw; `viewport` is the screen in points.
    public init(stage: Stage, seed: UInt64 = 0, viewport: Viewport = Viewport(width: 1280, height: 720)) {
        self.stage = stage
        movingImages = stage.images.indices.filter { !stage.images[$0].moves.isEmpty }
        lighting = stage.lighting(at: 0)
        self.random = SeededRandom(seed: seed)
        self.device = DeviceCamera(stageCamera: stage.camera, viewport: viewport)
        self.estimatedPlaneErrors = Array(repeating: 0, count: stage.surfaces.count)
    }

    /// The plane anchors, kept beside `anchors` so raycasts need no casts.
    public private(set) var planeAnchors: [PlaneAnchor] = []
    /// The recognised images' anchors, in the order they were added.
    public var imageAnchors: [ImageAnchor] { anchors.compactMap { $0 as? ImageAnchor } }
    /// The App Clip Codes' anchors, in the order they were added.
    public var codeAnchors: [CodeAnchor] { anchors.compactMap { $0 as? CodeAnchor } }

    /// Starts or changes what the session looks for. A first run, or `.resetTracking`, starts
    /// tracking afresh (`limited(initializing)`, plane estimates and recognition forgotten);
    /// `.removeExistingAnchors` removes every anchor, reported by the next update.
    public func run(_ configuration: SessionConfiguration, options: RunOptions = []) {
        let isFirstRun = self.configuration == nil
        self.configuration = configuration
        if options.contains(.removeExistingAnchors) { removeAnchors { _ in true } }
        if isFirstRun || options.contains(.resetTracking) {
            tracking.reset()
            trackingState = tracking.state
            isInterrupted = false
            interruptedAt = nil
            // Detected anchors belong to the old tracking and go; the app's own anchors stay.
            removeAnchors(where: Self.isDetected)
            estimatedPlaneErrors = stage.surfaces.map { _ in random.float(in: -1...1) * Self.estimatedPlaneErrorBound }
        }
    }

    static func isDetected(_ anchor: Anchor) -> Bool { anchor is PlaneAnchor || anchor is ImageAnchor || anchor is CodeAnchor }

    /// Removes anchors (each reported with the next update) and forgets what the detectors
    /// had found, so planes and images are found afresh.
    private func removeAnchors(where shouldRemove: (Anchor) -> Bool) {
        for anchor in anchors where shouldRemove(anchor) { pendingEvents.append(.removed(anchor)) }
        anchors.removeAll(where: shouldRemove)
        planeAnchors.removeAll()
        planes.reset()
        images.reset(imageCount: stage.images.count)
    }

    /// The session stops seeing (a phone call, the app in the background): no tracking until
    /// `endInterruption`.
    public func interrupt() {
        guard configuration != nil, !isInterrupted else { return }
        isInterrupted = true
        interruptedAt = device.position
    }

    /// Tracking resumes as `limited(relocalizing)` until the device looks at features near
    /// where it was when the interruption began (P18/P20 allow relocalisation).
    public func endInterruption() {
        guard isInterrupted else { return }
        isInterrupted = false
        tracking.beginRelocalizing(near: interruptedAt ?? device.position)
    }

    /// Adds an anchor of the app's own (a placed object's pose, P18 `addOrUpdateAnchor`).
    public func add(anchor: Anchor) {
        anchors.append(anchor)
        pendingEvents.append(.added(anchor))
    }

    /// Removes an app anchor.
    public func remove(anchor: Anchor) {
        guard let i = anchors.firstIndex(where: { $0 === anchor }) else { return }
        anchors.remove(at: i)
        pendingEvents.append(.removed(anchor))
    }

    /// A fresh identifier for an app anchor; session anchors draw from the same counter.
    public func makeAnchorIdentifier() -> AnchorIdentifier {
        defer { nextIdentifier += 1 }
        return AnchorIdentifier(nextIdentifier)
    }

    /// Changes one of the stage's lights from now on (or from `change.at`, if later): what a
    /// script's `light:` step does. Later changes win where they overlap earlier ones.
    public func changeLight(_ change: LightChange) {
        var change = change
        change.at = max(change.at, time)
        lightChanges.append(change)
        lighting = lightingNow()
    }

    /// The stage's lights at the session's time, after the stage's changes and the app's.
    private func lightingNow() -> Lighting { stage.lighting.applying(stage.lightChanges + lightChanges, at: time) }

    /// Advances the session by `deltaTime` seconds with the device where it is now:
    /// `beginFrame` then `finishFrame`.
    @discardableResult
    public func update(deltaTime dt: Double) -> Frame {
        beginFrame(deltaTime: dt)
        return finishFrame()
    }

    /// Moves the clock one frame on, to the frame's time, before anything of the frame happens:
    /// what the app does in the frame (a touch, a message scheduled, an animation begun) counts
    /// from this time. `finishFrame` then senses the stage.
    public func beginFrame(deltaTime dt: Double) {
        precondition(dt >= 0 && dt.isFinite, "Session.beginFrame: deltaTime must be finite and >= 0")
        precondition(frameStep == nil, "Session.beginFrame: the frame begun last was not finished")
        clock.advance(by: dt)
        frameStep = dt
    }

    /// Senses the frame `beginFrame` began with the device where it is now: tracking, planes,
    /// images and the light estimate move on by the frame's step.
    @discardableResult
    public func finishFrame() -> Frame {
        guard let dt = frameStep else { preconditionFailure("Session.finishFrame: no frame was begun") }
        frameStep = nil
        for i in movingImages { stage.images[i].frame = stage.images[i].frame(at: time) }
        if !stage.lightChanges.isEmpty || !lightChanges.isEmpty { lighting = lightingNow() }
        var events = pendingEvents
        pendingEvents.removeAll(keepingCapacity: true)
        let jitter = Vec2(random.float(in: 0..<1), random.float(in: 0..<1))
        if isCameraCovered { sampler.cover(stage) } else { sampler.sample(stage, lighting: lighting, from: device, jitter: jitter) }

        if let configuration, !isInterrupted {
            trackingState = tracking.update(deltaTime: dt, pose: device.transform, featureScore: sampler.featureScore)
            let isNormal = trackingState == .normal
            let emit: (SessionEvent) -> Void = { event in
                events.append(event)
                self.apply(event)
            }
            planes.update(
                deltaTime: dt, views: sampler.surfaceViews, stage: stage, alignments: configuration.planeDetection,
                isTrackingNormal: isNormal, random: &random, issue: makeAnchorIdentifier, emit: emit)
            images.update(
                deltaTime: dt, stage: stage, device: device, configuration: configuration,
                isTracking: isNormal, issue: makeAnchorIdentifier, emit: emit)
            if !configuration.isLightEstimationEnabled {
                lightEstimate = nil
            } else if let seen = LightEstimate(sampler.light) {
                lightEstimate = lightEstimate?.approaching(seen, deltaTime: dt) ?? seen
            }
        } else {
            trackingState = .notAvailable
        }
        return Frame(
            timestamp: time, camera: device, trackingState: trackingState, anchors: anchors, events: events,
            featureScore: sampler.featureScore, lightEstimate: isInterrupted ? nil : lightEstimate)
    }

    private func apply(_ event: SessionEvent) {
        switch event {
        case .added(let a):
            anchors.append(a)
            if let plane = a as? PlaneAnchor { planeAnchors.append(plane) }
        case .removed(let a):
            anchors.removeAll { $0 === a }
            planeAnchors.removeAll { $0 === a }
        case .updated: break
        }
    }
}

extension SeededRandom {
    mutating func float(in range: Range<Float>) -> Float { Float.random(in: range, using: &self) }
}
