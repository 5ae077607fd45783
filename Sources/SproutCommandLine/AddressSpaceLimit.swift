#if canImport(Glibc)
import Glibc
#endif

/// Caps this process's address space (RLIMIT_AS): an allocation past it fails, so a model or a
/// case that wants every byte of the machine ends this process only (the children of
/// `--isolate-import` and `sprout test`). At least 64 MiB, so the runtime itself can start.
public enum AddressSpaceLimit {
    /// The lowest cap applied, bytes.
    public static let minimum = 1 << 26

    /// Caps this process at `bytes` (at least `minimum`).
    public static func apply(bytes: Int) {
        let value = rlim_t(max(bytes, minimum))
        var limit = rlimit(rlim_cur: value, rlim_max: value)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }
}
