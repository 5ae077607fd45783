internal import COpenGL
import SproutScene

/// How an alpha-cut (MASK) material cuts its base colour texture: the base colour factor's
/// alpha and the cutoff, which together say which texels are kept (`Image.keepingCut`).
struct AlphaCut: Hashable {
    let alphaFactor: Float
    let cutoff: Float

    /// Equal by bit patterns, so that a NaN from a document finds its coverage map again
    /// instead of making a new one every draw.
    static func == (a: AlphaCut, b: AlphaCut) -> Bool {
        a.alphaFactor.bitPattern == b.alphaFactor.bitPattern && a.cutoff.bitPattern == b.cutoff.bitPattern
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(alphaFactor.bitPattern)
        hasher.combine(cutoff.bitPattern)
    }
}

/// Which GPU copy of a texture a draw reads: the levels below level 0 are made for it.
enum TextureVariant: Hashable {
    /// Each level the mean of the one above (`Image.halved`).
    case plain
    /// A coverage map for an alpha-cut material's base colour: level 0 the image, each level
    /// below the share of its texels that the cut keeps, coloured by those alone
    /// (`Image.keepingCut`, `coverage.glsl`).
    case coverage(AlphaCut)
    /// A normal map's levels, the spread of the normals under each texel in alpha
    /// (`Image.normalMapLevels`, `normals.glsl`).
    case normalMap
}

/// A mipmapped 2D texture; sRGB textures are decoded to linear by the sampler.
final class GPUTexture {
    let id: GLuint

    init(_ texture: Texture, variant: TextureVariant = .plain) {
        var t: GLuint = 0
        glGenTextures(1, &t)
        GLObjectCount.created()
        glBindTexture(GLC.texture2D, t)
        let internalFormat = texture.colorSpace == .sRGB ? GL_SRGB8_ALPHA8 : GL_RGBA8
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        // Immutable storage for the whole chain, then each level into it: llvmpipe's
        // glTexImage2D keeps a second copy of level 0 until the chain is complete (16 MiB more
        // a 2,048² texture at the peak). The levels below are made on the CPU
        // (`Image.halved`), each from the one before and dropped once uploaded, where llvmpipe's
        // glGenerateMipmap compiles and runs a blit shader.
        let image = texture.image
        if image.width > 0 && image.height > 0 {
            let mipmapped = texture.minification.mipmaps != nil
            let levels = mipmapped ? Int.bitWidth - max(image.width, image.height).leadingZeroBitCount : 1
            glTexStorage2D(GLC.texture2D, GLsizei(levels), GLenum(internalFormat), GLsizei(image.width), GLsizei(image.height))
            func upload(_ image: Image, level: Int) {
                image.pixels.withUnsafeBytes {
                    glTexSubImage2D(GLC.texture2D, GLint(level), 0, 0, GLsizei(image.width), GLsizei(image.height), GLC.rgba, GLC.unsignedByte, $0.baseAddress)
                }
            }
            let sRGB = texture.colorSpace == .sRGB
            switch variant {
            case .plain:
                upload(image, level: 0)
                var level = image
                for index in 1..<levels {
                    level = level.halved(sRGB: sRGB)
                    upload(level, level: index)
                }
            case .coverage(let cut):
                upload(image, level: 0)
                var level = image.keepingCut(alphaFactor: cut.alphaFactor, cutoff: cut.cutoff)
                for index in 1..<levels {
                    level = level.halved(sRGB: sRGB, weightedByAlpha: true)
                    upload(level, level: index)
                }
            case .normalMap:
                image.normalMapLevels(count: levels) { upload($0, level: $1) }
            }
        }
        func mode(_ wrap: Texture.Wrap) -> GLint {
            switch wrap {
            case .repeat: GLint(GL_REPEAT)
            case .clampToEdge: GLint(GL_CLAMP_TO_EDGE)
            case .mirroredRepeat: GLint(GL_MIRRORED_REPEAT)
            }
        }
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_WRAP_S), mode(texture.wrap))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_WRAP_T), mode(texture.wrapV))
        // glTF's minFilter values are OpenGL's.
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MIN_FILTER), GLint(texture.minification.glTFValue))
        glTexParameteri(GLC.texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GLint(texture.magnification == .nearest ? GL_NEAREST : GL_LINEAR))
        id = t
    }

    deinit {
        var t = id
        glDeleteTextures(1, &t)
        GLObjectCount.deleted()
    }
}
