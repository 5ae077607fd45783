internal import COpenGL

/// A 2D texture and a framebuffer drawing into its level 0, made, checked and deleted together:
/// what the shadow map, its translucent layer and the scene colour copy each hold.
final class TextureFramebuffer {
    let texture: GLuint
    let framebuffer: GLuint

    /// `storage` allocates the bound texture's images (`TextureFramebuffer.setParameters` sets
    /// its sampling). A depth attachment draws and reads no colour. Throws naming `name` when the
    /// framebuffer is incomplete.
    init(attachment: GLenum, name: String, storage: () -> Void) throws {
        var ids: (texture: GLuint, framebuffer: GLuint) = (0, 0)
        glGenTextures(1, &ids.texture)
        glGenFramebuffers(1, &ids.framebuffer)
        (texture, framebuffer) = ids
        GLObjectCount.created(2)
        glBindTexture(GLC.texture2D, texture)
        storage()
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glFramebufferTexture2D(GLC.framebuffer, attachment, GLC.texture2D, texture, 0)
        if attachment == GLenum(GL_DEPTH_ATTACHMENT) {
            glDrawBuffer(GLenum(GL_NONE))
            glReadBuffer(GLenum(GL_NONE))
        }
        let status = glCheckFramebufferStatus(GLC.framebuffer)
        glBindFramebuffer(GLC.framebuffer, 0)
        // Fully initialised, so deinit deletes both.
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw RenderError("\(name) framebuffer incomplete") }
    }

    deinit {
        var ids = (texture: texture, framebuffer: framebuffer)
        glDeleteFramebuffers(1, &ids.framebuffer)
        glDeleteTextures(1, &ids.texture)
        GLObjectCount.deleted(2)
    }

    /// Sets the bound 2D texture's integer parameters, in order.
    static func setParameters(_ parameters: [(Int32, Int32)]) {
        for (parameter, value) in parameters { glTexParameteri(GLC.texture2D, GLenum(parameter), value) }
    }

    /// Binds the framebuffer and a viewport of `width` x `height`, for drawing into the texture.
    func bindForDrawing(width: Int, height: Int) {
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Binds the texture to texture unit `unit`, for a shader to read.
    func bind(unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLC.texture2D, texture)
    }
}
