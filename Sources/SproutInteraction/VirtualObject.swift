import SproutMath
import SproutScene
import SproutSession

/// A placed model (P18 `VirtualObject`): an entity whose first child, the pivot, carries the
/// model and the rotation about the object's own vertical axis (`objectRotation`). It keeps the
/// camera distances of its recent placements for smoothing and the alignment it stands on.
public final class VirtualObject: Entity {
    /// Surfaces the object may stand on (P18 `allowedAlignments`: most objects horizontal only).
    public let allowedAlignments: Set<PlaneAlignment>
    /// The object's current alignment; new objects stand on horizontal planes.
    public private(set) var currentAlignment: PlaneAlignment = .horizontal
    /// The rotation kept while on a horizontal plane, restored when coming back from a wall.
    public private(set) var rotationWhenAlignedHorizontally: Float = 0
    /// Camera distances of the last placements (P17/P18 `recentVirtualObjectDistances`).
    public private(set) var recentDistances: [Float] = []
    /// The session anchor that records where it was put down (P18 `addOrUpdateAnchor`).
    public internal(set) var anchor: Anchor?
    /// Whether the last placement hit a plane anchor (P18 `isOnPlane`).
    public internal(set) var isOnPlane = false
    /// True while an alignment change animates (P18 `isChangingAlignment`).
    public private(set) var isChangingAlignment = false
    let pivot: Entity
    /// The running snap (a later plane update that moved the plane more than 1 mm starts another).
    private weak var snapAnimation: TransformAnimation?

    /// P17/P18 setPosition: positions further than this from the camera are pulled in.
    public static let maximumDistance: Float = 10
    /// P17/P18: the mean of the last 10 distances smooths placement.
    public static let distanceHistory = 10
    /// P18 updateAlignment: 0.5 s when the alignment changes.
    public static let alignmentAnimationDuration = 0.5

    /// Entries an object change log keeps; a reader further behind scans every object instead.
    static let changeLogLimit = ObjectChangeLog.limit
    /// The log of the world this object was placed in (set by that world's hit tester), which
    /// hears of its moves and turns so hit tests refresh just this object's box.
    var changeLog: ObjectChangeLog?

    /// Also notes the move in the hit tester's change log, so that only this object's box is recomputed.
    public override func transformChanged() {
        super.transformChanged()
        changeLog?.note(self)
    }

    /// A pose inside the object changed (its model's clip played a frame): its box is recomputed too.
    public override func contentChanged() {
        changeLog?.note(self)
    }

    /// An object named `name` holding `model` under its pivot, allowed on planes of `allowedAlignments`
    /// (horizontal only by default). It stands at the origin until placed.
    public init(name: String, model: Entity, allowedAlignments: Set<PlaneAlignment> = [.horizontal]) {
        self.allowedAlignments = allowedAlignments
        pivot = Entity(name: name + " pivot")
        super.init(name: name)
        pivot.addChild(model)
        addChild(pivot)
    }

    /// Rotation about the object's own vertical axis, wrapped into (-pi, pi] (P18 setter L41-56);
    /// while horizontal it is also remembered for a later return from a wall.
    public var objectRotation: Float {
        get { pivot.transform.rotation.yaw }
        set {
            let wrapped = wrapAngle(newValue)
            pivot.transform.rotation = Quaternion(angle: wrapped, axis: .unitY)
            changeLog?.note(self)
            if currentAlignment == .horizontal { rotationWhenAlignedHorizontally = wrapped }
        }
    }

    /// The object's world orientation about +Y in radians: its own rotation and everything above it.
    public var worldYaw: Float { Transform(matrix: pivot.worldMatrix).rotation.yaw }
    /// The object's world scale (its own, a growing animation's, and its parents').
    public var worldScale: Vec3 { Transform(matrix: pivot.worldMatrix).scale }

    /// Forgets the distance history (the loader calls it before each load, P18 L32).
    public func reset() { recentDistances.removeAll() }

    /// P18 `isPlacementValid(on:)`.
    public func isPlacementValid(on anchor: PlaneAnchor?) -> Bool {
        guard let anchor else { return true }
        return allowedAlignments.contains(anchor.alignment)
    }

    /// P17/P18 `setPosition(_:relativeTo:smoothMovement:)`: within 10 m of the camera, and when
    /// smoothing, at the mean of the last 10 distances along the newest direction.
    public func setPosition(_ position: Vec3, relativeTo camera: Vec3, smoothMovement: Bool) {
        var offset = position - camera
        let d = length(offset)
        if d > Self.maximumDistance { offset = normalize(offset) * Self.maximumDistance }
        if smoothMovement {
            recentDistances.append(length(offset))
            if recentDistances.count > Self.distanceHistory { recentDistances.removeFirst(recentDistances.count - Self.distanceHistory) }
            let mean = recentDistances.reduce(0, +) / Float(recentDistances.count)
            worldPosition = camera + normalize(offset) * mean
        } else {
            worldPosition = camera + offset
        }
    }

