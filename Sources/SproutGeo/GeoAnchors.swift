import SproutMath
import SproutScene
import SproutSession

/// An anchor at a place on the Earth (ARKit's `ARGeoAnchor`).
public final class GeoAnchor: Anchor {
    /// Where the anchor was put on the Earth. Its transform is where the session places that
    /// coordinate now, off by the current accuracy's error, so it moves as the accuracy changes.
    public let coordinate: GeoCoordinate

    init(identifier: AnchorIdentifier, name: String, coordinate: GeoCoordinate, transform: Matrix4) {
        self.coordinate = coordinate
        super.init(identifier: identifier, name: name, transform: transform)
    }
}

/// Why a geo anchor was not added (G21 texts).
public enum GeoAnchorError: Error, Equatable, CustomStringConvertible {
    case notLocalized
    case noRaycastResult

    /// The sample's alert or toast text for the error (G21).
    public var description: String {
        switch self {
        case .notLocalized: return GeoTrackingStatus.notLocalizedTitle + ": " + GeoTrackingStatus.notLocalizedMessage
        case .noRaycastResult: return GeoTrackingStatus.noRaycastResult
        }
    }
}

/// Geo anchors over a session: added from a coordinate or a screen point once localised,
/// positioned by the geodesy plus the current accuracy's error (seeded, shrinking as the
/// accuracy improves), with undo and GPX round trips. Each anchor gets a placemark.
public final class GeoAnchorSet {
    /// The geotracking that must be localised to add anchors; its accuracy sets their error.
    public let tracker: GeoTracker
    /// The session the anchors are added to and raycasts are made in.
    public let session: Session
    /// The scene the placemarks are added to.
    public let scene: Scene
    /// The geo anchors in the order they were added; `undo()` removes the last.
    public private(set) var anchors: [GeoAnchor] = []
    /// Each anchor's placemark, by anchor identifier.
    public private(set) var placemarks: [AnchorIdentifier: Placemark] = [:]
    /// The last toast (G21: "Nothing to undo", "Removed last added anchor", ...).
    public private(set) var toast = ""
    /// Session time when the toast hides (G21 Utilities.swift L92-111: 2 s; only the newest
    /// toast's timer hides the label). nil before any toast.
    public private(set) var toastHidesAt: Double?
    /// Whether the toast is on screen now.
    public var isToastShowing: Bool { toastHidesAt.map { !hasReached(session.time, $0) } ?? false }
    /// G21 `showToast` default duration.
    public static let toastDuration = 2.0
    /// G21 `AnchorIndicator`: the map circle drawn around each anchor, 3 m in radius.
    public static let mapCircleRadius: Float = 3
    /// How new and existing placemarks look (the stage's `placemarkStyle`; default the sample's sphere).
    public var placemarkStyle: PlacemarkStyle
    private var random: SeededRandom
    private var errors: [AnchorIdentifier: Vec2] = [:]
    private var lastAccuracy = GeoTrackingStatus.Accuracy.undetermined

    /// Geo anchors over `session`, placed through `tracker`; `seed` draws each anchor's error
    /// direction and size, so a run repeats; placemarks look as `placemarkStyle` says.
    public init(tracker: GeoTracker, session: Session, scene: Scene, seed: UInt64, placemarkStyle: PlacemarkStyle = .sphere) {
        self.tracker = tracker
        self.session = session
        self.scene = scene
        self.placemarkStyle = placemarkStyle
        random = SeededRandom(seed: seed ^ 0x6765_6f)
    }

    /// Adds an anchor at `coordinate` (ground level when no altitude: the stage's floor, y = 0).
    @discardableResult
    public func add(_ coordinate: GeoCoordinate, name: String = "") throws(GeoAnchorError) -> GeoAnchor {
        guard tracker.status.state == .localized else { throw .notLocalized }
        let direction = random.float(in: 0...(2 * .pi))
        let error = Vec2(cos(direction), sin(direction)) * random.float(in: 0.5...1)
        let anchor = GeoAnchor(
            identifier: session.makeAnchorIdentifier(), name: name.isEmpty ? "anchor \(anchors.count + 1)" : name,
            coordinate: coordinate, transform: .identity)
        errors[anchor.identifier] = error
        anchors.append(anchor)
        place(anchor)
        session.add(anchor: anchor)
        let placemark = Placemark(
            anchor: anchor, addAfter: Self.placemarkDelay(from: tracker.deviceCoordinate(session), to: coordinate),
            createdAt: session.time)
        placemarks[anchor.identifier] = placemark
        return anchor
    }

