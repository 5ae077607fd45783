internal import CEGL
import SproutRender
#if canImport(Glibc)
import Glibc
#endif

/// An OpenGL 3.3 core context with no window and no display server: EGL's surfaceless platform
/// (Mesa), with the device platform as a fallback. Render into an `OffscreenTarget`.
///
/// GL state belongs to a thread: keep a context, its renderer and its targets on one thread.
public final class HeadlessContext: GraphicsContext {
    /// The EGL platform the context was made on.
    public enum Platform: String, Sendable { case surfaceless, device }

    private let display: EGLDisplay
    private let context: EGLContext
    /// Which EGL platform the context runs on: surfaceless, or the device platform when that failed.
    public let platform: Platform

    /// - Parameter forceSoftware: sets `LIBGL_ALWAYS_SOFTWARE=1` first, so Mesa picks llvmpipe
    ///   even where a GPU exists (golden images are made on llvmpipe).
    public init(forceSoftware: Bool = false) throws {
        if forceSoftware { setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1) }
        var chosen: (EGLDisplay, Platform)?
        if let d = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil), eglInitialize(d, nil, nil) != 0 {
            chosen = (d, .surfaceless)
        } else if let d = HeadlessContext.deviceDisplay() {
            chosen = (d, .device)
        }
        guard let (display, platform) = chosen else {
            throw RenderError("no EGL display: neither the surfaceless nor the device platform initialised (is libegl-mesa0 installed?)")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            throw RenderError("EGL cannot bind the desktop OpenGL API")
        }
        // EGL_PBUFFER_BIT is required: the default surface type (window) matches no config here.
        let configAttributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &count) != 0, count > 0 else {
            throw RenderError("EGL has no pbuffer-capable OpenGL config (error 0x\(String(eglGetError(), radix: 16)))")
        }
        let contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE
        ]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            throw RenderError("EGL cannot create an OpenGL 3.3 core context (error 0x\(String(eglGetError(), radix: 16)))")
        }
        self.display = display
        self.context = context
        self.platform = platform
        try makeCurrent()
    }

    /// Destroys the context (EGL defers that while it is current on another thread). The display
    /// is never terminated: it is one per process, shared by every context, and `eglTerminate`
    /// would end the others too (two surfaces alive at once, GL tests on parallel threads: a
    /// crash inside libEGL_mesa when the first went away).
    deinit {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroyContext(display, context)
    }

    /// Makes the context current on this thread (surfaceless: no draw or read surface).
    public func makeCurrent() throws {
        guard eglMakeCurrent(display, nil, nil, context) != 0 else {
            throw RenderError("eglMakeCurrent failed (error 0x\(String(eglGetError(), radix: 16)))")
        }
    }

    /// Makes no context current on this thread, so that another thread can make this one current
    /// (a context is current on one thread at a time).
    public func release() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
    }

    /// Runs `body` with the context current on this thread.
    public func withCurrent<R>(_ body: () throws -> R) throws -> R {
        try makeCurrent()
        return try body()
    }

    /// The first EGL device, through the extension functions glvnd does not export.
    private static func deviceDisplay() -> EGLDisplay? {
        typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
        guard let query = eglGetProcAddress("eglQueryDevicesEXT") else { return nil }
        let queryDevices = unsafeBitCast(query, to: QueryDevices.self)
        var device: EGLDeviceEXT?
        var count: EGLint = 0
        guard queryDevices(1, &device, &count) != 0, count > 0, let device else { return nil }
        guard let d = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(device), nil),
            eglInitialize(d, nil, nil) != 0
        else { return nil }
        return d
    }
}
