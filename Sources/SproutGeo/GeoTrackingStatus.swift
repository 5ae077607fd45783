import SproutSession

/// Where geotracking stands (ARKit's `ARGeoTrackingStatus`), with the sample's texts (G21,
/// spec section 3).
public struct GeoTrackingStatus: Equatable, Sendable {
    /// ARGeoTrackingStatus.State: where geotracking is in its life.
    public enum State: String, Sendable, CaseIterable {
        case notAvailable, initializing, localizing, localized

        /// G20 `State.description`.
        public var description: String {
            switch self {
            case .notAvailable: return "Not available"
            case .initializing: return "Initializing"
            case .localizing: return "Localizing"
            case .localized: return "Localized"
            }
        }
    }

    /// ARGeoTrackingStatus.StateReason: why geotracking is not localized (with the sample's text).
    public enum Reason: String, Sendable, CaseIterable {
        case none, notAvailableAtLocation, needLocationPermissions, worldTrackingUnstable, geoDataNotLoaded
        case devicePointedTooLow, visualLocalizationFailed, waitingForLocation, waitingForAvailabilityCheck

        /// G21 Utilities.swift `StateReason.description`.
        public var description: String {
            switch self {
            case .none: return "None"
            case .notAvailableAtLocation: return "Geotracking is unavailable here. Please return to your previous location to continue"
            case .needLocationPermissions: return "App needs location permissions"
            case .worldTrackingUnstable: return "Limited tracking"
            case .geoDataNotLoaded: return "Downloading localization imagery. Please wait"
            case .devicePointedTooLow: return "Point the camera at a nearby building"
            case .visualLocalizationFailed: return "Point the camera at a building unobstructed by trees or other objects"
            case .waitingForLocation: return "ARKit is waiting for the system to provide a precise coordinate for the user"
            case .waitingForAvailabilityCheck: return "ARKit is checking Location Anchor availability at your locaiton"   // Apple's spelling
            }
        }
    }

    /// ARGeoTrackingStatus.Accuracy: how well the device is located once localized.
    public enum Accuracy: String, Sendable, CaseIterable {
        case undetermined, low, medium, high

        /// The sample's text for the accuracy (G21 Utilities.swift), as the label shows it.
        public var description: String {
            switch self {
            case .undetermined: return "Undetermined"
            case .low: return "Low"
            case .medium: return "Medium"
            case .high: return "High"
            }
        }
    }

    /// Where geotracking is: not available, initializing, localizing or localized.
    public var state: State
    /// Why it is not localized; `.none` when nothing stops it, and always once localized.
    public var reason: Reason
    /// How well the device is located; `.undetermined` until localized.
    public var accuracy: Accuracy

    /// A status in `state`, with `reason` (default `.none`) and `accuracy` (default `.undetermined`).
    public init(state: State, reason: Reason = .none, accuracy: Accuracy = .undetermined) {
        self.state = state
        self.reason = reason
        self.accuracy = accuracy
    }

    /// The status label (G21 ViewController L281-305): the accuracy when localized, else the
    /// reason on its own line; world-tracking trouble names the camera's limited reason.
    public func labelText(tracking: TrackingState) -> String {
        if state == .localized { return "Accuracy: " + accuracy.description }
        switch reason {
        case .none: return ""
        case .worldTrackingUnstable:
            if case .limited(let r) = tracking { return "\nLimited tracking: " + r.description + "." }
            return "\n" + reason.description + "."
        default: return "\n" + reason.description + "."
        }
    }

    // G21 alert and toast texts.
    /// Title of the alert when an anchor is added before localization (G21 L217-232).
    public static let notLocalizedTitle = "Cannot add geo anchor"
    /// Message of the not-localized alert (G21 L217-232).
    public static let notLocalizedMessage = "Unable to add geo anchor because geotracking has not yet localized."
    /// Toast when a tap's estimated-plane raycast hits nothing.
    public static let noRaycastResult = "No raycast result.\nTry pointing at a different area\nor move closer to a surface."
    /// Toast when undo finds no anchor (G21 L116-132).
    public static let nothingToUndo = "Nothing to undo"
    /// Toast after undo removed the last anchor (G21 L116-132).
    public static let removedLastAnchor = "Removed last added anchor"
    /// Title of the alert when the availability check fails (G21 L163-193).
    public static let unavailableTitle = "Geotracking unavailable"
    /// The unavailable alert's action button.
    public static let restartAction = "Restart Session"

    /// G21 checkAvailability's alert message for an error text.
    public static func unavailableMessage(_ error: String) -> String {
        error + "\nPlease try again in an area where geotracking is supported."
    }
    /// Toast after the session is started afresh (G21 L163-193).
    public static let runningNewSession = "Running new AR session"
}
