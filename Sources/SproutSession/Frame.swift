import SproutScene

/// What one `Session.update` reports (ARKit's `ARFrame` plus the delegate's anchor callbacks).
public struct Frame {
    /// Seconds since the session was created, on its injected clock.
    public let timestamp: Double
    /// The device as it was for this update.
    public let camera: DeviceCamera
    /// Tracking quality after this update; `notAvailable` before the first run and while interrupted.
    public let trackingState: TrackingState
    /// Every anchor, in the order they were added.
    public let anchors: [Anchor]
    /// Anchors added, updated and removed during this update, in the order it happened.
    public let events: [SessionEvent]
    /// Mean detail over the view (0...1), what tracking quality is decided from.
    public let featureScore: Float
    /// The light in view (ARKit's `ARFrame.lightEstimate`); nil without light estimation.
    public let lightEstimate: LightEstimate?
}
