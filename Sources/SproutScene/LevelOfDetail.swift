/// A cheaper stand-in for a model's parts, drawn while the model looks small.
///
/// Levels come from model files (files beside a glTF model named `NAME.lod1.glb`, ..., which
/// `sprout grow` writes for the catalog plants; a node's children named `NAME_LOD1`, ...; or
/// `MSFT_lod`) or from code. Hit tests,
/// bounds and shadows always use the full parts: a level only changes what the camera sees.
public struct LevelOfDetail: Sendable {
    /// Drawn while the model's bounding sphere spans less than this fraction of the view's height.
    public var maxScreenHeight: Float
    /// The parts drawn instead of the model's full parts at this level.
    public var parts: [ModelPart]

    /// A level drawing `parts` while the model's bounding sphere spans less than `maxScreenHeight` of the view's height.
    public init(maxScreenHeight: Float, parts: [ModelPart]) {
        self.maxScreenHeight = maxScreenHeight
        self.parts = parts
    }

    /// Where a file's levels 1, 2 and 3 take over: once the model's sphere is shorter than the
    /// view, a fifth of it, and a twelfth. The catalog plants' first level keeps the full leaf
    /// blades (in one two-sided sheet) and gives petals four quads, not sixteen: a 3 m sunflower
    /// filling a 720-line view has petals 15 pixels long, where that shows in a few edge pixels
    /// (`LevelOfDetailGLTests` measures it).
    public static let screenHeights: [Float] = [1.0, 0.2, 0.08]
}

extension ModelComponent {
    /// The parts to draw when the model's bounding sphere spans `screenHeight` of the view's
    /// height: the smallest level that still allows that height, else the full parts.
    public func parts(forScreenHeight screenHeight: Float) -> [ModelPart] {
        var chosen = parts
        var limit = Float.infinity
        for level in levelsOfDetail where screenHeight < level.maxScreenHeight && level.maxScreenHeight < limit {
            chosen = level.parts
            limit = level.maxScreenHeight
        }
        return chosen
    }
}
