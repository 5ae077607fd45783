#if canImport(Glibc)
import Glibc
#endif

/// The environment for a child process whose crash the parent reports in one line (the model
/// import probe, render-test workers): this process's, with Swift's backtracer turned off,
/// which in the child would only make a crash slow to end.
public enum ChildEnvironment {
    /// This process's environment as `NAME=value` entries, with `SWIFT_BACKTRACE` replaced by
    /// `enable=no`: pass it to the child process (`posix_spawn`'s `envp`).
    public static func withoutBacktracer() -> [String] {
        var environment: [String] = []
        var e = environ
        while let entry = e.pointee { environment.append(String(cString: entry)); e += 1 }
        return environment.filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + ["SWIFT_BACKTRACE=enable=no"]
    }
}
