internal import COpenGL

/// The fixed-function state of one draw as a value (bgfx's state bits, Filament's
/// `RasterState`): passes say what they need and `GLStateCache.apply` changes only what differs.
struct DrawState: Equatable {
    /// How a fragment's colour meets the target's.
    enum Blend: Equatable {
        /// Replaces it.
        case none
        /// Straight alpha over it; the target's alpha accumulates coverage.
        case alpha
        /// Dual-source: the fragment's colour plus the target's times the fragment's second
        /// output (the light a transmissive surface lets through); the target's alpha is kept.
        case transmission
        /// The shadow map's translucent layer: the target's colour times 1 - the fragment's (the
        /// light let through, multiplied over every layer), and the smaller of the two alphas
        /// (the nearest depth).
        case transmittance
    }

    /// Which faces are dropped (front ones: a volume's back faces, `VolumeRefractionBuffers`).
    enum Cull: Equatable { case none, back, front }

    /// Which fragments the depth test lets through.
    enum DepthCompare: Equatable {
        /// Those nearer than what is drawn.
        case less
        /// Those nearer or as near: the background's triangle on the far plane passes where
        /// nothing was drawn (the cleared depth is the far plane's too).
        case lessOrEqual
    }

    var blend: Blend = .none
    var depthTest = true
    var depthCompare: DepthCompare = .less
    var depthWrite = true
    var cull: Cull = .back
    /// Counter-clockwise triangles face front, unless a mirroring transform (negative
    /// determinant) turned them: then clockwise ones do.
    var clockwiseFront = false
    /// The fragment's alpha chooses how many of the pixel's samples it covers, and is then
    /// written as 1 (GL_SAMPLE_ALPHA_TO_COVERAGE and _TO_ONE): anti-aliased alpha-cut edges.
    var alphaToCoverage = false

    /// Opaque surfaces: depth tested and written, no blending.
    static let opaque = DrawState()
    /// Transparent surfaces: blended over what is drawn, depth tested but not written.
    static let transparent = DrawState(blend: .alpha, depthWrite: false)
    /// Transmissive surfaces: over what lies behind, letting part of it through; depth tested, not written.
    static let transmissive = DrawState(blend: .transmission, depthWrite: false)
    /// The sky or environment behind everything, drawn after opaque surfaces: only where none
    /// was drawn (its triangle lies on the far plane), depth not written.
    static let background = DrawState(depthCompare: .lessOrEqual, depthWrite: false, cull: .none)
    /// Drawn over everything: blended, depth neither tested nor written.
    static let onTop = DrawState(blend: .alpha, depthTest: false, depthWrite: false)
    /// Blended casters into the shadow map's translucent layer: every one counts, from both sides
    /// (a blended caster behind an opaque one only darkens what that one already shades).
    static let translucentCaster = DrawState(blend: .transmittance, depthTest: false, depthWrite: false, cull: .none)

    /// This state for a surface that is two-sided or not, under a transform that mirrors or not.
    func faces(doubleSided: Bool, mirrored: Bool) -> DrawState {
        var state = self
        state.cull = doubleSided ? .none : .back
        state.clockwiseFront = mirrored
        return state
    }
}

/// The GL state last set through it, so that a draw sets only what changed. Anything that sets
/// GL state behind its back (a pass of its own) calls `invalidate()`.
struct GLStateCache {
    private var current: DrawState?

    /// Forgets what was set: the next `apply` sets every field.
    mutating func invalidate() { current = nil }

    mutating func apply(_ state: DrawState) {
        let old = current
        if old?.blend != state.blend {
            switch state.blend {
            case .none:
                glDisable(GLenum(GL_BLEND))
            case .alpha:
                glEnable(GLenum(GL_BLEND))
                glBlendEquation(GLenum(GL_FUNC_ADD))
                glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            case .transmission:
                glEnable(GLenum(GL_BLEND))
                glBlendEquation(GLenum(GL_FUNC_ADD))
                glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_SRC1_COLOR), GLenum(GL_ZERO), GLenum(GL_ONE))
            case .transmittance:
                glEnable(GLenum(GL_BLEND))
                glBlendEquationSeparate(GLenum(GL_FUNC_ADD), GLenum(GL_MIN))
                glBlendFuncSeparate(GLenum(GL_ZERO), GLenum(GL_ONE_MINUS_SRC_COLOR), GLenum(GL_ONE), GLenum(GL_ONE))
            }
        }
        if old?.depthTest != state.depthTest { state.depthTest ? glEnable(GLenum(GL_DEPTH_TEST)) : glDisable(GLenum(GL_DEPTH_TEST)) }
        if old?.depthCompare != state.depthCompare {
            glDepthFunc(GLenum(state.depthCompare == .less ? GL_LESS : GL_LEQUAL))
        }
        if old?.depthWrite != state.depthWrite { glDepthMask(GLboolean(state.depthWrite ? GL_TRUE : GL_FALSE)) }
        if old?.cull != state.cull {
            switch state.cull {
            case .none: glDisable(GLenum(GL_CULL_FACE))
            case .back: glEnable(GLenum(GL_CULL_FACE)); glCullFace(GLenum(GL_BACK))
            case .front: glEnable(GLenum(GL_CULL_FACE)); glCullFace(GLenum(GL_FRONT))
            }
        }
        if old?.clockwiseFront != state.clockwiseFront { glFrontFace(GLenum(state.clockwiseFront ? GL_CW : GL_CCW)) }
        if old?.alphaToCoverage != state.alphaToCoverage {
            for capability in [GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_ALPHA_TO_ONE] {
                state.alphaToCoverage ? glEnable(GLenum(capability)) : glDisable(GLenum(capability))
            }
        }
        current = state
    }
}
