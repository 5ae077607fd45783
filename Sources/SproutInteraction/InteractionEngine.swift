import SproutMath
import SproutScene
import SproutSession

/// The interaction sample's view controller without the views (P18 `ViewController` and its
/// extensions): one `update` per frame runs the session, the focus square, dragging, plane
/// snapping, status messages and the restart cooldown, on the injected clock.
public final class InteractionEngine {
    /// The simulated AR session; `update(deltaTime:touches:)` advances it, `resetTracking()` re-runs it.
    public let session: Session
    /// The scene the focus square and the placed objects are added to.
    public let scene: Scene
    /// The focus square, under the scene's root from `init` on.
    public let focusSquare = FocusSquare()
    /// The status panel's text and timers, advanced by `update(deltaTime:touches:)`.
    public let messages = StatusMessages()
    /// Gestures, selection, dragging and rotation of the placed objects.
    public let interaction: ObjectInteraction
    /// Placed objects, in placement order (P18 `virtualObjectLoader.loadedObjects`).
    public var objects: [VirtualObject] { interaction.objects }
    /// The object a tap on an empty surface moves: the last placed, tapped or dragged one; nil after a restart.
    public var selectedObject: VirtualObject? { interaction.selectedObject }
    /// P18 restart: unavailable for 5 s after a restart (and refused while `loader` loads).
    public private(set) var isRestartAvailable = true
    /// Downloads on the session's clock over the stage's network link (P18
    /// `virtualObjectLoader`, AC `CachingWebLoader`): restart waits while it loads.
    public let loader: SimulatedLoader
    /// P18 `addObjectButton`: shown while the focus square finds a surface, hidden while it
    /// initializes (`updateFocusSquare`, spec 1.2); hidden before the first frame.
    public private(set) var isAddObjectButtonVisible = false
    /// The last frame the session produced.
    public private(set) var lastFrame: Frame?

    /// P18 resetTracking / renderer(didAdd:): 7.5 s until the plane-estimation and placement hints.
    public static let hintDelay = 7.5
    /// P18 updateFocusSquare: "TRY MOVING LEFT OR RIGHT" after 5 s.
    public static let focusSquareHintDelay = 5.0
    /// P18 cameraDidChangeTrackingState: limited tracking is escalated after 3 s.
    public static let escalationDelay = 3.0
    /// P18 restartExperience: 5 s before another restart.
    public static let restartCooldown = 5.0

    /// What `place(_:)` shows while the focus square is initializing (the sample's text).
    public static let cannotPlaceMessage = "CANNOT PLACE OBJECT\nTry moving left or right."

    private var restartAvailableAt: Double?
    private var previousTrackingState: TrackingState?
    /// The session's lights as last given to the scene: the scene's own lighting stays until
    /// the stage's lights change.
    private var sessionLighting: Lighting

    /// An engine over `session` and `scene`: adds the focus square to the scene and calls
    /// `resetTracking()`, which re-runs the session and schedules the first hint.
    public init(session: Session, scene: Scene) {
        self.session = session
        self.scene = scene
        sessionLighting = session.lighting
        loader = SimulatedLoader(link: session.stage.network)
        interaction = ObjectInteraction(session: session, scene: scene)
        scene.addChild(focusSquare.entity)
        resetTracking()
    }

    /// P18 `resetTracking()`: planes of both alignments, tracking and anchors afresh.
    public func resetTracking() {
        interaction.selectedObject = nil
        session.run(
            SessionConfiguration(
                planeDetection: [.horizontal, .vertical],
                detectionImages: session.configuration?.detectionImages ?? [],
                isCodeTrackingEnabled: session.configuration?.isCodeTrackingEnabled ?? false),
            options: [.resetTracking, .removeExistingAnchors])
        messages.scheduleMessage("FIND A SURFACE TO PLACE AN OBJECT", inSeconds: Self.hintDelay, type: .planeEstimation)
    }

    /// Touches from the window or a script, between frames (at the last frame's time); a
    /// frame's own touches go to `update(deltaTime:touches:)`.
    public func handle(_ batch: [TouchEvent]) { interaction.handle(batch) }