    /// G21 ViewController L243-258: a placemark appears `distance / 10` seconds after its anchor,
    /// the distance in metres on the ground (`MKMapPoint.distance`, heights ignored) from the
    /// device's location to the coordinate the anchor was made for, not to where the current
    /// accuracy's error puts it; 0 where the distance is unknown, as the sample's fallback.
    public static func placemarkDelay(from device: GeoCoordinate, to coordinate: GeoCoordinate) -> Double {
        (WGS84.distance(device, coordinate) ?? 0) / 10
    }

    /// Adds an anchor where a screen point's estimated-plane raycast lands (G21 tap).
    @discardableResult
    public func add(at point: Vec2) throws(GeoAnchorError) -> GeoAnchor {
        guard tracker.status.state == .localized else { throw .notLocalized }
        guard let hit = session.raycast(from: point, allowing: [.estimatedPlane]).first else { throw .noRaycastResult }
        let p = hit.position
        return try add(tracker.frame.coordinate(stage: SIMD3(Double(p.x), Double(p.y), Double(p.z))))
    }

    /// G21 undo: the last anchor and its placemark go.
    public func undo() {
        guard let last = anchors.popLast() else { showToast(GeoTrackingStatus.nothingToUndo); return }
        session.remove(anchor: last)
        placemarks.removeValue(forKey: last.identifier)?.root.removeFromParent()
        showToast(GeoTrackingStatus.removedLastAnchor)
    }

    /// Shows `text` for `toastDuration` seconds; a newer toast replaces it and its timer.
    public func showToast(_ text: String) {
        toast = text
        toastHidesAt = session.time + Self.toastDuration
    }

    /// Per frame, after the session's: refine positions when the accuracy changes; add and
    /// raise the placemarks by the session's time.
    public func update() {
        if tracker.status.accuracy != lastAccuracy {
            lastAccuracy = tracker.status.accuracy
            for a in anchors { place(a) }
        }
        for (_, p) in placemarks {
            p.update(at: session.time, scene: scene)
            p.show(accuracy: tracker.status.accuracy, style: placemarkStyle)
        }
    }

    private func place(_ anchor: GeoAnchor) {
        let s = tracker.frame.stagePosition(anchor.coordinate)
        let e = (errors[anchor.identifier] ?? .zero) * GeoTracker.positionError(tracker.status.accuracy)
        anchor.transform = Matrix4.translation(Vec3(Float(s.x) + e.x, Float(s.y), Float(s.z) + e.y))
    }
}

/// The sample's placemark (G21 Utilities.swift): an unlit blue sphere of 0.066 m inside a
/// translucent one of 0.1 m, resting on the ground, added after distance/10 s, then after
/// 0.5 s rising 3 m and growing x10 over 5 s, ease in-out.
public final class Placemark {
    /// Radius of the inner, unlit blue sphere, metres (G21 Utilities.swift).
    public static let innerRadius: Float = 0.066
    /// Radius of the outer, translucent sphere, metres; the ball rests on the ground on it (G21).
    public static let outerRadius: Float = 0.1
    /// Seconds after the placemark appears before it starts to rise (G21).
    public static let riseDelay = 0.5
    /// Seconds the rise and growth take, eased in and out (G21).
    public static let riseDuration = 5.0
    /// Metres the ball rises, "like a balloon", high enough to stand under (G21).
    public static let riseHeight: Float = 3
    /// Scale factor the ball grows by while rising: the outer sphere ends 1 m in radius (G21).
    public static let growth: Float = 10

