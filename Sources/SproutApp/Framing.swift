import SproutMath
import SproutScene

/// What a camera that frames a model should fit: the model without the ground it stands on.
/// A model that carries a flat plane far larger than itself (the PalmTree sample's 392 m water,
/// a terrain tile) would otherwise be framed on the plane, and the model itself lost.
public enum Framing {
    /// A part is flat when its smallest side is under this fraction of its largest.
    public static let flatness: Float = 0.05
    /// A flat part is ground when it is this many times larger than the rest of the model.
    public static let groundRatio: Float = 3

    /// The bounds to frame in `root` (world space): every part but flat ones much larger than the
    /// rest; everything when nothing else is left.
    public static func bounds(of root: Entity) -> BoundingBox {
        var parts: [(box: BoundingBox, flat: Bool)] = []
        root.visit { e in
            guard e.isEnabled else { return false }
            if let model = e.model {
                let box = model.bounds.transformed(by: e.worldMatrix)
                let size = box.max - box.min
                parts.append((box, size.min() < flatness * size.max()))
            }
            return true
        }
        var solid = BoundingBox.empty
        for p in parts where !p.flat { solid.formUnion(p.box) }
        guard !solid.isEmpty else { return root.visualBounds() }
        let reach = (solid.max - solid.min).max()
        var framed = solid
        for p in parts where p.flat && (p.box.max - p.box.min).max() <= groundRatio * reach { framed.formUnion(p.box) }
        return framed
    }

    /// The bounds of the entity named `name` under `root`; an error lists some names when none is.
    public static func bounds(ofNode name: String, in root: Entity) throws -> BoundingBox {
        guard let node = root.findEntity(named: name) else {
            let names = root.descendants.map(\.name).filter { !$0.isEmpty }
            let shown = names.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 20 ? ", ..." : "")
            throw AppError("no node named '\(name)' in the model; its nodes include \(shown)")
        }
        let box = node.visualBounds()
        guard !box.isEmpty else { throw AppError("node '\(name)' has nothing to draw under it") }
        return box
    }
}