    /// One frame, at one time (the README's time rule): the clock moves to the frame's time
    /// first, for the session, the scene, the focus square and the messages alike; the frame's
    /// touch batches reach the recognizers at that time; then the session senses, tracking
    /// messages, anchor events (hints, snapping), the focus square and the held object follow,
    /// and last every animation and timer is evaluated at the frame's time.
    @discardableResult
    public func update(deltaTime dt: Double, touches: [[TouchEvent]] = []) -> Frame {
        session.beginFrame(deltaTime: dt)
        let now = session.time
        scene.beginFrame(at: now)
        focusSquare.beginFrame(at: now)
        messages.beginFrame(at: now)
        for batch in touches { interaction.handle(batch) }
        let frame = session.finishFrame()
        lastFrame = frame
        if frame.trackingState != previousTrackingState {
            trackingStateChanged(to: frame.trackingState)
            previousTrackingState = frame.trackingState
        }
        for event in frame.events { handle(event) }
        // P18 renderer(_:updateAtTime:): key and fill lights at the estimate, 1000 without one.
        scene.contentLightIntensity = frame.lightEstimate?.ambientIntensity ?? LightEstimate.neutralIntensity
        if session.lighting != sessionLighting {
            sessionLighting = session.lighting
            scene.lighting = session.lighting
        }
        loader.update(at: now)
        updateFocusSquare()
        interaction.updateObjectToCurrentTrackingPosition()
        scene.update()
        placeEnvironmentProbe()
        focusSquare.advance()
        messages.advance()
        if let at = restartAvailableAt, hasReached(now, at) {
            isRestartAvailable = true
            restartAvailableAt = nil
        }
        return frame
    }

    /// Across, the environment probe stands on a grid of this many metres: an object dragged
    /// within a cell keeps the probe (and the renderer's copy of it), since redrawing it costs
    /// six passes over the backdrop (about 0.3 s on llvmpipe for a 200,000-triangle scan).
    /// ARKit's automatic probes likewise cover a region, not a point.
    static let probeGrid: Float = 0.5
    /// Upwards it stands this far above the object's origin, exactly (on a grid a floor-standing
    /// object's probe could sink to the floor and see under it).
    static let probeHeight: Float = 0.1

    /// P18 runs with `environmentTexturing = .automatic` (spec 1.11): ARKit puts probes by the
    /// virtual content. Here one probe, by the selected object (else the last placed); none
    /// without objects.
    private func placeEnvironmentProbe() {
        scene.environmentProbePosition = (selectedObject ?? objects.last).map { Self.probePosition(near: $0.worldPosition) }
    }

    /// Where a probe for content standing at `position` goes: at the centre of its 0.5 m cell
    /// across, 10 cm above it.
    public static func probePosition(near position: Vec3) -> Vec3 {
        func cell(_ x: Float) -> Float { ((x / probeGrid).rounded(.down) + 0.5) * probeGrid }
        return Vec3(cell(position.x), position.y + probeHeight, cell(position.z))
    }

    /// P18 `cameraDidChangeTrackingState`.
    private func trackingStateChanged(to state: TrackingState) {
        messages.showTrackingQualityInfo(for: state, autoHide: true)
        switch state {
        case .notAvailable, .limited:
            messages.escalateFeedback(for: state, inSeconds: Self.escalationDelay)
        case .normal:
            messages.cancelScheduledMessage(.trackingStateEscalation)
            for object in objects { object.isEnabled = true }
        }
    }

    /// P18 `renderer(_:didAdd:)` / `didUpdate`: hints on a new plane; snapping on every change.
    private func handle(_ event: SessionEvent) {
        switch event {
        case .added(let anchor as PlaneAnchor):
            messages.cancelScheduledMessage(.planeEstimation)
            messages.showMessage("SURFACE DETECTED")
            if objects.isEmpty {
                messages.scheduleMessage("TAP + TO PLACE AN OBJECT", inSeconds: Self.hintDelay, type: .contentPlacement)
            }
            for object in objects { object.adjustOntoPlaneAnchor(anchor, scene: scene) }
        case .updated(let anchor as PlaneAnchor):
            for object in objects { object.adjustOntoPlaneAnchor(anchor, scene: scene) }
        default:
            break
        }
    }

