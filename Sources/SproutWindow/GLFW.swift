internal import CGLFW
import SproutRender
#if canImport(Glibc)
import Glibc
#endif

/// GLFW's functions, resolved once for the process when the first window opens (`CGLFW`'s
/// shim opens libglfw.so.3): a program that never opens a window never loads GLFW and X11.
struct GLFW: @unchecked Sendable {
    let initialize: @convention(c) () -> Int32
    let terminate: @convention(c) () -> Void
    let getError: @convention(c) (UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let windowHint: @convention(c) (Int32, Int32) -> Void
    let createWindow: @convention(c) (Int32, Int32, UnsafePointer<CChar>?, OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    let destroyWindow: @convention(c) (OpaquePointer?) -> Void
    let makeContextCurrent: @convention(c) (OpaquePointer?) -> Void
    let swapInterval: @convention(c) (Int32) -> Void
    let setWindowUserPointer: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    let getWindowUserPointer: @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    let setMouseButtonCallback: @convention(c) (OpaquePointer?, GLFWmousebuttonfun?) -> GLFWmousebuttonfun?
    let setCursorPosCallback: @convention(c) (OpaquePointer?, GLFWcursorposfun?) -> GLFWcursorposfun?
    let setScrollCallback: @convention(c) (OpaquePointer?, GLFWscrollfun?) -> GLFWscrollfun?
    let setKeyCallback: @convention(c) (OpaquePointer?, GLFWkeyfun?) -> GLFWkeyfun?
    let getFramebufferSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    let getWindowSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    let windowShouldClose: @convention(c) (OpaquePointer?) -> Int32
    let setWindowShouldClose: @convention(c) (OpaquePointer?, Int32) -> Void
    let setWindowTitle: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void
    let getTime: @convention(c) () -> Double
    let pollEvents: @convention(c) () -> Void
    let swapBuffers: @convention(c) (OpaquePointer?) -> Void
    let getKey: @convention(c) (OpaquePointer?, Int32) -> Int32

    /// GLFW, or why it could not be opened (not installed: libglfw3).
    static let opened: Result<GLFW, RenderError> = {
        var api = sprout_glfw()
        guard sprout_glfw_open(&api) == 0 else {
            let reason = dlerror().map { String(cString: $0) } ?? "a GLFW function is missing"
            return .failure(RenderError("cannot start GLFW: libglfw.so.3 could not be opened (\(reason)); install libglfw3"))
        }
        // The shim checked every one.
        return .success(
            GLFW(
                initialize: api.initialize!, terminate: api.terminate!, getError: api.getError!, windowHint: api.windowHint!,
                createWindow: api.createWindow!, destroyWindow: api.destroyWindow!, makeContextCurrent: api.makeContextCurrent!,
                swapInterval: api.swapInterval!, setWindowUserPointer: api.setWindowUserPointer!,
                getWindowUserPointer: api.getWindowUserPointer!, setMouseButtonCallback: api.setMouseButtonCallback!,
                setCursorPosCallback: api.setCursorPosCallback!, setScrollCallback: api.setScrollCallback!,
                setKeyCallback: api.setKeyCallback!, getFramebufferSize: api.getFramebufferSize!, getWindowSize: api.getWindowSize!,
                windowShouldClose: api.windowShouldClose!, setWindowShouldClose: api.setWindowShouldClose!,
                setWindowTitle: api.setWindowTitle!, getTime: api.getTime!, pollEvents: api.pollEvents!, swapBuffers: api.swapBuffers!,
                getKey: api.getKey!))
    }()
}
