/// How well the simulated device knows where it is (ARKit's `ARCamera.TrackingState`).
public enum TrackingState: Equatable, Hashable, Sendable, CustomStringConvertible {
    case notAvailable
    case limited(Reason)
    case normal

    /// ARCamera.TrackingState.Reason: why tracking is limited.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        case initializing, excessiveMotion, insufficientFeatures, relocalizing

        /// ARKit's `TrackingState.Reason` description (G21 Utilities.swift), used by geotracking texts.
        public var description: String {
            switch self {
            case .initializing: return "Initializing"
            case .excessiveMotion: return "Too much motion"
            case .insufficientFeatures: return "Insufficient features"
            case .relocalizing: return "Relocalizing"
            }
        }
    }

    /// The status text (P18 StatusViewController `presentationString`).
    public var presentationString: String {
        switch self {
        case .notAvailable: return "TRACKING UNAVAILABLE"
        case .normal: return "TRACKING NORMAL"
        case .limited(.excessiveMotion): return "TRACKING LIMITED\nExcessive motion"
        case .limited(.insufficientFeatures): return "TRACKING LIMITED\nLow detail"
        case .limited(.initializing): return "Initializing"
        case .limited(.relocalizing): return "Recovering from interruption"
        }
    }

    /// What the user should do, when there is something (P18 StatusViewController `recommendation`).
    public var recommendation: String? {
        switch self {
        case .limited(.excessiveMotion): return "Try slowing down your movement, or reset the session."
        case .limited(.insufficientFeatures): return "Try pointing at a flat surface, or reset the session."
        case .limited(.relocalizing): return "Return to the location where you left off or try resetting the session."
        default: return nil
        }
    }

    /// `normal`, `notAvailable`, or `limited(reason)`: the form traces and scripts use.
    public var description: String {
        switch self {
        case .notAvailable: return "notAvailable"
        case .normal: return "normal"
        case .limited(let reason): return "limited(\(reason.rawValue))"
        }
    }
}
