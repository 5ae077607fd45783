import SproutMath
import SproutScene
import SproutSession

/// Turns gestures into object transforms (P18 `VirtualObjectInteraction`): recognizers in,
/// selection, dragging on planes, twisting about the vertical axis out. Owns no objects: the
/// engine's list is passed in.
public final class ObjectInteraction {
    let session: Session
    let scene: Scene
    /// The objects that can be hit, in placement order.
    public internal(set) var objects: [VirtualObject] = []
    /// The object a tap on empty surface moves: the last placed, tapped or dragged one; nil for none.
    public internal(set) var selectedObject: VirtualObject?
    /// The object the current pan drags; setting one selects it too (P18 didSet).
    public internal(set) var trackedObject: VirtualObject? {
        didSet { if let trackedObject { selectedObject = trackedObject } }
    }
    /// Screen point the dragged object follows; kept while the finger is held.
    public private(set) var currentTrackingPosition: Vec2?
    /// P18 `translateAssumingInfinitePlane`: drags use infinite planes.
    public var translateAssumingInfinitePlane = true

    /// The one- or two-finger pan that drags objects, as of the last batch.
    public private(set) var pan = ThresholdPanGesture()
    /// The two-finger twist that turns the dragged object about its vertical axis, as of the last batch.
    public private(set) var rotation = RotationGesture()
    private var tap = TapGesture()
    private let objectHits = ObjectHitTester()

    init(session: Session, scene: Scene) {
        self.session = session
        self.scene = scene
    }

    /// Feeds one batch of touches to the three recognizers (pan and rotation at the same time).
    public func handle(_ batch: [TouchEvent]) {
        let panState = pan.handle(batch)
        if panState != .possible || batch.contains(where: { $0.phase == .ended || $0.phase == .cancelled }) { didPan(panState) }
        let rotationState = rotation.handle(batch)
        if rotationState == .changed { didRotate() }
        if let location = tap.handle(batch) { didTap(at: location) }
    }

    /// P18 `updateObjectToCurrentTrackingPosition`, every frame: the held object follows the
    /// finger's screen point, also when only the device moves.
    public func updateObjectToCurrentTrackingPosition() {
        guard let object = trackedObject, let position = currentTrackingPosition else { return }
        translate(object, basedOn: position, infinitePlane: translateAssumingInfinitePlane, allowAnimation: true)
    }

    // MARK: Gestures

    private func didPan(_ state: GestureState) {
        switch state {
        case .began:
            if let object = objectInteracting(touches: pan.touchLocations, center: pan.touchesCenter) { trackedObject = object }
        case .changed where pan.isThresholdExceeded:
            guard let object = trackedObject else { return }
            let current = currentTrackingPosition ?? session.device.mapping.project(object.worldPosition) ?? session.device.viewport.center
            currentTrackingPosition = current + pan.translation
            pan.setTranslation(.zero)
        case .changed, .possible:
            break
        case .ended:
            if let object = trackedObject { addOrUpdateAnchor(for: object) }
            currentTrackingPosition = nil
            trackedObject = nil
        case .cancelled, .failed:
            currentTrackingPosition = nil
            trackedObject = nil
        }
    }

    /// P18 L111-123: `objectRotation -= rotation` on the tracked object only.
    private func didRotate() {
        guard let object = trackedObject else { return }
        object.objectRotation -= rotation.rotation
        rotation.rotation = 0
    }

    /// P18 didTap: select a tapped object, or move the selected one to the tapped surface.
    private func didTap(at location: Vec2) {
        if let object = virtualObject(at: location) {
            selectedObject = object
        } else if let object = selectedObject {
            translate(object, basedOn: location, infinitePlane: false, allowAnimation: false)
            addOrUpdateAnchor(for: object)
        }
    }

    // MARK: Hit tests and moves

    /// The first object under any touch, in touch order, else under the touches' centre
    /// (P18/P20 `objectInteracting(with:in:)`).
    func objectInteracting(touches: [Vec2], center: Vec2?) -> VirtualObject? {
        for point in touches { if let object = virtualObject(at: point) { return object } }
        return center.flatMap(virtualObject(at:))
    }

    /// The nearest object whose bounding box the screen point's ray meets.
    public func virtualObject(at point: Vec2) -> VirtualObject? {
        objectHits.nearest(session.device.mapping.unproject(point), among: objects)
    }

    /// P18 `translate(_:basedOn:infinitePlane:allowAnimation:)` (L163-192).
    @discardableResult
    public func translate(_ object: VirtualObject, basedOn point: Vec2, infinitePlane: Bool, allowAnimation: Bool) -> Bool {
        guard
            let result = SmartHitTest.hit(
                session, at: point, infinitePlane: infinitePlane, objectPosition: object.worldPosition,
                allowedAlignments: object.allowedAlignments)
        else { return false }
        let alignment = result.anchor?.alignment ?? result.alignment
        object.isOnPlane = result.anchor != nil
        object.setTransform(
            result.worldTransform, relativeTo: session.device.position, smoothMovement: !object.isOnPlane,
            alignment: alignment, allowAnimation: allowAnimation, scene: scene)
        return true
    }

    /// P18 `addOrUpdateAnchor(for:)`: replace the object's session anchor with one at its pose.
    func addOrUpdateAnchor(for object: VirtualObject) {
        if let old = object.anchor { session.remove(anchor: old) }
        let anchor = Anchor(identifier: session.makeAnchorIdentifier(), name: object.name, transform: object.worldMatrix)
        object.anchor = anchor
        session.add(anchor: anchor)
    }

    func forget(_ object: VirtualObject) {
        if selectedObject === object { selectedObject = nil }
        if trackedObject === object { trackedObject = nil; currentTrackingPosition = nil }
        if let anchor = object.anchor { session.remove(anchor: anchor) }
        object.anchor = nil
    }

    func forgetAll() {
        selectedObject = nil
        trackedObject = nil
        currentTrackingPosition = nil
        pan = ThresholdPanGesture()
        rotation = RotationGesture()
        tap = TapGesture()
    }
}
