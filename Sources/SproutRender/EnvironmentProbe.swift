internal import COpenGL
import SproutMath
import SproutScene

/// The stage as seen from one point, in six directions: a small cube map of linear radiance
/// (half floats) with its mip chain, which the content's shading reads for the light arriving
/// from every side: rough surfaces from the coarse levels, smooth ones from the fine (ARKit's
/// `environmentTexturing = .automatic`, P18, made exactly from the stage since the simulated
/// camera feed is the stage).
///
/// Prefiltering is the mip chain's box filter, not a GGX convolution: on 32 x 32 faces the
/// difference is a few texels of blur, and the whole refresh (six 32 x 32 passes of the
/// backdrop) stays a fraction of a frame on llvmpipe. An HDR environment (`EnvironmentLight`)
/// is drawn into faces of `environmentSize`, so smooth surfaces reflect it sharply enough, and
/// its levels are then GGX-convolved (`Renderer.prefilter`, the sky shader's PREFILTER), since a
/// box filter would keep a sun's or a window's edges sharp on rough surfaces.
final class EnvironmentProbe {
    /// Texels along a face's side for a stage's probe.
    static let stageSize = 32
    /// Texels along a face's side when an HDR environment is drawn into it.
    static let environmentSize = 128
    /// Texels along a face's side.
    let size: Int
    /// Mip levels down to 1 x 1 (6 for 32, 8 for 128).
    let levels: Int

    private var texture: GLuint = 0
    /// A copy of the drawn faces and their box mip chain, read while the GGX prefilter writes the
    /// probe's levels (made on first use).
    private var source: GLuint = 0
    private var framebuffer: GLuint = 0
    private var depth: GLuint = 0

