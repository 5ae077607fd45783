internal import COpenGL

/// What a volume's refracted view ray is traced through (Wyman's two-sided image-space
/// refraction, "An Approximate Image-Space Approach for Interactive Refraction", 2005): the
/// nearest back faces of the frame's volumes (outward normal and depth), where the ray
/// leaves the volume, and a copy of the depth drawn before them (opaque surfaces, the
/// background), where it lands. Made on first need, remade when the target's size or depth
/// format changes.
final class VolumeRefractionBuffers {
    let width: Int
    let height: Int
    /// The depth format of the target they were made for (nil: it has none).
    let depthFormat: GLenum?
    /// RGB10_A2: the back face's outward normal (n / 2 + 1/2), alpha 1 where there is one; its
    /// depth in the depth texture. Ten bits a component turn a normal by at most 0.06 degrees.
    private let backFaces: TextureFramebuffer
    /// The target's depth in its own format (a blit copies depth only between equal formats);
    /// nil when the target has none or its format is not one a texture can take.
    private let sceneDepth: TextureFramebuffer?
    /// Whether the last `captureSceneDepth` copied it: without, refraction takes one step.
    private(set) var hasSceneDepth = false

    /// Buffers for a target of `width` x `height` whose depth is in `depthFormat` (nil: none).
    init(width: Int, height: Int, depthFormat: GLenum?) throws {
        self.width = width
        self.height = height
        self.depthFormat = depthFormat
        backFaces = try TextureFramebuffer(
            attachment: GLenum(GL_COLOR_ATTACHMENT0), name: "volume back faces", depthTested: (width, height)
        ) {
            glTexStorage2D(GLC.texture2D, 1, GLenum(GL_RGB10_A2), GLsizei(width), GLsizei(height))
            TextureFramebuffer.setParameters(TextureFramebuffer.nearestClamped)
        }
        sceneDepth = try depthFormat.map { format in
            let hasStencil = format == GLenum(GL_DEPTH24_STENCIL8) || format == GLenum(GL_DEPTH32F_STENCIL8)
            return try TextureFramebuffer(
                attachment: GLenum(hasStencil ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT), name: "scene depth copy"
            ) {
                glTexStorage2D(GLC.texture2D, 1, format, GLsizei(width), GLsizei(height))
                TextureFramebuffer.setParameters(TextureFramebuffer.nearestClamped)
            }
        }
    }

    /// The depth format of `framebuffer`'s depth buffer (0: the window's), as a texture can hold
    /// it, or nil when it has none.
    static func depthFormat(of framebuffer: GLuint) -> GLenum? {
        glBindFramebuffer(GLC.readFramebuffer, framebuffer)
        defer { glBindFramebuffer(GLC.readFramebuffer, 0) }
        let depth = GLenum(framebuffer == 0 ? GL_DEPTH : GL_DEPTH_ATTACHMENT)
        let stencil = GLenum(framebuffer == 0 ? GL_STENCIL : GL_STENCIL_ATTACHMENT)
        func parameter(_ attachment: GLenum, _ name: Int32) -> GLint {
            var value: GLint = 0
            glGetFramebufferAttachmentParameteriv(GLC.readFramebuffer, attachment, GLenum(name), &value)
            return value
        }
        // A user framebuffer without the attachment reports GL_NONE as its object type.
        if framebuffer != 0 && parameter(depth, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) == GL_NONE { return nil }
        let bits = parameter(depth, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE)
        let isFloat = parameter(depth, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE) == GL_FLOAT
        let stencilAttached = framebuffer == 0 || parameter(stencil, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) != GL_NONE
        let hasStencil = stencilAttached && parameter(stencil, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE) > 0
        // A query the driver does not answer leaves an error (the caller had none pending), not a format.
        if glGetError() != GLenum(GL_NO_ERROR) { return nil }
        switch (bits, isFloat, hasStencil) {
        case (16, false, false): return GLenum(GL_DEPTH_COMPONENT16)
        case (24, false, false): return GLenum(GL_DEPTH_COMPONENT24)
        case (24, false, true): return GLenum(GL_DEPTH24_STENCIL8)
        case (32, true, false): return GLenum(GL_DEPTH_COMPONENT32F)
        case (32, true, true): return GLenum(GL_DEPTH32F_STENCIL8)
        default: return nil
        }
    }

    /// Copies `source`'s depth (one sample of each pixel where it has several) and binds
    /// `source` for drawing again. A copy the driver refuses leaves `hasSceneDepth` false (the
    /// caller has no GL error pending, so the one after the copy is the copy's).
    func captureSceneDepth(from source: GLuint) {
        hasSceneDepth = false
        guard let sceneDepth else { return }
        sceneDepth.copy(GL_DEPTH_BUFFER_BIT, from: source, width: width, height: height)
        hasSceneDepth = glGetError() == GLenum(GL_NO_ERROR)
    }

    /// Binds the back faces' framebuffer, cleared (no back face, the far depth), for drawing.
    func beginBackFaces() {
        backFaces.bindForDrawing(width: width, height: height)
        glClearColor(0, 0, 0, 0)
        glClearDepth(1)
        glDepthMask(GLboolean(GL_TRUE))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
    }

    /// Binds the back faces' normals and depth and the depth copy to texture units `backFacesUnit`,
    /// `backFaceDepthUnit` and `depthUnit`.
    func bind(backFacesUnit: Int32, backFaceDepthUnit: Int32, depthUnit: Int32) {
        backFaces.bind(unit: backFacesUnit)
        backFaces.bind(unit: backFaceDepthUnit, depth: true)
        sceneDepth?.bind(unit: depthUnit)
    }
}
