import SproutMath

/// How a camera an entity carries sees (a model file's camera, glTF `cameras`): what its node's
/// animations may change (KHR_animation_pointer's camera pointers).
public enum CameraLens: Equatable, Sendable {
    /// A perspective camera's vertical field of view, radians (nil: the file gives none); its
    /// clipping distances are the viewer's.
    case perspective(fovY: Float?)
    /// An orthographic camera: half its view's height and its clipping distances, metres (glTF's
    /// `ymag`, `znear`, `zfar`; `near` may be 0). The width follows the picture's aspect: glTF's
    /// `xmag` gives the file's intended aspect, and a picture of another shape is not stretched.
    case orthographic(halfHeight: Float, near: Float, far: Float)
}

/// A camera's value an animation can drive (KHR_animation_pointer's camera pointers): one float
/// each, kept within what glTF allows.
public enum CameraProperty: Hashable, Sendable {
    /// A perspective camera's `yfov`, radians (kept within 1 to 179 degrees).
    case fovY
    /// An orthographic camera's `ymag`, metres (its size; not 0).
    case halfHeight
    /// An orthographic camera's `znear`, metres (at least 0, below `zfar`).
    case near
    /// An orthographic camera's `zfar`, metres (beyond `znear`).
    case far

    /// Floats per value.
    public var width: Int { 1 }

    /// The value `lens` has now (a perspective camera's clipping distances, or an orthographic
    /// one's field of view, read as 0: the lens does not have them).
    public func value(in lens: CameraLens) -> [Float] {
        switch (self, lens) {
        case (.fovY, .perspective(let fovY)): [fovY ?? radians(fromDegrees: 60)]
        case (.halfHeight, .orthographic(let halfHeight, _, _)): [halfHeight]
        case (.near, .orthographic(_, let near, _)): [near]
        case (.far, .orthographic(_, _, let far)): [far]
        default: [0]
        }
    }

    /// Writes `v` into `lens` within glTF's ranges; a value the lens does not have is skipped.
    public func set(_ v: [Float], in lens: inout CameraLens) {
        guard let x = v.first, x.isFinite else { return }
        let degree = radians(fromDegrees: 1)
        switch (self, lens) {
        case (.fovY, .perspective): lens = .perspective(fovY: min(max(x, degree), 179 * degree))
        case (.halfHeight, .orthographic(_, let near, let far)): lens = .orthographic(halfHeight: max(abs(x), 1e-6), near: near, far: far)
        case (.near, .orthographic(let halfHeight, _, let far)):
            lens = .orthographic(halfHeight: halfHeight, near: min(max(x, 0), far * 0.999), far: far)
        case (.far, .orthographic(let halfHeight, let near, _)):
            lens = .orthographic(halfHeight: halfHeight, near: near, far: max(x, near + 1e-4))
        default: break
        }
    }
}
