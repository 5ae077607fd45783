#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and a kill (SIGTERM) ask a window to stop as Esc does, so what a window
/// ends with (a recording's script, the preview's frame rate) is still written.
public enum StopSignal {
    /// Installs the handlers; the returned closure says whether a stop was asked (for
    /// `WindowRunner.shouldStop`).
    public static func install() -> () -> Bool {
        signal(SIGINT) { _ in requested = true }
        signal(SIGTERM) { _ in requested = true }
        return { requested }
    }
}

/// Set from a signal handler (which may touch nothing but such a flag).
nonisolated(unsafe) private var requested = false
