internal import CGLFW
import SproutRender
#if canImport(Glibc)
import Glibc
#endif

/// GLFW, opened once for the process when the first window opens (`CGLFW`'s shim opens
/// libglfw.so.3 and resolves the functions Sprout calls into a `sprout_glfw` table): a program
/// that never opens a window never loads GLFW and X11.
enum GLFW {
    /// The table (every entry checked by the shim), or why GLFW could not be opened (not installed: libglfw3).
    nonisolated(unsafe) static let opened: Result<sprout_glfw, RenderError> = {
        var api = sprout_glfw()
        guard sprout_glfw_open(&api) == 0 else {
            let reason = dlerror().map { String(cString: $0) } ?? "a GLFW function is missing"
            return .failure(RenderError("cannot start GLFW: libglfw.so.3 could not be opened (\(reason)); install libglfw3"))
        }
        return .success(api)
    }()
}