    /// The geo anchor the placemark marks.
    public let anchor: GeoAnchor
    /// The anchor entity holding the ball and the arrow; added to the scene after `addAfter` seconds.
    public let root: Entity
    /// The two spheres, shown while the accuracy is undetermined or low.
    public let balloon: Entity
    /// Beyond the sample, with `PlacemarkStyle.arrow` only: with medium or high accuracy an
    /// arrow points down at the spot; with low accuracy the ball floats high up, as the
    /// sample's README describes.
    public let arrow: Entity
    /// The arrow's tip is this high above the spot; it is 1.2 m long.
    public static let arrowGap: Float = 0.05
    /// The arrow's whole length, head (0.3 m) and shaft, metres.
    public static let arrowLength: Float = 1.2
    /// Session time when the anchor was added.
    public let createdAt: Double
    /// Seconds since the anchor was added, as of the last `GeoAnchorSet.update()`.
    public private(set) var age = 0.0
    /// Seconds after the anchor is added before the placemark appears: the device's distance
    /// from it in metres / 10 (G21 ViewController L243-258).
    public let addAfter: Double
    /// Whether `root` has been added to the scene yet.
    public private(set) var isAdded = false

    init(anchor: GeoAnchor, addAfter: Double, createdAt: Double) {
        self.anchor = anchor
        self.createdAt = createdAt
        self.addAfter = addAfter
        root = AnchorEntity(anchor: anchor, name: "placemark \(anchor.name)")
        let inner = Entity(
            name: "inner",
            model: ModelComponent(
                mesh: MeshFactory.sphere(radius: Self.innerRadius, segments: 16, rings: 8),
                material: Material(name: "inner", baseColor: Vec4(0, 0.3, 1, 1), isUnlit: true)))
        let outer = Entity(
            name: "outer",
            model: ModelComponent(
                mesh: MeshFactory.sphere(radius: Self.outerRadius, segments: 24, rings: 12),
                material: Material(name: "outer", baseColor: Vec4(1, 1, 1, 0.25), metallic: 1, roughness: 0.3)))
        balloon = Entity(name: "balloon")
        balloon.addChild(inner)
        balloon.addChild(outer)
        balloon.transform.translation.y = Self.outerRadius   // resting on the ground
        root.addChild(balloon)
        let orange = Material(name: "arrow", baseColor: Vec4(1, 0.35, 0.05, 1), roughness: 0.5, isDoubleSided: true)
        let head = Entity(
            name: "arrow head", transform: Transform(translation: Vec3(0, Self.arrowGap + 0.3, 0), rotation: Quaternion(angle: .pi, axis: .unitX)),
            model: ModelComponent(mesh: MeshFactory.cone(radius: 0.12, height: 0.3), material: orange))
        let shaft = Entity(
            name: "arrow shaft", transform: Transform(translation: Vec3(0, Self.arrowGap + 0.3 + (Self.arrowLength - 0.3) / 2, 0)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.06, Self.arrowLength - 0.3, 0.06)), material: orange))
        arrow = Entity(name: "arrow")
        arrow.addChild(head)
        arrow.addChild(shaft)
        arrow.isEnabled = false
        root.addChild(arrow)
    }

    /// In the `arrow` style, shows the arrow instead of the ball once the position is known
    /// well (medium or high); in the sample's `sphere` style, always the ball.
    public func show(accuracy: GeoTrackingStatus.Accuracy, style: PlacemarkStyle) {
        let precise = style == .arrow && (accuracy == .medium || accuracy == .high)
        arrow.isEnabled = precise
        balloon.isEnabled = !precise
    }

    /// At session time `now`: added on the first frame at or past `createdAt + addAfter`, rising
    /// from the first frame at or past `riseDelay` after that (the time rule).
    func update(at now: Double, scene: Scene) {
        age = now - createdAt
        if !isAdded, hasReached(age, addAfter) {
            isAdded = true
            scene.addChild(root)
            addedAt = now
        }
        if let start = addedAt, !isRising, hasReached(now - start, Self.riseDelay) {
            isRising = true
            var target = balloon.transform
            target.translation.y += Self.riseHeight
            target.scale *= Self.growth
            scene.animate(balloon, to: target, duration: Self.riseDuration, timing: .easeInEaseOut)
        }
    }

    private var addedAt: Double?
    private var isRising = false
}
