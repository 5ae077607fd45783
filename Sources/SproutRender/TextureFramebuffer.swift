internal import COpenGL

/// A 2D texture and a framebuffer drawing into its level 0, made, checked and deleted together:
/// what the shadow map, its translucent layer, the scene colour and depth copies and the volumes'
/// back faces each hold.
final class TextureFramebuffer {
    let texture: GLuint
    let framebuffer: GLuint
    /// A 24-bit depth texture of the same size, for drawing into a colour texture with depth
    /// tests and reading that depth afterwards (0: none).
    let depthTexture: GLuint

    /// `storage` allocates the bound texture's images (`TextureFramebuffer.setParameters` sets
    /// its sampling). A depth attachment draws and reads no colour. `depthTested` gives a colour
    /// attachment a depth texture of that size (`depthTexture`, sampled nearest). Throws naming
    /// `name` when the framebuffer is incomplete.
    init(attachment: GLenum, name: String, depthTested: (width: Int, height: Int)? = nil, storage: () -> Void) throws {
        var ids: (texture: GLuint, framebuffer: GLuint, depth: GLuint) = (0, 0, 0)
        glGenTextures(1, &ids.texture)
        glGenFramebuffers(1, &ids.framebuffer)
        if depthTested != nil { glGenTextures(1, &ids.depth) }
        (texture, framebuffer, depthTexture) = ids
        GLObjectCount.created(depthTested == nil ? 2 : 3)
        glBindTexture(GLC.texture2D, texture)
        storage()
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glFramebufferTexture2D(GLC.framebuffer, attachment, GLC.texture2D, texture, 0)
        if let size = depthTested {
            glBindTexture(GLC.texture2D, depthTexture)
            glTexStorage2D(GLC.texture2D, 1, GLenum(GL_DEPTH_COMPONENT24), GLsizei(size.width), GLsizei(size.height))
            Self.setParameters(Self.nearestClamped)
            glFramebufferTexture2D(GLC.framebuffer, GLenum(GL_DEPTH_ATTACHMENT), GLC.texture2D, depthTexture, 0)
        }
        if attachment == GLenum(GL_DEPTH_ATTACHMENT) || attachment == GLenum(GL_DEPTH_STENCIL_ATTACHMENT) {
            glDrawBuffer(GLenum(GL_NONE))
            glReadBuffer(GLenum(GL_NONE))
        }
        let status = glCheckFramebufferStatus(GLC.framebuffer)
        glBindFramebuffer(GLC.framebuffer, 0)
        // Fully initialised, so deinit deletes both.
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw RenderError("\(name) framebuffer incomplete") }
    }

    deinit {
        var ids = (texture: texture, framebuffer: framebuffer, depth: depthTexture)
        glDeleteFramebuffers(1, &ids.framebuffer)
        glDeleteTextures(1, &ids.texture)
        if ids.depth != 0 { glDeleteTextures(1, &ids.depth) }
        GLObjectCount.deleted(ids.depth != 0 ? 3 : 2)
    }

    /// Texel for texel, no filtering, no wrapping: for textures read with `texelFetch` or as
    /// exact values (depth, normals).
    static let nearestClamped: [(Int32, Int32)] = [
        (GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
        (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)
    ]

    /// Sets the bound 2D texture's integer parameters, in order.
    static func setParameters(_ parameters: [(Int32, Int32)]) {
        for (parameter, value) in parameters { glTexParameteri(GLC.texture2D, GLenum(parameter), value) }
    }

    /// Copies `source`'s `buffers` (`GL_COLOR_BUFFER_BIT` or `GL_DEPTH_BUFFER_BIT`; several
    /// samples a pixel resolved to one) over `width` x `height` into this framebuffer, then binds
    /// `source` for drawing again.
    func copy(_ buffers: Int32, from source: GLuint, width: Int, height: Int) {
        glBindFramebuffer(GLC.readFramebuffer, source)
        glBindFramebuffer(GLC.drawFramebuffer, framebuffer)
        glBlitFramebuffer(
            0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height), GLbitfield(buffers), GLenum(GL_NEAREST))
        glBindFramebuffer(GLC.framebuffer, source)
    }

    /// Binds the framebuffer and a viewport of `width` x `height`, for drawing into the texture.
    func bindForDrawing(width: Int, height: Int) {
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Binds the texture (or its depth texture) to texture unit `unit`, for a shader to read.
    func bind(unit: Int32, depth: Bool = false) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLC.texture2D, depth ? depthTexture : texture)
    }
}
