import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSeedShop
import SproutSession
import SproutWorld

/// The world at one moment, typed: taken once per step (or frame), it is what the trace
/// encodes (`json`) and what `expect:` compares against, so the two read the same values.
public struct WorldSnapshot: Sendable {
    /// An anchor as the trace lists it.
    public struct AnchorRecord: Sendable {
        /// `plane`, `image`, `code`, `geo` or `object` (an app's own).
        public var kind: String
        /// The session's identifier.
        public var id: Int
        /// Its name.
        public var name: String
        /// Its pose, column by column.
        public var transform: [Float]
        /// A plane's alignment, centre and extent [x, z].
        public var plane: (alignment: PlaneAlignment, center: Vec3, extent: Vec2)?
        /// Whether an image is tracked now.
        public var tracked: Bool?
        /// A code's decoding state, as text.
        public var url: String?
    }

    /// A placed object.
    public struct ObjectRecord: Sendable {
        /// Its name (`plant`, `plant 2`, ...).
        public var name: String
        /// The model value rules read, world metres.
        public var position: Vec3
        /// Where it is drawn (SceneKit's presentation).
        public var presentedPosition: Vec3
        /// Its own twist, degrees.
        public var rotationY: Float
        /// Its world heading, degrees.
        public var yaw: Float
        /// Its world scale.
        public var scale: Vec3
        /// Its anchor's identifier.
        public var anchor: Int?
        /// The name of the entity it hangs under.
        public var parent: String
        /// Its alignment now.
        public var alignment: PlaneAlignment
        /// The alignments it accepts.
        public var allowedAlignments: [PlaneAlignment]
        /// Whether gestures act on it.
        public var selected: Bool
        /// Whether it stands on a detected plane.
        public var onPlane: Bool
        /// Whether a transform animation moves it.
        public var animating: Bool
        /// The clip playing, while one plays.
        public var animation: (clip: String, time: Double, speed: Double, loop: Bool, paused: Bool)?
        /// The material variant it is drawn in, when one is chosen (KHR_materials_variants).
        public var variant: String?
    }

    /// The focus square.
    public struct FocusSquareRecord: Sendable {
        /// Initializing, open or closed.
        public var state: FocusSquareLook
        /// Whether its segments are open.
        public var open: Bool
        /// World position.
        public var position: Vec3
        /// Its scale by distance.
        public var scale: Float
        /// Its side (0.17 open, 0.1649 closed).
        public var positioningScale: Float
        /// Its alignment, once it has one.
        public var alignment: PlaneAlignment?
        /// Its world heading, degrees.
        public var yaw: Float
        /// Opacity, 0...1.
        public var opacity: Float
        /// `open`, `closed` or `moving`.
        public var segments: String
        /// Whether it floats before the camera.
        public var billboard: Bool
        /// Whether an animation runs.
        public var animating: Bool
        /// Whether it is drawn at all.
        public var visible: Bool
    }

    /// Geotracking, on a stage with a geographic origin.
    public struct GeoRecord: Sendable {
        /// Its state.
        public var state: GeoTrackingStatus.State
        /// Why, when limited.
        public var reason: String
        /// How well it knows where it is.
        public var accuracy: String
        /// The status label's text.
        public var label: String
        /// The last alert or toast.
        public var message: String
        /// The toast: its text, whether it shows, when it hides.
        public var toast: (text: String, showing: Bool, until: Double?)
        /// Each placemark: its anchor, balloon position and scale, whether it has appeared, what it shows.
        public var placemarks: [(anchor: Int, position: Vec3, scale: Float, visible: Bool, shows: String)]
        /// Each map circle: its anchor, centre [x, z] and radius.
        public var mapCircles: [(anchor: Int, center: Vec2, radius: Float)]
    }

    /// The Seed Shop, once opened.
    public struct SeedShopRecord: Sendable {
        /// The coaching text shown (`""` for none).
        public var coaching: String
        /// The info label's text.
        public var info: String
        /// AC `useTestURL`, and whether it was used.
        public var useTestURL: Bool, usedTestURL: Bool
        /// URLs handled.
        public var decoded: [String]
        /// Each invocation.
        public var invocations: [SeedShopFlow.InvocationRecord]
        /// Product keys grown.
        public var grown: [String]
    }

    /// The device's position and orientation.
    public var device: (position: Vec3, rotation: Quaternion)
    /// Tracking now.
    public var tracking: TrackingState
    /// The light estimate (ambient lumens, kelvin), if any.
    public var lightEstimate: (ambientIntensity: Float, colorTemperature: Float)?
    /// The stage's sun and ambient intensities now.
    public var lights: (directional: Float, ambient: Float)
    /// Every anchor, in the session's order.
    public var anchors: [AnchorRecord]
    /// Placed objects, in placement order.
    public var objects: [ObjectRecord]
    /// The focus square.
    public var focusSquare: FocusSquareRecord
    /// The status panel.
    public var message: (text: String, visible: Bool, alpha: Float)
    /// The recognizers' states and the tracked object.
    public var gestures: (pan: String, rotation: String, tracked: String?)
    /// P18's + button.
    public var addObjectButton: Bool
    /// Whether restart would restart now.
    public var restartAvailable: Bool
    /// Downloads under way.
    public var loading: [SimulatedLoader.Download]
    /// The reference images the session looks for.
    public var referenceImages: [ReferenceImage]
    /// Geotracking, on a stage with a geographic origin.
    public var geo: GeoRecord?
    /// The Seed Shop, once opened.
    public var seedShop: SeedShopRecord?

