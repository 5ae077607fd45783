import ArgumentParser
import SproutApp
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// `--timeout SECONDS` for commands that render or play untrusted input (issue 30, item 12): a
/// file that would take hours (a fill-rate model, a script of a million frames) costs at most
/// this long. Past it the process says so and ends with status 124 (as timeout(1) does) from
/// a watchdog thread, whatever the main thread is doing: a single frame may be the slow part.
/// Files are written through a temporary name and renamed, so none is left half-written.
public struct TimeoutOptions: ParsableArguments {
    /// No timeout.
    public init() {}

    /// `--timeout`, seconds (nil: none).
    @Option(help: "Seconds the command may take; past them it stops with exit status 124.")
    public var timeout: Double?

    /// Refuses a timeout outside (0, 604800] seconds.
    public func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 604_800) { throw ValidationError("--timeout must lie in (0, 604800] seconds, got \(timeout)") }
    }

    /// Starts the watchdog for `command` (`sprout render`); nothing without `--timeout`.
    public func start(_ command: String) {
        guard let timeout else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            let message = "error: \(command) took longer than --timeout \(Printf.format("%g", timeout)) s; stopped\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(124)
        }
    }
}
