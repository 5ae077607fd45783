import SproutMath

/// Where a touch is in its life (UIKit's `UITouch.Phase`).
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, stationary, ended, cancelled

    /// True while the finger is down: `.began`, `.moved` or `.stationary`.
    public var isActive: Bool { self == .began || self == .moved || self == .stationary }
}

/// One finger's change, as the window (mouse) and scripts produce it. Locations are viewport
/// points, origin top-left. Touches reported together (one UIKit event) share a timestamp and
/// are handed to the recognizers as one batch.
public struct TouchEvent: Equatable, Sendable {
    /// Identifies the finger across its events; distinct among the fingers down at the same time.
    public var id: Int
    /// Where the finger is, in viewport points from the top-left, y down.
    public var location: Vec2
    /// What happened to the finger in this event.
    public var phase: TouchPhase
    /// Seconds on the injected clock.
    public var timestamp: Double

    /// An event for finger `id` at `location` (viewport points) in `phase`, at `timestamp` seconds on the injected clock.
    public init(id: Int, location: Vec2, phase: TouchPhase, timestamp: Double) {
        self.id = id
        self.location = location
        self.phase = phase
        self.timestamp = timestamp
    }
}

/// The state of a continuous gesture (UIKit's `UIGestureRecognizer.State`).
public enum GestureState: String, Sendable {
    case possible, began, changed, ended, cancelled, failed
}

/// The fingers currently down, in the order they touched.
struct TouchSet {
    private(set) var locations: [(id: Int, location: Vec2)] = []

    var count: Int { locations.count }
    var isEmpty: Bool { locations.isEmpty }

    /// Applies a batch; returns how many touches moved in it.
    @discardableResult
    mutating func apply(_ batch: [TouchEvent]) -> Int {
        var moved = 0
        for e in batch {
            let i = locations.firstIndex { $0.id == e.id }
            switch e.phase {
            case .began:
                if let i { locations[i].location = e.location } else { locations.append((e.id, e.location)) }
            case .moved:
                if let i {
                    if locations[i].location != e.location { moved += 1 }
                    locations[i].location = e.location
                }
            case .stationary:
                break
            case .ended, .cancelled:
                if let i { locations.remove(at: i) }
            }
        }
        return moved
    }

    /// The mean of the touches (UIKit's pan translation follows it).
    var centroid: Vec2 {
        guard !locations.isEmpty else { return .zero }
        return locations.reduce(Vec2.zero) { $0 + $1.location } / Float(locations.count)
    }

    /// The centre of the bounding rectangle of the touches (the sample's `center(in:)`).
    var boundingCenter: Vec2? {
        guard let first = locations.first?.location else { return nil }
        var lo = first, hi = first
        for t in locations { lo = pointwiseMin(lo, t.location); hi = pointwiseMax(hi, t.location) }
        return (lo + hi) / 2
    }

    var points: [Vec2] { locations.map(\.location) }
}

/// Where simulated fingers stand, for scripts and the window's mouse alike.
public enum TouchGeometry {
    /// Two fingers `radius` points either side of `center`, on a line turned `angle` radians
    /// from the screen's x axis (clockwise on a y-down screen): finger 1 first, then finger 2.
    public static func twoFingers(center: Vec2, angle: Float, radius: Float) -> [Vec2] {
        let d = Vec2(Float.cos(angle), Float.sin(angle)) * radius
        return [center - d, center + d]
    }
}
