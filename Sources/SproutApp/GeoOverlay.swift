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

    /// The overlay; it keeps no state, everything is read from the device and world it is given.
    public init() {}

    /// The map as the device's position and heading make it now: 25 m from the centre to the
    /// edge, or as far as it takes for every anchor's whole circle to be inside (at most 250 m).
    public func map(for device: DeviceCamera, anchors: [Vec2] = []) -> MapView {
        let center = Vec2(device.position.x, device.position.z)
        // The circle and its 1-point stroke, plus a little paper around it.
        let reach = anchors.map { length($0 - center) + MapView.anchorRadius + 2 }.max() ?? 0
        return MapView(size: Self.mapSize, halfSpan: min(250, max(25, reach)), center: center, heading: device.eulerAngles.y)
    }

    /// Anchors on the map, stage (x, z).
    public static func mapAnchors(_ world: World) -> [Vec2] {
        (world.geo?.anchors.anchors ?? []).map { Vec2($0.transform.translation.x, $0.transform.translation.z) }
    }

    /// The inset's top-left corner in the view, points.
    public func mapOrigin(in viewport: Viewport) -> Vec2 {
        Vec2(viewport.width - Float(Self.mapSize) - Self.margin, Self.margin)
    }

    /// The stage position (x, z) under a click on the inset, or nil for a click elsewhere;
    /// `anchors` as the map was drawn with them (its span follows them).
    public func stagePosition(at point: Vec2, device: DeviceCamera, anchors: [Vec2] = []) -> Vec2? {
        let local = point - mapOrigin(in: device.viewport)
        let size = Float(Self.mapSize)
        guard local.x >= 0, local.y >= 0, local.x < size, local.y < size else { return nil }
        return map(for: device, anchors: anchors).stagePosition(at: local)
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
        let anchors = Self.mapAnchors(world)
        let image = map(for: device, anchors: anchors).image(anchors: anchors)
        let side = Float(Self.mapSize)
        return [ScreenOverlay(texture: Texture(name: "map", image: image, wrap: .clampToEdge), origin: mapOrigin(in: device.viewport), size: Vec2(side, side))]
            + loop.statusOverlay.overlays(
                text: label(geo.tracker.status, tracking: world.session.trackingState), help: loop.helpLine,
                info: geo.anchors.isToastShowing ? geo.anchors.toast : "", viewport: device.viewport)
    }
}
