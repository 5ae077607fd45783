import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Live GL objects (vertex arrays, buffers, textures, framebuffers, renderbuffers, programs)
/// made by this module, per thread (GL objects belong to the context current on a thread), so
/// a test can check that everything created is deleted again.
public enum GLObjectCount {
    private static let counts = Mutex<[UInt: Int]>([:])

    /// Objects created and not yet deleted on the calling thread.
    public static var onThisThread: Int { counts.withLock { $0[UInt(bitPattern: Int(bitPattern: pthread_self()))] ?? 0 } }

    static func created(_ n: Int = 1) { add(n) }
    static func deleted(_ n: Int = 1) { add(-n) }

    private static func add(_ n: Int) {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        counts.withLock { $0[thread, default: 0] += n }
    }
}
