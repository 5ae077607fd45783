internal import COpenGL
import SproutScene

/// Where a frame goes: the window's default framebuffer or an offscreen framebuffer.
public class RenderTarget {
    /// The framebuffer's width, pixels.
    public let width: Int
    /// The framebuffer's height, pixels.
    public let height: Int
    /// The framebuffer the renderer draws into.
    var drawFramebuffer: GLuint { 0 }
    /// Where the finished frame must end up (differs from `drawFramebuffer` with MSAA).
    var resolveFramebuffer: GLuint? { nil }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// The default framebuffer of the current window context.
public final class WindowTarget: RenderTarget {
    /// The current context's default framebuffer, `width` x `height` pixels (its size now).
    public override init(width: Int, height: Int) { super.init(width: width, height: height) }
}

/// An offscreen RGBA8 + 24-bit depth framebuffer, optionally multisampled, that can be read back.
public final class OffscreenTarget: RenderTarget {
    /// MSAA samples per pixel (0: none).
    public let samples: Int
    private var framebuffers: [GLuint] = []
    private var renderbuffers: [GLuint] = []

    override var drawFramebuffer: GLuint { framebuffers[0] }
    override var resolveFramebuffer: GLuint? { framebuffers.count > 1 ? framebuffers[1] : nil }

    /// Needs a current GL context. `samples` 0 means no MSAA.
    public init(width: Int, height: Int, samples: Int = 0) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw RenderError("offscreen target size \(width)x\(height) is out of range (1...16384)")
        }
        try requireCurrentContext("OffscreenTarget")
        self.samples = samples
        super.init(width: width, height: height)
        framebuffers.append(makeFramebuffer(samples: samples))
        if samples > 0 { framebuffers.append(makeFramebuffer(samples: 0, depth: false)) }
        for fb in framebuffers {
            glBindFramebuffer(GLC.framebuffer, fb)
            let status = glCheckFramebufferStatus(GLC.framebuffer)
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                // An attachment the driver could not allocate is the usual cause: llvmpipe keeps
                // it in the process's memory, which a worker's cap (sprout test) may not allow.
                throw RenderError(
                    "offscreen framebuffer of \(width)x\(height) incomplete (status 0x\(String(status, radix: 16)), \(samples) samples): "
                        + "its buffers could not be allocated (out of memory?)")
            }
        }
        glBindFramebuffer(GLC.framebuffer, 0)
    }

    private func makeFramebuffer(samples: Int, depth: Bool = true) -> GLuint {
        var fb: GLuint = 0
        glGenFramebuffers(1, &fb)
        GLObjectCount.created()
        glBindFramebuffer(GLC.framebuffer, fb)
        for (format, attachment) in [(GL_RGBA8, GL_COLOR_ATTACHMENT0), (GL_DEPTH_COMPONENT24, GL_DEPTH_ATTACHMENT)] {
            if !depth && attachment == GL_DEPTH_ATTACHMENT { continue }
            var rb: GLuint = 0
            glGenRenderbuffers(1, &rb)
            GLObjectCount.created()
            glBindRenderbuffer(GLC.renderbuffer, rb)
            if samples > 0 {
                glRenderbufferStorageMultisample(GLC.renderbuffer, GLsizei(samples), GLenum(format), GLsizei(width), GLsizei(height))
            } else {
                glRenderbufferStorage(GLC.renderbuffer, GLenum(format), GLsizei(width), GLsizei(height))
            }
            glFramebufferRenderbuffer(GLC.framebuffer, GLenum(attachment), GLC.renderbuffer, rb)
            renderbuffers.append(rb)
        }
        return fb
    }

    deinit {
        glDeleteRenderbuffers(GLsizei(renderbuffers.count), renderbuffers)
        glDeleteFramebuffers(GLsizei(framebuffers.count), framebuffers)
        GLObjectCount.deleted(renderbuffers.count + framebuffers.count)
    }

    /// Reads the finished frame as RGBA8 rows from the top (GL's rows start at the bottom).
    /// Reuses `pixels`' storage when it is already the right size.
    public func readPixels(into pixels: inout [UInt8]) {
        let rowBytes = width * 4
        if pixels.count != rowBytes * height { pixels = [UInt8](repeating: 0, count: rowBytes * height) }
        glBindFramebuffer(GLC.readFramebuffer, resolveFramebuffer ?? drawFramebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        pixels.withUnsafeMutableBytes { buf in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLC.rgba, GLC.unsignedByte, buf.baseAddress)
            Image.flipRows(buf.baseAddress!, rowBytes: rowBytes, height: height)
        }
        glBindFramebuffer(GLC.readFramebuffer, 0)
    }

    /// The finished frame as RGBA8 rows from the top, in a new array. Needs the context current.
    public func readPixels() -> [UInt8] {
        var p: [UInt8] = []
        readPixels(into: &p)
        return p
    }
}