    /// P18 `setTransform(_:relativeTo:smoothMovement:alignment:allowAnimation:)`: the position
    /// logic above, then `updateAlignment`.
    public func setTransform(
        _ world: Matrix4, relativeTo camera: Vec3, smoothMovement: Bool, alignment: PlaneAlignment,
        allowAnimation: Bool, scene: Scene
    ) {
        scene.stopAnimating(self)
        setPosition(world.translation, relativeTo: camera, smoothMovement: smoothMovement)
        updateAlignment(to: alignment, transform: world, allowAnimation: allowAnimation, scene: scene)
    }

    /// P18 `updateAlignment(to:transform:allowAnimation:)` (L124-168).
    func updateAlignment(to newAlignment: PlaneAlignment, transform world: Matrix4, allowAnimation: Bool, scene: Scene) {
        guard !isChangingAlignment else { return }
        let animate = allowAnimation && newAlignment != currentAlignment
        switch (newAlignment, currentAlignment) {
        case (.horizontal, .horizontal):
            return   // the orientation is left alone
        case (.horizontal, .vertical):
            currentAlignment = newAlignment
            objectRotation = rotationWhenAlignedHorizontally
        case (.vertical, .horizontal):
            objectRotation = 0.0001   // P18's value: a hair off zero
            currentAlignment = newAlignment
        case (.vertical, .vertical):
            break
        }
        currentAlignment = newAlignment
        // `world` is a world pose; an object hanging under an anchor keeps its local one.
        let toParent = parent.flatMap { $0.worldMatrix.inverse } ?? .identity
        var target = Transform(matrix: toParent * world)
        target.translation = transform.translation
        target.scale = transform.scale
        if animate {
            isChangingAlignment = true
            scene.animate(self, to: target, duration: Self.alignmentAnimationDuration, timing: .easeInEaseOut, style: .transaction)
                .onFinish { [weak self] in self?.isChangingAlignment = false }
        } else {
            transform = target
        }
    }

    /// P17/P18 `adjustOntoPlaneAnchor` (L171-207): onto a plane within its extent + 10 % when
    /// 1 mm < distance < 5 cm, over distance x 500 s, ease-in-ease-out. Returns whether it moved.
    @discardableResult
    public func adjustOntoPlaneAnchor(_ anchor: PlaneAnchor, scene: Scene) -> Bool {
        guard allowedAlignments.contains(anchor.alignment) else { return false }
        // A plant grown on its seed packet hangs under the packet's image anchor and rides it,
        // as in the App Clip sample, which never snaps (its RealityKit entity is the anchor's
        // child, Utilities.swift present(on:)); snapping it to a settling plane would move it
        // off the packet.
        guard !(parent is AnchorEntity) else { return false }
        // SceneKit animates position alone; here an animation owns the whole transform, so an
        // object in another animation (re-aligning) is snapped by a later update.
        if let running = scene.animation(of: self), running !== snapAnimation { return false }
        guard let inverse = anchor.transform.inverse else { return false }
        // The model value, as P18 reads `position` inside its transaction: after a snap began it
        // already holds the plane's height, so the next plane update measures only how far the
        // plane itself moved, and a move under 1 mm starts nothing.
        let p = inverse.transformPoint(worldPosition)
        if p.y == 0 { return false }
        let c = anchor.center, e = anchor.extent
        let tolerance: Float = 0.1   // P18: "extent + 10 %"
        guard p.x >= c.x - e.x / 2 - tolerance * e.x, p.x <= c.x + e.x / 2 + tolerance * e.x,
            p.z >= c.z - e.z / 2 - tolerance * e.z, p.z <= c.z + e.z / 2 + tolerance * e.z
        else { return false }
        let d = abs(p.y)
        let verticalAllowance: Float = 0.05, epsilon: Float = 0.001   // P18: 5 cm and 1 mm
        guard d > epsilon, d < verticalAllowance else { return false }
        var target = transform
        target.translation.y = anchor.transform.translation.y
        // P18 also re-aligns (no animation) before the move.
        updateAlignment(to: anchor.alignment, transform: worldMatrix, allowAnimation: false, scene: scene)
        // An SCNTransaction: the model value is the target now; what is drawn moves there from
        // where it is drawn, over d x 500 s ("Move 2 mm per second").
        snapAnimation = scene.animate(self, to: target, duration: Double(d) * 500, timing: .easeInEaseOut, style: .transaction)
        return true
    }
}
