internal import COpenGL

/// A failure of the GL layer, with what was being done.
public struct RenderError: Error, CustomStringConvertible {
    /// What failed and what was being done, in words.
    public let description: String
    /// A failure described by `description`.
    public init(_ description: String) { self.description = description }
}

/// Mip levels of a texture `width` x `height` down to 1 x 1 (GL's full chain: 1 + floor(log2(largest side))).
func mipLevelCount(width: Int, height: Int) -> Int {
    var levels = 1, side = max(width, height, 1)
    while side > 1 { side /= 2; levels += 1 }
    return levels
}

/// Typed spellings of the GL constants used here: C integer macros import as Int32, GL wants UInt32.
enum GLC {
    static let arrayBuffer = GLenum(GL_ARRAY_BUFFER)
    static let elementArrayBuffer = GLenum(GL_ELEMENT_ARRAY_BUFFER)
    static let staticDraw = GLenum(GL_STATIC_DRAW)
    static let float = GLenum(GL_FLOAT)
    static let unsignedInt = GLenum(GL_UNSIGNED_INT)
    static let unsignedByte = GLenum(GL_UNSIGNED_BYTE)
    static let triangles = GLenum(GL_TRIANGLES)
    static let texture2D = GLenum(GL_TEXTURE_2D)
    static let framebuffer = GLenum(GL_FRAMEBUFFER)
    static let readFramebuffer = GLenum(GL_READ_FRAMEBUFFER)
    static let drawFramebuffer = GLenum(GL_DRAW_FRAMEBUFFER)
    static let renderbuffer = GLenum(GL_RENDERBUFFER)
    static let rgba = GLenum(GL_RGBA)
}

/// The first pending GL error as text, or nil.
func glErrorText() -> String? {
    let e = glGetError()
    return e == GLenum(GL_NO_ERROR) ? nil : "GL error 0x\(String(e, radix: 16))"
}

/// The strings that identify the driver (recorded next to goldens).
public struct RendererInfo: Sendable, CustomStringConvertible {
    /// `GL_VENDOR`, or "?" when the context gives none.
    public let vendor: String
    /// `GL_RENDERER` (such as "llvmpipe (LLVM 15.0.6, 256 bits)"), or "?".
    public let renderer: String
    /// `GL_VERSION`, or "?".
    public let version: String
    /// `GL_SHADING_LANGUAGE_VERSION`, or "?".
    public let shadingLanguage: String

    /// Reads the strings of the current context.
    public static func current() -> RendererInfo {
        func s(_ name: Int32) -> String { glGetString(GLenum(name)).map { String(cString: $0) } ?? "?" }
        return RendererInfo(
            vendor: s(GL_VENDOR), renderer: s(GL_RENDERER), version: s(GL_VERSION),
            shadingLanguage: s(GL_SHADING_LANGUAGE_VERSION))
    }

    /// True for Mesa's software rasterizers (llvmpipe, softpipe).
    public var isSoftware: Bool { renderer.contains("llvmpipe") || renderer.contains("softpipe") }
    /// The renderer, version and vendor on three lines, as recorded next to goldens.
    public var description: String { "GL_RENDERER: \(renderer)\nGL_VERSION: \(version)\nGL_VENDOR: \(vendor)" }
}

/// Throws a clear error when no OpenGL context is current on this thread: GL calls without one
/// do nothing (glvnd's no-op dispatch), and what follows fails far from the cause (an empty
/// shader log, a black frame). The usual cause is a context that was not kept alive.
func requireCurrentContext(_ what: String) throws {
    guard glGetString(GLenum(GL_VERSION)) != nil else {
        throw RenderError(
            "\(what): no OpenGL context is current on this thread; create a HeadlessContext or a Window first "
                + "and keep it alive while you draw (or pass it to Renderer(context:), which keeps it)")
    }
}
