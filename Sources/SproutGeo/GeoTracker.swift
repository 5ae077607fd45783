import SproutMath
import SproutScene
import SproutSession

/// Simulated geotracking over a stage with a geographic origin: the availability check
/// against the stage's regions, a GPS fix, imagery download, then visual localisation against
/// the facades in view, whose accuracy improves with the seconds spent looking at them.
/// Timings are not in any source (ARKit does not publish them); each is named once here.
public final class GeoTracker {
    /// Seconds until the simulated GPS gives a precise coordinate (`waitingForLocation`).
    public static let locationFixTime = 1.0
    /// Seconds of downloading localisation imagery (`geoDataNotLoaded`).
    public static let imageryTime = 1.0
    /// Seconds of facades in view for low, medium and high accuracy.
    public static let accuracyTimes: (low: Double, medium: Double, high: Double) = (2, 5, 10)
    /// Looking further down than this is `devicePointedTooLow` (buildings are above the horizon).
    public static let lowestPitch: Float = radians(fromDegrees: -35)
    /// Facades further than this do not help (street-level imagery is matched within a block).
    public static let facadeRange: Float = 60
    /// Horizontal error of the device's position per accuracy, metres (a GPS alone is 5-10 m;
    /// ARKit quotes sub-metre for good visual localisation).
    public static func positionError(_ accuracy: GeoTrackingStatus.Accuracy) -> Float {
        switch accuracy {
        case .undetermined, .low: return 3
        case .medium: return 1
        case .high: return 0.2
        }
    }

    /// The stage's East-North-Up frame at its geographic origin: stage positions to coordinates and back.
    public let frame: LocalGeoFrame
    /// Where geotracking is available (the stage's `geo` regions); empty: everywhere.
    public let regions: [GeoRegion]
    /// The status after the last `update`; initializing (waiting for the availability check) before the first.
    public private(set) var status = GeoTrackingStatus(state: .initializing, reason: .waitingForAvailabilityCheck)
    private var elapsed = 0.0
    private var facadeTime = 0.0

    /// Geotracking over `stage`; nil when the stage has no geographic origin.
    public init?(stage: Stage) {
        guard let origin = stage.geoOrigin else { return nil }
        frame = LocalGeoFrame(origin: origin)
        regions = origin.regions
    }

    /// Whether geotracking works where `coordinate` is (ARGeoTrackingConfiguration.checkAvailability).
    public func isAvailable(at coordinate: GeoCoordinate) -> Bool {
        regions.isEmpty
            || regions.contains { region in
                (WGS84.distance(coordinate, GeoCoordinate(latitude: region.latitude, longitude: region.longitude)) ?? .infinity) <= region.radius
            }
    }

    /// Where the device is on the Earth.
    public func deviceCoordinate(_ session: Session) -> GeoCoordinate {
        let p = session.device.position
        return frame.coordinate(stage: SIMD3(Double(p.x), Double(p.y), Double(p.z)))
    }

    /// One frame: the session has just updated.
    public func update(deltaTime dt: Double, session: Session) -> GeoTrackingStatus {
        elapsed += dt
        guard isAvailable(at: deviceCoordinate(session)) else {
            status = GeoTrackingStatus(state: .notAvailable, reason: .notAvailableAtLocation)
            return status
        }
        if elapsed < Self.locationFixTime {
            status = GeoTrackingStatus(state: .initializing, reason: .waitingForLocation)
        } else if elapsed < Self.locationFixTime + Self.imageryTime {
            status = GeoTrackingStatus(state: .localizing, reason: .geoDataNotLoaded)
        } else if status.state != .localized {
            status = GeoTrackingStatus(state: .localizing, reason: reason(session) ?? .none)
            if status.reason == .none { facadeTime += dt }
            if hasReached(facadeTime, Self.accuracyTimes.low) { status = GeoTrackingStatus(state: .localized, accuracy: .low) }
        } else {
            // Localised: keep refining while facades are in view.
            if reason(session) == nil { facadeTime += dt }
            let accuracy: GeoTrackingStatus.Accuracy =
                hasReached(facadeTime, Self.accuracyTimes.high)
                ? .high
                : hasReached(facadeTime, Self.accuracyTimes.medium) ? .medium : .low
            status = GeoTrackingStatus(state: .localized, accuracy: accuracy)
        }
        return status
    }

    /// What stops visual localisation now, or nil when the device sees a facade well.
    private func reason(_ session: Session) -> GeoTrackingStatus.Reason? {
        if case .limited = session.trackingState { return .worldTrackingUnstable }
        if session.trackingState == .notAvailable { return .worldTrackingUnstable }
        if session.device.eulerAngles.x < Self.lowestPitch { return .devicePointedTooLow }
        let ray = session.device.mapping.unproject(session.device.viewport.center)
        for surface in session.stage.surfaces where surface.isFacade {
            guard let t = surface.frame.intersect(ray), t <= Self.facadeRange,
                surface.contains(local: surface.frame.local(ray.point(at: t)))
            else { continue }
            return nil
        }
        return .visualLocalizationFailed
    }
}
