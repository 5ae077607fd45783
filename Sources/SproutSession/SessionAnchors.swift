import SproutMath
import SproutScene

/// A detected flat surface (ARKit's `ARPlaneAnchor`). Its transform's y axis is the plane's
/// normal; `center` and `extent` are in the anchor's own frame, on its x-z plane.
public final class PlaneAnchor: Anchor {
    /// Horizontal or vertical, as the surface it was found on.
    public let alignment: PlaneAlignment
    /// The stage surface it was found on (the simulation knows; ARKit would not).
    public let surfaceName: String
    /// Centre of the estimated rectangle in the anchor's frame (y is 0); it moves as the estimate grows.
    public internal(set) var center: Vec3
    /// Width (x) and depth (z); y is 0.
    public internal(set) var extent: Vec3

    init(identifier: AnchorIdentifier, alignment: PlaneAlignment, surfaceName: String, transform: Matrix4, center: Vec3, extent: Vec3) {
        self.alignment = alignment
        self.surfaceName = surfaceName
        self.center = center
        self.extent = extent
        super.init(identifier: identifier, name: surfaceName, transform: transform)
    }

    /// The infinite plane the anchor estimates.
    public var plane: Plane { Plane(point: transform.translation, normal: transform.transformDirection(.unitY)) }

    /// Whether a world point lies over the estimated rectangle (widened by `margin` of the extent
    /// on each side, as P18's snapping does with 10 %).
    public func containsOverExtent(_ world: Vec3, margin: Float = 0) -> Bool {
        // The transform is a rigid frame: project onto its axes instead of inverting it.
        let d = world - transform.translation
        let p = Vec3(dot(d, transform.columns.0.xyz), 0, dot(d, transform.columns.2.xyz))
        return abs(p.x - center.x) <= extent.x / 2 + margin * extent.x && abs(p.z - center.z) <= extent.z / 2 + margin * extent.z
    }
}

/// A recognised reference image (ARKit's `ARImageAnchor`): x to the right of the picture, y out
/// of it, z down it.
public final class ImageAnchor: Anchor {
    /// The reference image recognised; its name is the anchor's name.
    public let referenceImage: ReferenceImage
    /// Width and height in metres.
    public let physicalSize: Vec2
    /// Whether the image is in good enough view this frame for its pose to be current.
    public internal(set) var isTracked: Bool

    init(identifier: AnchorIdentifier, referenceImage: ReferenceImage, physicalSize: Vec2, transform: Matrix4) {
        self.referenceImage = referenceImage
        self.physicalSize = physicalSize
        self.isTracked = true
        super.init(identifier: identifier, name: referenceImage.name, transform: transform)
    }
}

/// A seen App Clip Code (ARKit's `ARAppClipCodeAnchor`) and where decoding its URL stands.
public final class CodeAnchor: Anchor {
    /// ARAppClipCodeAnchor.URLDecodingState: decoding, failed, or decoded with its URL.
    public enum URLDecodingState: Equatable, Sendable, CustomStringConvertible {
        case decoding
        case decoded(String)
        case failed

        /// `decoding`, `decoded(URL)` or `failed`, as event logs print it.
        public var description: String {
            switch self {
            case .decoding: return "decoding"
            case .decoded(let url): return "decoded(\(url))"
            case .failed: return "failed"
            }
        }
    }

    /// Where decoding the code's URL stands; `decoding` when the code is first seen.
    public internal(set) var urlDecodingState: URLDecodingState
    /// Metres.
    public let radius: Float
    /// Whether the code is in good enough view this frame; its pose follows a moving code only then.
    public internal(set) var isTracked: Bool

    init(identifier: AnchorIdentifier, radius: Float, transform: Matrix4) {
        self.urlDecodingState = .decoding
        self.radius = radius
        self.isTracked = true
        super.init(identifier: identifier, name: "code", transform: transform)
    }

    /// The URL once decoded.
    public var url: String? { if case .decoded(let u) = urlDecodingState { return u } else { return nil } }
}

/// What changed in the session's anchors during one update. The anchor is the live object:
/// read it (or describe the event) before the next update if its state at the event matters.
public enum SessionEvent: CustomStringConvertible {
    case added(Anchor)
    case updated(Anchor)
    case removed(Anchor)

    /// The anchor the event is about.
    public var anchor: Anchor {
        switch self {
        case .added(let a), .updated(let a), .removed(let a): return a
        }
    }

    /// `added`, `updated` or `removed`, then the anchor as `describe(_:)` puts it.
    public var description: String {
        switch self {
        case .added(let a): return "added " + describe(a)
        case .updated(let a): return "updated " + describe(a)
        case .removed(let a): return "removed " + describe(a)
        }
    }
}

/// One line that says what an anchor is now, with millimetre precision (event logs, traces).
public func describe(_ anchor: Anchor) -> String {
    let p = anchor.transform.translation
    var s = "\(anchor.identifier) \(anchor.name) at \(millimetres(p))"
    if let plane = anchor as? PlaneAnchor {
        s = "plane " + s + " \(plane.alignment.rawValue) center \(millimetres(plane.center)) extent \(millimetres(plane.extent))"
    } else if let image = anchor as? ImageAnchor {
        s = "image " + s + (image.isTracked ? " tracked" : " not tracked")
    } else if let code = anchor as? CodeAnchor {
        s = "code " + s + " \(code.urlDecodingState)"
    }
    return s
}

func millimetres(_ v: Vec3) -> String {
    func mm(_ x: Float) -> String { String(clampedInt((x * 1000).rounded(), in: Int.min...Int.max)) }
    return "(\(mm(v.x)), \(mm(v.y)), \(mm(v.z))) mm"
}
