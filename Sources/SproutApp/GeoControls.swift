import SproutGeo
import SproutMath
import SproutWindow
import SproutWorld

/// The geo window's clicks and keys (walking keys are `WindowRunner`'s), beside
/// `PreviewControls`: a click in the view adds an anchor where it points (a toast when nothing is
/// hit, as G21 shows it), a click on the map inset adds one there, U undoes the last; waypoints
/// waiting for localisation are added once it is reached.
public final class GeoControls {
    /// The help line the geo window shows under the view.
    public static let helpLine = "click: anchor  |  click the map: anchor there  |  U undo  |  WASD/QE walk, arrows turn  |  Esc save and quit"

    /// The world with geotracking the controls act on.
    public let world: World
    /// Waypoints still to add, once the tracker is localised.
    public private(set) var pending: [Waypoint]
    /// Hears toasts and errors.
    public var say: (String) -> Void = { print($0) }

    /// Controls for `world` (which must have geotracking), adding `waypoints` once localised.
    public init(world: World, waypoints: [Waypoint] = []) {
        self.world = world
        pending = waypoints
    }

    /// Acts on one frame's clicks and keys.
    public func apply(_ input: WindowInput) {
        guard let anchors = world.geo?.anchors else { return }
        for at in input.clicks {
            do {
                if let p = GeoOverlay().stagePosition(at: at, device: world.session.device, anchors: GeoOverlay.mapAnchors(world)) {
                    try anchors.add(anchors.tracker.frame.coordinate(stage: SIMD3(Double(p.x), 0, Double(p.y))))
                } else {
                    try anchors.add(at: at)
                }
            } catch GeoAnchorError.noRaycastResult {
                anchors.showToast("\(GeoAnchorError.noRaycastResult)")   // G21 shows this one as a toast
                say(anchors.toast)
            } catch { say("\(error)") }
        }
        if input.keysPressed.contains(.u) {
            anchors.undo()
            say(anchors.toast)
        }
    }

    /// After each step: the pending waypoints, once localised.
    public func afterStep() {
        guard let anchors = world.geo?.anchors, !pending.isEmpty, anchors.tracker.status.state == .localized else { return }
        for w in pending { _ = try? anchors.add(w.coordinate, name: w.name) }
        pending = []
    }
}
