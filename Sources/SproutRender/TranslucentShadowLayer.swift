internal import COpenGL

/// The shadow map's second layer, for blended casters: the light they let through (red, the
/// product of 1 - alpha over every blended caster a texel sees) and the depth of the nearest one
/// (alpha). A receiver behind that depth takes the product. Half floats hold the depth to 2^-11,
/// finer than the lit shader's bias; 2 MiB at 512². Only scenes with blended casters make one.
final class TranslucentShadowLayer {
    private let layer: TextureFramebuffer
    private let size: Int

    init(size: Int) throws {
        self.size = size
        layer = try TextureFramebuffer(attachment: GLenum(GL_COLOR_ATTACHMENT0), name: "translucent shadow layer") {
            glTexImage2D(GLC.texture2D, 0, GL_RGBA16F, GLsizei(size), GLsizei(size), 0, GLenum(GL_RGBA), GLenum(GL_HALF_FLOAT), nil)
            TextureFramebuffer.setParameters([
                (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER)
            ])
            var border: [Float] = [1, 1, 1, 1]   // outside the map: all light through, nothing near
            glTexParameterfv(GLC.texture2D, GLenum(GL_TEXTURE_BORDER_COLOR), &border)
        }
    }

    /// Binds the layer and clears it to "all light through, nothing near"; the caller applies
    /// `DrawState.translucentCaster`.
    func beginPass() {
        layer.bindForDrawing(width: size, height: size)
        glClearColor(1, 1, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    func bind(unit: Int32) { layer.bind(unit: unit) }
}