    /// P18 `updateFocusSquare()` (L136-160).
    private func updateFocusSquare() {
        let device = session.device
        if objects.contains(where: { isInView($0, device: device) }) {
            focusSquare.hide()
        } else {
            focusSquare.unhide()
            // Re-armed every frame, as in the sample: it fires only if these updates stop (spec 1.2).
            messages.scheduleMessage("TRY MOVING LEFT OR RIGHT", inSeconds: Self.focusSquareHintDelay, type: .focusSquare)
        }
        if session.trackingState == .normal, let result = SmartHitTest.hit(session, at: device.viewport.center) {
            focusSquare.setState(.detecting(result, camera: device), camera: device)
            isAddObjectButtonVisible = true
            messages.cancelScheduledMessage(.focusSquare)
        } else {
            focusSquare.setState(.initializing, camera: device)
            isAddObjectButtonVisible = false
        }
    }

    /// Whether any corner of the object's box is in front of the device and on screen (SceneKit
    /// `isNode(_:insideFrustumOf:)`, by corners).
    func isInView(_ object: VirtualObject, device: DeviceCamera) -> Bool {
        let bounds = object.visualBounds()
        guard !bounds.isEmpty else { return false }
        let mapping = device.mapping
        let corners = bounds.corners + [bounds.center]
        return corners.contains { p in
            guard let s = mapping.project(p) else { return false }
            return s.x >= 0 && s.x <= device.viewport.width && s.y >= 0 && s.y <= device.viewport.height
        }
    }

    // MARK: Placement

    /// P18 `placeVirtualObject`: at the screen centre (where the focus square is), or refused
    /// with the sample's message while the square is initializing; refused without a word while
    /// `loader` loads (the menu waits).
    @discardableResult
    public func place(_ object: VirtualObject) -> Bool {
        // P18 ViewController+Actions L20-26: the object menu does not open while an object loads.
        guard !loader.isLoading else { return false }
        guard !focusSquare.isInitializing else {
            messages.showMessage(Self.cannotPlaceMessage)
            remove(object)
            return false
        }
        object.reset()
        if !interaction.objects.contains(where: { $0 === object }) { interaction.objects.append(object) }
        interaction.translate(object, basedOn: session.device.viewport.center, infinitePlane: false, allowAnimation: false)
        interaction.selectedObject = object
        if object.parent == nil { scene.addChild(object) }
        interaction.addOrUpdateAnchor(for: object)
        messages.cancelScheduledMessage(.contentPlacement)
        return true
    }

    /// Adds an object where it already stands, without placement (a restored scene, a benchmark).
    public func adopt(_ object: VirtualObject) {
        guard !interaction.objects.contains(where: { $0 === object }) else { return }
        interaction.objects.append(object)
        if object.parent == nil { scene.addChild(object) }
    }

    /// P18 `didDeselectObject` (`ViewController+ObjectSelection.swift`): the object and its
    /// anchor go, and the selection is cleared whichever object was selected (the sample sets
    /// `selectedObject = nil` unconditionally; a refused placement takes this path too).
    public func remove(_ object: VirtualObject) {
        interaction.forget(object)
        interaction.selectedObject = nil
        interaction.objects.removeAll { $0 === object }
        scene.stopAnimating(object)
        object.removeFromParent()
    }

    // MARK: Interruptions

    /// P18 `sessionWasInterrupted`: the session stops and every object is hidden until
    /// tracking is normal again (relocalisation is allowed, as P18 allows it).
    public func interrupt() {
        session.interrupt()
        for object in objects { object.isEnabled = false }
    }

    /// Ends an `interrupt()`: tracking resumes as limited (relocalizing) until the device sees
    /// features near where the interruption began; objects reappear once tracking is normal.
    public func endInterruption() { session.endInterruption() }

    // MARK: Restart

    /// P18 `restartExperience()`: only when available and nothing is loading (`isRestartAvailable
    /// && !virtualObjectLoader.isLoading`, spec 1.11 step 1); removes every object and anchor,
    /// re-runs the session, and is unavailable again for 5 s. Returns whether it restarted.
    @discardableResult
    public func restartExperience() -> Bool {
        guard isRestartAvailable, !loader.isLoading else { return false }
        isRestartAvailable = false
        messages.cancelAllScheduledMessages()
        for object in objects { remove(object) }
        interaction.forgetAll()
        resetTracking()
        restartAvailableAt = session.time + Self.restartCooldown
        return true
    }
}
