import SproutGeo
import SproutMath
import SproutRender
import SproutScene
import SproutSession
import SproutWorld

/// What the geotracking view draws over the frame (G20/G21): the map inset in the top right
/// corner (the device at its centre, heading up, anchors as circles) and the status label. A
/// click on the inset names a place on the stage.
public struct GeoOverlay {
    /// The inset's side, in points.
    public static let mapSize = 220
    /// From the view's top and right edges, points.
    public static let margin: Float = 16

    public init() {}

    /// The map as the device's position and heading make it now.
    public func map(for device: DeviceCamera) -> MapView {
        MapView(size: Self.mapSize, center: Vec2(device.position.x, device.position.z), heading: device.eulerAngles.y)
    }

    /// The inset's top-left corner in the view, points.
    public func mapOrigin(in viewport: Viewport) -> Vec2 {
        Vec2(viewport.width - Float(Self.mapSize) - Self.margin, Self.margin)
    }

    /// The stage position (x, z) under a click on the inset, or nil for a click elsewhere.
    public func stagePosition(at point: Vec2, device: DeviceCamera) -> Vec2? {
        let local = point - mapOrigin(in: device.viewport)
        let size = Float(Self.mapSize)
        guard local.x >= 0, local.y >= 0, local.x < size, local.y < size else { return nil }
        return map(for: device).stagePosition(at: local)
    }

    /// G20's label: the state, then the G21 text (the accuracy, or the reason on its own line);
    /// the unavailable alert when geotracking is not available.
    public func label(_ status: GeoTrackingStatus, tracking: TrackingState) -> String {
        if status.state == .notAvailable {
            return GeoTrackingStatus.unavailableTitle + "\n" + GeoTrackingStatus.unavailableMessage(status.reason.description)
        }
        let text = status.labelText(tracking: tracking)
        return status.state.description + (status.state == .localized ? ", " + text : text)
    }

    /// The inset and the label (with the help line) for a frame loop whose world has geotracking.
    public func overlays(for loop: FrameLoop) -> [ScreenOverlay] {
        let world = loop.world
        guard let geo = world.geo else { return loop.statusOverlays() }
        let device = world.session.device
        let image = map(for: device).image(anchors: geo.anchors.anchors.map { Vec2($0.transform.translation.x, $0.transform.translation.z) })
        let side = Float(Self.mapSize)
        return [ScreenOverlay(texture: Texture(name: "map", image: image, wrap: .clampToEdge), origin: mapOrigin(in: device.viewport), size: Vec2(side, side))]
            + loop.statusOverlay.overlays(text: label(geo.tracker.status, tracking: world.session.trackingState), help: loop.helpLine, viewport: device.viewport)
    }
}
