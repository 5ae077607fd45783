#if canImport(Glibc)
import Glibc
#endif

/// Bytes set aside on disk and read back once, in order: an unnamed temporary file (created in
/// `TMPDIR`, or /tmp, and unlinked at once, so nothing is left behind even after a crash).
/// Keeps what would otherwise grow in memory (the per-frame part of a long trace) off the heap.
public final class SpillFile {
    private var fd: Int32
    private var buffer = BlockBuffer()
    private static let path = "a temporary file"

    /// Creates the unnamed file; throws when the temporary folder cannot be written.
    public init() throws(OutputFileError) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/sprout-spill-XXXXXX").utf8CString)
        fd = mkstemp(&template)
        guard fd >= 0 else { throw OutputFile.failure(folder) }
        unlink(template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Appends `bytes`; throws when the disk write fails (no space).
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        try buffer.append(bytes, to: fd, path: Self.path)
    }

    /// Hands everything written so far to `body`, in blocks of at most 64 KiB.
    public func replay(_ body: ([UInt8]) throws -> Void) throws {
        try buffer.flush(to: fd, path: Self.path)
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw OutputFile.failure(Self.path) }
        var block = [UInt8](repeating: 0, count: BlockBuffer.blockSize)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputFile.failure(Self.path)
            }
            if n == 0 { break }
            try body(Array(block[..<n]))
        }
        guard lseek(fd, 0, SEEK_END) >= 0 else { throw OutputFile.failure(Self.path) }
    }
}
