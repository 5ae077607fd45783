#if canImport(Glibc)
import Glibc
#endif

/// An output written piece by piece under `OutputFile`'s rules, for what is too long to hold in
/// memory (a long script's trace): a regular file or a new name is written to a temporary file
/// beside it that `commit` renames over it, so a reader or a crash never sees half a file (an
/// uncommitted stream removes its temporary); `-`, a device or a FIFO is written through.
/// Writes are gathered into 64 KiB blocks.
public final class OutputFileStream {
    /// The path as given (for messages).
    public let path: String
    private var fd: Int32
    private let ownsDescriptor: Bool
    /// The temporary name and the file it replaces on `commit`; nil when written through.
    private var pending: (temporary: String, target: String)?
    private var buffer = BlockBuffer()

    /// Opens `path` for writing: nothing is replaced until `commit`.
    public init(path: String) throws(OutputFileError) {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
            ownsDescriptor = false
            return
        }
        ownsDescriptor = true
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            if let real = realpath(path, nil) {
                target = String(cString: real)
                free(real)
            } else {
                // A dangling link: a new file where it points, as `>` would.
                target = OutputFile.linkTarget(path) ?? path
            }
        }
        guard stat(target, &info) == 0 else {
            (fd, pending) = try Self.openTemporary(beside: target, shown: path)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            (fd, pending) = try Self.openTemporary(beside: target, shown: path)
        case S_IFCHR, S_IFIFO, S_IFBLK:
            fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OutputFile.failure(path) }
        case S_IFDIR:
            throw OutputFileError(path: path, reason: "is a directory")
        default:
            throw OutputFileError(path: path, reason: "is not a regular file, a device or a FIFO")
        }
    }

    deinit { discard() }

    /// Appends `bytes` (gathered, written a 64 KiB block at a time). Throws when the write fails
    /// or the stream was already committed or discarded.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        guard fd >= 0 else { throw OutputFileError(path: path, reason: "already closed") }
        try buffer.append(bytes, to: fd, path: shownPath)
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws(OutputFileError) { try write(Array(text.utf8)) }

    /// Writes what is gathered and, for a regular file, renames the temporary over the target.
    public func commit() throws(OutputFileError) {
        do throws(OutputFileError) {
            try buffer.flush(to: fd, path: shownPath)
        } catch {
            discard()
            throw error
        }
        guard ownsDescriptor else { fd = -1; return }
        if pending != nil { fchmod(fd, 0o644 & ~OutputFile.currentUmask()) }
        let closed = close(fd) == 0
        fd = -1
        guard closed else {
            let error = OutputFile.failure(path)
            if let pending { unlink(pending.temporary) }
            self.pending = nil
            throw error
        }
        if let pending {
            self.pending = nil
            guard rename(pending.temporary, pending.target) == 0 else {
                let error = OutputFile.failure(path)
                unlink(pending.temporary)
                throw error
            }
        }
    }

    /// Abandons the output: a temporary is removed and the target left as it was.
    public func discard() {
        if ownsDescriptor, fd >= 0 { close(fd) }
        fd = -1
        if let pending { unlink(pending.temporary) }
        pending = nil
        buffer.clear()
    }

    /// The path as errors name it.
    private var shownPath: String { path == "-" ? "standard output" : path }

    /// `.NAME.sprout-XXXXXX` in the target's folder (so the rename stays on one file system).
    private static func openTemporary(beside target: String, shown: String) throws(OutputFileError) -> (Int32, (String, String)) {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template =
            Array((folder.isEmpty ? "" : folder + "/").utf8CString.dropLast())
            + Array(("." + name.prefix(200) + OutputFile.temporaryMarker + "XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw OutputFile.failure(shown) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (fd, (String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), target))
    }
}