    /// The object named `name`.
    public func object(named name: String) -> ObjectRecord? { objects.first { $0.name == name } }
}

extension WorldSnapshot {
    /// The world now; `geoMessage` is the script's last geo alert or toast.
    public init(_ world: World, geoMessage: String = "") {
        let engine = world.engine
        let session = engine.session
        device = (session.device.position, Transform(matrix: session.device.transform).rotation.normalized)
        tracking = session.trackingState
        lightEstimate = session.lightEstimate.map { ($0.ambientIntensity, $0.ambientColorTemperature) }
        lights = (session.lighting.intensity, session.lighting.ambient)
        anchors = session.anchors.map { anchor in
            var record = AnchorRecord(kind: Self.kind(of: anchor), id: anchor.identifier.rawValue, name: anchor.name, transform: anchor.transform.flat)
            if let plane = anchor as? PlaneAnchor {
                record.plane = (plane.alignment, plane.center, Vec2(plane.extent.x, plane.extent.z))
            } else if let image = anchor as? ImageAnchor {
                record.tracked = image.isTracked
            } else if let code = anchor as? CodeAnchor {
                record.url = code.urlDecodingState.description
            }
            return record
        }
        objects = engine.objects.map { o in
            let animation = o.animatedEntity.flatMap { engine.scene.animationPlayer(of: $0) }.flatMap { p in
                p.clip.map { (clip: $0.name, time: p.time, speed: p.speed, loop: p.isLooping, paused: p.isPaused) }
            }
            return ObjectRecord(
                name: o.name, position: o.worldPosition, presentedPosition: o.presentedWorldMatrix.translation,
                rotationY: degrees(fromRadians: o.objectRotation), yaw: degrees(fromRadians: o.worldYaw), scale: o.worldScale,
                anchor: o.anchor?.identifier.rawValue, parent: o.parent?.name ?? "", alignment: o.currentAlignment,
                allowedAlignments: PlaneAlignment.allCases.filter(o.allowedAlignments.contains),
                selected: engine.selectedObject === o, onPlane: o.isOnPlane, animating: engine.scene.isAnimating(o), animation: animation,
                variant: o.materialVariantsEntity?.materialVariant)
        }
        let square = engine.focusSquare
        focusSquare = FocusSquareRecord(
            state: square.look, open: square.isOpen, position: square.entity.worldPosition, scale: square.scale,
            positioningScale: square.positioningScale, alignment: square.currentAlignment,
            yaw: degrees(fromRadians: Transform(matrix: square.entity.worldMatrix).rotation.yaw),
            opacity: square.opacity * square.positioningOpacity,
            segments: square.openness >= 1 ? "open" : square.openness <= 0 ? "closed" : "moving",
            billboard: square.isInitializing, animating: square.isAnimating || square.isChangingAlignment,
            visible: square.opacity > 0)
        message = (engine.messages.text, engine.messages.isShown, engine.messages.alpha)
        let interaction = engine.interaction
        gestures = (interaction.pan.state.rawValue, interaction.rotation.state.rawValue, interaction.trackedObject?.name)
        addObjectButton = engine.isAddObjectButtonVisible
        restartAvailable = engine.isRestartAvailable && !engine.loader.isLoading
        loading = engine.loader.downloads
        referenceImages = session.configuration?.detectionImages ?? []
        geo = world.geo.map { geo in
            let set = geo.anchors
            return GeoRecord(
                state: geo.tracker.status.state, reason: geo.tracker.status.reason.rawValue, accuracy: geo.tracker.status.accuracy.rawValue,
                label: geo.tracker.status.labelText(tracking: session.trackingState), message: geoMessage,
                toast: (set.toast, set.isToastShowing, set.toastHidesAt),
                placemarks: set.anchors.compactMap { anchor in
                    guard let p = set.placemarks[anchor.identifier] else { return nil }
                    let balloon = Transform(matrix: p.balloon.presentedWorldMatrix)
                    return (anchor.identifier.rawValue, balloon.translation, balloon.scale.x, p.isAdded, p.arrow.isEnabled ? "arrow" : "balloon")
                },
                // G21 AnchorIndicator: a 3 m circle on the map at each anchor, added at once.
                mapCircles: set.anchors.map {
                    ($0.identifier.rawValue, Vec2($0.transform.translation.x, $0.transform.translation.z), GeoAnchorSet.mapCircleRadius)
                })
        }
        seedShop = world.seedShop.map { flow in
            SeedShopRecord(
                coaching: flow.isCoachingVisible ? flow.coachingText : "", info: flow.infoText, useTestURL: flow.useTestURL,
                usedTestURL: flow.usedTestURL, decoded: flow.decodedURLs, invocations: flow.invocations,
                grown: flow.presented.keys.sorted())
        }
    }

    /// `plane`, `image`, `code`, `geo` or `object`: how the trace and `anchors:` counts name an anchor's kind.
    public static func kind(of anchor: Anchor) -> String {
        switch anchor {
        case is PlaneAnchor: return "plane"
        case is ImageAnchor: return "image"
        case is CodeAnchor: return "code"
        case is GeoAnchor: return "geo"
        default: return "object"
        }
    }
}
