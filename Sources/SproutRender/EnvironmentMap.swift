internal import COpenGL
import SproutMath
import SproutScene

/// An `HDRImage` on the GPU: linear RGB floats with their mip chain, repeating round the
/// horizon, clamped at the poles. Kept while the scene's environment shows the same image.
final class EnvironmentMap {
    /// The image uploaded (held, so its identity cannot be taken by another while this lives).
    let image: HDRImage
    private var texture: GLuint = 0
    /// The irradiance harmonics last asked for, with the intensity and rotation they were made for.
    private var harmonics: (intensity: Float, rotation: Float, value: IrradianceSH)?

    init(_ image: HDRImage) {
        self.image = image
        glGenTextures(1, &texture)
        GLObjectCount.created()
        glBindTexture(GLC.texture2D, texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        image.pixels.withUnsafeBytes {
            glTexImage2D(GLC.texture2D, 0, GL_RGB32F, GLsizei(image.width), GLsizei(image.height), 0, GLenum(GL_RGB), GLC.float, $0.baseAddress)
        }
        glGenerateMipmap(GLC.texture2D)
        for (p, v) in [
            (GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
            (GL_TEXTURE_WRAP_S, GL_REPEAT), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)
        ] {
            glTexParameteri(GLC.texture2D, GLenum(p), v)
        }
    }

    deinit {
        glDeleteTextures(1, &texture)
        GLObjectCount.deleted()
    }

    /// The mip level whose texels are about as wide as a target's that shows `pixelsPerRadian`
    /// (the image has width / 2 pi texels a radian round the horizon).
    func level(pixelsPerRadian: Float) -> Float {
        max(0, log2(Float(image.width) / (2 * .pi) / max(pixelsPerRadian, 1e-3)))
    }

    /// `environment`'s irradiance harmonics (its image is this map's), projected on first
    /// use and again only when its intensity or rotation changes.
    func irradiance(of environment: EnvironmentLight) -> IrradianceSH {
        if let h = harmonics, h.intensity == environment.intensity, h.rotation == environment.rotation { return h.value }
        let value = IrradianceSH(environment)
        harmonics = (environment.intensity, environment.rotation, value)
        return value
    }

    func bind(unit: Int32) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLC.texture2D, texture)
    }
}