    init(size: Int = EnvironmentProbe.stageSize) throws {
        self.size = size
        levels = mipLevelCount(width: size, height: size)
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), texture)
        for face in 0..<6 {
            glTexImage2D(
                GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + Int32(face)), 0, GL_RGBA16F, GLsizei(size), GLsizei(size), 0,
                GLC.rgba, GLC.float, nil)
        }
        for (p, v) in [
            (GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
            (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE)
        ] {
            glTexParameteri(GLenum(GL_TEXTURE_CUBE_MAP), GLenum(p), v)
        }
        glGenerateMipmap(GLenum(GL_TEXTURE_CUBE_MAP))
        glGenRenderbuffers(1, &depth)
        glBindRenderbuffer(GLC.renderbuffer, depth)
        glRenderbufferStorage(GLC.renderbuffer, GLenum(GL_DEPTH_COMPONENT24), GLsizei(size), GLsizei(size))
        glGenFramebuffers(1, &framebuffer)
        GLObjectCount.created(3)
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glFramebufferRenderbuffer(GLC.framebuffer, GLenum(GL_DEPTH_ATTACHMENT), GLC.renderbuffer, depth)
        glFramebufferTexture2D(GLC.framebuffer, GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X), texture, 0)
        let status = glCheckFramebufferStatus(GLC.framebuffer)
        glBindFramebuffer(GLC.framebuffer, 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw RenderError("environment probe framebuffer incomplete") }
        // Filtering across face edges, so coarse levels do not show the cube's seams.
        glEnable(GLenum(GL_TEXTURE_CUBE_MAP_SEAMLESS))
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &depth)
        glDeleteTextures(1, &texture)
        GLObjectCount.deleted(3)
        if source != 0 {
            glDeleteTextures(1, &source)
            GLObjectCount.deleted()
        }
    }

    /// World -> clip space of each face seen from `position`, in GL's face order (+X, -X, +Y,
    /// -Y, +Z, -Z), with the cube map's fixed up vectors.
    static func faceViewProjections(at position: Vec3) -> [Matrix4] {
        let faces: [(direction: Vec3, up: Vec3)] = [
            (Vec3(1, 0, 0), Vec3(0, -1, 0)), (Vec3(-1, 0, 0), Vec3(0, -1, 0)),
            (Vec3(0, 1, 0), Vec3(0, 0, 1)), (Vec3(0, -1, 0), Vec3(0, 0, -1)),
            (Vec3(0, 0, 1), Vec3(0, -1, 0)), (Vec3(0, 0, -1), Vec3(0, -1, 0))
        ]
        let projection = Projection(fovY: .pi / 2, near: 0.02, far: 200).matrix(aspect: 1)
        return faces.map { face in
            projection * (lookAt(eye: position, target: position + face.direction, up: face.up).inverse ?? .identity)
        }
    }

    /// Makes face `face` (0...5) the target of what is drawn next, cleared.
    func beginFace(_ face: Int) {
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glFramebufferTexture2D(GLC.framebuffer, GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + Int32(face)), texture, 0)
        glViewport(0, 0, GLsizei(size), GLsizei(size))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
    }

    /// After the six faces: the coarser levels, from the drawn ones.
    func finish() {
        glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), texture)
        glGenerateMipmap(GLenum(GL_TEXTURE_CUBE_MAP))
    }

    /// How fast a stage's probe's level grows with roughness: a lobe reads level top + slope x
    /// log2(roughness) of the box-filtered chain (lit-inputs.glsl's `reflectionLevel`, the same
    /// number). Fitted against the GGX-prefiltered light (each texel of the 32-texel faces weighed
    /// by the lobe D(h) n.l) on three environments, the living room's probe, a broad bright lobe
    /// and a small bright window: at roughness 0.4 it is off by 5.3, 6.9 and 10.4 % on average
    /// where roughness x top, read before, was off by 10.6, 9.1 and 22.3 % (BENCHMARKS.md,
    /// "Issue 32, tenth look").
    static let boxLevelSlope: Float = 1.4

    /// From this roughness up, a material under a stage's probe takes its reflections from the
    /// probe's harmonics (`IrradianceSH.reflection`, lit.frag's REFLECTIONS_FROM_SH) instead of
    /// its box-filtered levels (`boxLevelSlope`), and reads no cube map. Against the
    /// GGX-prefiltered light on the three environments, at 0.55 the harmonics are off by 6.5,
    /// 10.5 and 26.8 % on average: closer on all three than the levels read at roughness x top
    /// were (12.4, 15.3, 29.4 %), and about as close as the fitted levels (6.0, 13.3, 19.1 %:
    /// closer on two); from 0.6 up they are the closer on all three (5.2 against 6.8 % on the
    /// living room's probe at 0.6, 2.4 against 6.8 % at 0.75). Below 0.55 a sharp light's bands
    /// past the second show (BENCHMARKS.md, "Issue 32, tenth look").
    static let harmonicReflectionRoughness: Float = 0.55

    /// Texels along a face's side of the level `irradiance` reads: nine harmonics need no more.
    static let irradianceSide = 16

    /// The irradiance harmonics of the faces drawn (`IrradianceSH(cubeFaces:side:)`), from the
    /// box-filtered level `irradianceSide` texels wide: read back after `finish`, before a
    /// prefilter overwrites the coarse levels. It waits for the faces to be drawn, once a refresh.
    func irradiance() -> IrradianceSH {
        let level = max(0, levels - mipLevelCount(width: Self.irradianceSide, height: Self.irradianceSide))
        let side = max(size >> level, 1)
        glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), texture)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let faces = (0..<6).map { face in
            [Float](unsafeUninitializedCapacity: side * side * 4) { buffer, count in
                glGetTexImage(GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + Int32(face)), GLint(level), GLC.rgba, GLC.float, buffer.baseAddress)
                count = side * side * 4
            }
        }
        return IrradianceSH(cubeFaces: faces, side: side)
    }

    /// Copies the faces and their box-filtered levels into `source`, for `beginLevel` passes to read.
    func copyToSource() {
        if source == 0 {
            glGenTextures(1, &source)
            GLObjectCount.created()
            glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), source)
            glTexStorage2D(GLenum(GL_TEXTURE_CUBE_MAP), GLsizei(levels), GLenum(GL_RGBA16F), GLsizei(size), GLsizei(size))
            for (p, v) in [
                (GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE)
            ] {
                glTexParameteri(GLenum(GL_TEXTURE_CUBE_MAP), GLenum(p), v)
            }
        }
        for level in 0..<levels {
            let side = GLsizei(max(size >> level, 1))
            glCopyImageSubData(
                texture, GLenum(GL_TEXTURE_CUBE_MAP), GLint(level), 0, 0, 0,
                source, GLenum(GL_TEXTURE_CUBE_MAP), GLint(level), 0, 0, 0, side, side, 6)
        }
    }

    /// Makes level `level` of face `face` the target of what is drawn next (no depth test needed).
    func beginLevel(_ level: Int, face: Int) {
        glBindFramebuffer(GLC.framebuffer, framebuffer)
        glFramebufferTexture2D(GLC.framebuffer, GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + Int32(face)), texture, GLint(level))
        let side = GLsizei(max(size >> level, 1))
        glViewport(0, 0, side, side)
    }

    func bindSource(unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), source)
    }

    func bind(unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLenum(GL_TEXTURE_CUBE_MAP), texture)
    }
}
