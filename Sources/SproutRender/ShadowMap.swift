internal import COpenGL
import SproutMath
import SproutScene

/// A depth texture seen from the directional light, fitted each frame to the shadow casters, and
/// for scenes with blended casters a translucent layer beside it (`TranslucentShadowLayer`).
final class ShadowMap {
    let size: Int
    private let depth: TextureFramebuffer
    /// Made when blended casters first cast; kept while the map lives.
    private var translucentLayer: TranslucentShadowLayer?
    /// Whether the last pass drew blended casters into the translucent layer (the lit programs read it then).
    private(set) var hasTranslucentCasters = false
    /// World -> light clip space of the last `fit`.
    private(set) var lightViewProjection = Matrix4.identity

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

    /// Fits the light's orthographic frustum: across, the casters' bounds (a shadow has the same
    /// light-space x, y as its caster); along the light, everything drawn (receivers included).
    func fit(toLight directionToLight: Vec3, casters: BoundingBox, everything: BoundingBox) {
        let center = casters.center
        let radius = max(everything.boundingRadius, casters.boundingRadius, 0.01)
        let eye = center + directionToLight * radius * 2
        let up: Vec3 = abs(directionToLight.y) > 0.99 ? .unitZ : .unitY
        let view = lookAt(eye: eye, target: center, up: up).inverse ?? .identity
        let lightCasters = casters.transformed(by: view)
        let lightAll = everything.transformed(by: view)
        let margin = max(lightCasters.extents.x, lightCasters.extents.y) * 0.02 + 0.01
        let projection = Matrix4.orthographic(
            left: lightCasters.min.x - margin, right: lightCasters.max.x + margin,
            bottom: lightCasters.min.y - margin, top: lightCasters.max.y + margin,
            near: max(-lightAll.max.z - 0.01, 0.001), far: -lightAll.min.z + 0.01)
        lightViewProjection = projection * view
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
