import SproutMath
import SproutScene

/// How big a model is made: as its file says (taken as metres), scaled by a factor, or scaled
/// to a height. And the warning for a model whose size is probably in the wrong unit.
public enum ModelSizing: Equatable, Sendable {
    case asIs
    /// Every length multiplied by this factor.
    case scale(Float)
    /// Scaled evenly so it stands this many metres tall.
    case fit(height: Float)

    /// Scales `entity` (about its own origin) as this says.
    public func apply(to entity: Entity) {
        let factor: Float
        switch self {
        case .asIs: return
        case .scale(let k): factor = k
        case .fit(let height):
            let bounds = entity.visualBounds(posed: false)
            let tall = bounds.isEmpty ? 0 : bounds.max.y - bounds.min.y
            guard tall > 0 else { return }
            factor = height / tall
        }
        entity.transform.scale *= factor
        entity.transform.translation *= factor
    }

    /// A model taller than this is probably in centimetres or another unit (README: models).
    public static let tallest: Float = 5
    /// A model smaller than this (its largest side) is probably in kilometres or similar.
    public static let smallest: Float = 0.01

    /// A line saying the model's size looks wrong and what to do, or nil when it looks right.
    public static func warning(for entity: Entity, name: String) -> String? {
        let bounds = Framing.bounds(of: entity)   // the model, not a ground plane it carries
        guard !bounds.isEmpty else { return nil }
        let size = bounds.max - bounds.min
        let tall = size.y, largest = max(size.x, size.y, size.z)
        if tall > tallest {
            return "warning: \(name) is \(metres(tall)) tall (its units taken as metres): if it is in centimetres, give --scale 0.01; or --fit HEIGHT in metres"
        }
        if largest < smallest {
            return "warning: \(name) is only \(metres(largest)) across (its units taken as metres): give --scale or --fit HEIGHT in metres"
        }
        return nil
    }

    static func metres(_ x: Float) -> String {
        x >= 1 ? "\((x * 10).rounded() / 10) m" : x >= 0.01 ? "\((x * 1000).rounded() / 10) cm" : "\((x * 10000).rounded() / 10) mm"
    }
}
