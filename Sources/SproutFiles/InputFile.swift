#if canImport(Glibc)
import Glibc
#endif

/// Reading a whole file whose size is bounded, measured before a byte is read: a 6 GB file
/// named as an 8 MiB document was read whole before it was refused (issue 30), and a FIFO or a
/// device would block or never end.
public enum InputFile {
    /// Why a file was not read.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing is at the path.
        case missing
        /// A folder, a FIFO, a device: not a file to read.
        case notRegular
        /// Larger than the limit (its size in bytes).
        case tooLarge(bytes: Int, limit: Int)
        /// It could not be opened or read.
        case unreadable

        /// In words, for a message after the file's name.
        public var description: String {
            switch self {
            case .missing: "no such file"
            case .notRegular: "not a regular file"
            case let .tooLarge(bytes, limit): "is \(bytes) bytes; the limit is \(limit)"
            case .unreadable: "cannot be read"
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them (its size checked on the
    /// file opened, not on the name, so a swap between check and read cannot slip one in).
    public static func read(path: String, limit: Int) -> Result<[UInt8], Refusal> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(errno == ENOENT ? .missing : .unreadable) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        let size = Int(info.st_size)
        guard size <= limit else { return .failure(.tooLarge(bytes: size, limit: limit)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return done == size ? .success(bytes) : .failure(.unreadable)
    }
}
