#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be written: the path and the system's reason, in one line.
public struct OutputFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as given.
    public var path: String
    /// The system's reason (`strerror`) or Sprout's, such as "is a directory".
    public var reason: String
    /// "cannot write PATH: REASON".
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Every file Sprout writes goes through here, so what is already at the path is respected:
///
/// - `-` is standard output (pipe a PNG or a trace into another program);
/// - a regular file, or a new name, is replaced atomically: a temporary file in the same folder
///   (`.NAME.sprout-XXXXXX`) is written, then renamed over it, so a reader or a crash never sees
///   half a file;
/// - a symbolic link is followed, and these rules apply to what it points at;
/// - a device or a FIFO is written through, never replaced (`/dev/full` reports no space);
/// - a directory or a socket is refused.
public enum OutputFile {
    /// The marker in temporary names, so a folder's owner can clear what an interrupted write left.
    public static let temporaryMarker = ".sprout-"

    /// Writes `bytes` to `path` under the rules above (atomically for a regular file or a new
    /// name). Throws when the path cannot be written; what was there is then left as it was.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let stream = try OutputFileStream(path: path)
        try stream.write(bytes)
        try stream.commit()
    }

    /// Writes `text` as UTF-8 to `path`, as `write(_:to:)` writes bytes.
    public static func write(_ text: String, to path: String) throws(OutputFileError) { try write(Array(text.utf8), to: path) }

    /// Makes the folder that will hold `path` as `makeFolder` does, runs `body`, and takes that
    /// folder away again when `body` throws and the folder was new and is still empty (a failed
    /// render leaves nothing behind).
    public static func inFolder<T>(for path: String, _ body: () throws -> T) throws -> T {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        var info = stat()
        let isNew = path != "-" && !folder.isEmpty && stat(folder, &info) != 0
        try makeFolder(for: path)
        do { return try body() } catch {
            if isNew { rmdir(folder) }   // fails, as it should, unless the folder is empty
            throw error
        }
    }

    /// Makes the folder that will hold `path` (and its parents), as `mkdir -p`; nothing for `-`
    /// or a path whose folder exists. The error names the folder and the system's reason.
    public static func makeFolder(for path: String) throws(OutputFileError) {
        try makeFolder(for: path, shown: path)
    }

    private static func makeFolder(for path: String, shown: String) throws(OutputFileError) {
        guard path != "-", let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw OutputFileError(path: shown, reason: "\(folder) is not a folder") }
            return
        }
        try makeFolder(for: folder, shown: shown)
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw OutputFileError(path: shown, reason: "cannot create the folder \(folder): " + String(cString: strerror(errno)))
        }
    }

    /// `path` made absolute against the current directory (for messages and recorded scripts).
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += n
        }
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return (path.lastIndex(of: "/").map { String(path[...$0]) } ?? "") + target
    }

    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    static func failure(_ path: String) -> OutputFileError {
        OutputFileError(path: path, reason: String(cString: strerror(errno)))
    }
}
