internal import COpenGL

/// What is drawn so far, copied (MSAA resolved) into a mipmapped texture before transmissive
/// surfaces are drawn: a rough one reads what lies behind it blurred from a coarser level, as the
/// Khronos sample viewer's transmission pass does. Made on first need, remade when the size changes.
final class SceneColorCopy {
    let width: Int
    let height: Int
    private var texture: GLuint = 0
    private var framebuffer: GLuint = 0

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        glGenTextures(1, &texture)
        GLObjectCount.created()
        glBindTexture(GLC.texture2D, texture)
        glTexStorage2D(GLC.texture2D, GLsizei(mipLevelCount(width: width, height: height)), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        for (p, v) in [
            (GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
            (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)
        ] {
            glTexParameteri(GLC.texture2D, GLenum(p), v)
        }
        glGenFramebuffers(1, &framebuffer)
        GLObjectCount.created()
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glFramebufferTexture2D(GLC.framebuffer, GLenum(GL_COLOR_ATTACHMENT0), GLC.texture2D, texture, 0)
        let status = glCheckFramebufferStatus(GLC.framebuffer)
        glBindFramebuffer(GLC.framebuffer, 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw RenderError("scene colour copy framebuffer incomplete") }
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
        GLObjectCount.deleted(2)
    }

    /// Copies `source`'s colour (resolving its samples), builds the mip chain, and binds
    /// `source` for drawing again.
    func capture(from source: GLuint) {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        glBlitFramebuffer(
            0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
            GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLC.framebuffer, source)
        glBindTexture(GLC.texture2D, texture)
        glGenerateMipmap(GLC.texture2D)
    }

    func bind(unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLC.texture2D, texture)
    }
}
