#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be written: the path and the system's reason, in one line.
public struct OutputFileError: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    public var reason: String
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

    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        if path == "-" { return try writeAll(bytes, to: STDOUT_FILENO, path: "standard output") }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            guard let real = realpath(path, nil) else {
                // A dangling link: write a new file where it points, as `>` would.
                return try writeNew(bytes, to: linkTarget(path) ?? path, shown: path)
            }
            target = String(cString: real)
            free(real)
        }
        guard stat(target, &info) == 0 else { return try writeNew(bytes, to: target, shown: path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try writeNew(bytes, to: target, shown: path)
        case S_IFCHR, S_IFIFO, S_IFBLK:
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path) }
            defer { close(fd) }
            try writeAll(bytes, to: fd, path: path)
        case S_IFDIR:
            throw OutputFileError(path: path, reason: "is a directory")
        default:
            throw OutputFileError(path: path, reason: "is not a regular file, a device or a FIFO")
        }
    }

    public static func write(_ text: String, to path: String) throws(OutputFileError) { try write(Array(text.utf8), to: path) }

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

    /// A temporary file beside `target`, then renamed over it.
    private static func writeNew(_ bytes: [UInt8], to target: String, shown: String) throws(OutputFileError) {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((folder.isEmpty ? "" : folder + "/").utf8CString.dropLast()) + Array(("." + name.prefix(200) + temporaryMarker + "XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw failure(shown) }
        let temporary = String(cString: template)
        do throws(OutputFileError) {
            try writeAll(bytes, to: fd, path: shown)
            fchmod(fd, 0o644 & ~currentUmask())
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let error = failure(shown)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let error = failure(shown)
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(OutputFileError) {
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

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return (path.lastIndex(of: "/").map { String(path[...$0]) } ?? "") + target
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    private static func failure(_ path: String) -> OutputFileError {
        OutputFileError(path: path, reason: String(cString: strerror(errno)))
    }
}
