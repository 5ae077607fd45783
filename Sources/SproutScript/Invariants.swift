import SproutInteraction
import SproutMath
import SproutScene
import SproutSession
import SproutWorld

/// What holds for any app on the engine, on every frame (issue 33): `sprout explore` and
/// `ScriptRunner.checksInvariants` check them after each frame and report the first break of each.
public enum Invariants {
    /// One broken invariant: its name, the rule, and what was found.
    public struct Break: Sendable, Equatable {
        /// A short name (`object below its plane`), the same for every break of the rule.
        public var name: String
        /// The rule, in words.
        public var rule: String
        /// What broke it, with the figures.
        public var actual: String
    }

    /// How far below the plane it stands on an object may go: a centimetre (snapping settles
    /// within a millimetre; a plane refined under a placed object moves a few).
    public static let planeTolerance: Float = 0.01

    /// Every invariant broken in `world` now, in a fixed order.
    public static func broken(in world: World) -> [Break] {
        var breaks: [Break] = []
        let engine = world.engine
        let device = engine.session.device.transform
        if !isFinite(device) {
            breaks.append(Break(name: "device pose not finite", rule: "the device's pose is finite", actual: "a NaN or infinite number in it"))
        }
        for object in engine.objects where !isFinite(object.worldMatrix) || !isFinite(object.presentedWorldMatrix) {
            breaks.append(
                Break(
                    name: "object transform not finite", rule: "every placed object's transform is finite",
                    actual: "'\(object.name)' has a NaN or infinite number"))
        }
        if let selected = engine.selectedObject, !engine.objects.contains(where: { $0 === selected }) {
            breaks.append(
                Break(name: "selected object gone", rule: "the selected object is a placed object", actual: "'\(selected.name)' is selected but not placed"))
        }
        // An object on a horizontal plane stands on it: the highest plane under it, within the
        // tolerance (the model value; an animated snap's presentation may pass through).
        let floors = engine.session.planeAnchors.filter { $0.alignment == .horizontal }
        for object in engine.objects where object.isOnPlane && object.isEnabled {
            let p = object.worldPosition
            let heights = floors.filter { $0.containsOverExtent(p, margin: 0.1) }.map { $0.transform.transformPoint($0.center).y }
            guard let floor = heights.filter({ $0 <= p.y + 0.5 }).max() else { continue }
            if p.y < floor - planeTolerance {
                let cm = Double((floor - p.y) * 100)
                breaks.append(
                    Break(
                        name: "object below its plane", rule: "an object on a plane stands at most 1 cm below it",
                        actual: "'\(object.name)' is \(JSONValue.format((cm * 10).rounded() / 10)) cm below the plane at y = \(JSONValue.format(Double(floor)))"
                    ))
            }
        }
        // The focus square is never both floating (no surface found) and offering placement:
        // P18 hides the + button while it initializes.
        if engine.focusSquare.isInitializing, engine.isAddObjectButtonVisible {
            breaks.append(
                Break(
                    name: "placing without a surface", rule: "the + button is hidden while the focus square initializes",
                    actual: "the + button shows while the square floats before the camera"))
        }
        let message = engine.messages.text
        if message.utf8.count > 1000 {
            breaks.append(Break(name: "message too long", rule: "the status message stays short", actual: "\(message.utf8.count) bytes"))
        }
        return breaks
    }

    static func isFinite(_ m: Matrix4) -> Bool {
        m.flat.allSatisfy(\.isFinite)
    }
}
