internal import COpenGL
import SproutMath
import SproutScene

/// A depth texture seen from the directional light (`ShadowProjection`: fitted to the shadow
/// casters, or to the part of them near the eye), and for scenes with blended casters a
/// translucent layer beside it (`TranslucentShadowLayer`).
final class ShadowMap {
    let size: Int
    private let depth: TextureFramebuffer
    /// Made when blended casters first cast; kept while the map lives.
    private var translucentLayer: TranslucentShadowLayer?
    /// Whether the last pass drew blended casters into the translucent layer (the lit programs read it then).
    private(set) var hasTranslucentCasters = false
    /// The light's view and the box the map covers, as last drawn; nil before its first pass.
    private(set) var projection: ShadowProjection?
    /// World -> light clip space of the last `fit`; nil before its first pass.
    var lightViewProjection: Matrix4? { projection?.viewProjection }

    init(size: Int) throws {
        self.size = size
        depth = try TextureFramebuffer(attachment: GLenum(GL_DEPTH_ATTACHMENT), name: "shadow map") {
            glTexImage2D(
                GLC.texture2D, 0, GL_DEPTH_COMPONENT16, GLsizei(size), GLsizei(size), 0,
                GLenum(GL_DEPTH_COMPONENT), GLC.unsignedInt, nil)
            TextureFramebuffer.setParameters([
                (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER),
                (GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE), (GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL)
            ])
            var border: [Float] = [1, 1, 1, 1]   // outside the map: lit
            glTexParameterfv(GLC.texture2D, GLenum(GL_TEXTURE_BORDER_COLOR), &border)
        }
    }

    /// Makes `map` a map of `size` texels: kept when it is one, else a new one (the old one freed
    /// first). Whether it is new (nothing drawn in it yet).
    @discardableResult
    static func resize(_ map: inout ShadowMap?, to size: Int) throws -> Bool {
        guard map?.size != size else { return false }
        map = nil
        map = try ShadowMap(size: size)
        return true
    }

    /// Where the map was drawn from (its light view and box), set once the pass that drew it has.
    func fit(_ projection: ShadowProjection) {
        self.projection = projection
    }

    func beginPass() {
        depth.bindForDrawing(width: size, height: size)
        glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        glEnable(GLenum(GL_POLYGON_OFFSET_FILL))
        glPolygonOffset(1.5, 2)   // slope-scaled bias against acne
        hasTranslucentCasters = false
    }

    /// Switches the pass to the translucent layer (made on first use), cleared to "all light
    /// through, nothing near"; the caller applies `DrawState.translucentCaster` for its draws.
    func beginTranslucentCasters() throws {
        if translucentLayer == nil { translucentLayer = try TranslucentShadowLayer(size: size) }
        translucentLayer?.beginPass()
        hasTranslucentCasters = true
    }

    func endPass() {
        glDisable(GLenum(GL_POLYGON_OFFSET_FILL))
    }

    func bind(unit: Int32) { depth.bind(unit: unit) }

    func bindTranslucentLayer(unit: Int32) {
        translucentLayer?.bind(unit: unit)
    }
}
