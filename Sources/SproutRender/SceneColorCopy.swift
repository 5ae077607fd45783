internal import COpenGL

/// What is drawn so far, copied (MSAA resolved) into a mipmapped texture before transmissive
/// surfaces are drawn: a rough one reads what lies behind it blurred from a coarser level, as the
/// Khronos sample viewer's transmission pass does. Made on first need, remade when the size changes.
final class SceneColorCopy {
    let width: Int
    let height: Int
    private let copy: TextureFramebuffer

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        copy = try TextureFramebuffer(attachment: GLenum(GL_COLOR_ATTACHMENT0), name: "scene colour copy") {
            glTexStorage2D(GLC.texture2D, GLsizei(mipLevelCount(width: width, height: height)), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            TextureFramebuffer.setParameters([
                (GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)
            ])
        }
    }

    /// Copies `source`'s colour (resolving its samples), builds the mip chain, and binds
    /// `source` for drawing again.
    func capture(from source: GLuint) {
        copy.copy(GL_COLOR_BUFFER_BIT, from: source, width: width, height: height)
        glBindTexture(GLC.texture2D, copy.texture)
        glGenerateMipmap(GLC.texture2D)
    }

    func bind(unit: Int32) { copy.bind(unit: unit) }
}
