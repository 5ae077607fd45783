internal import CAssimp
#if canImport(Glibc)
import Glibc
#endif

/// An Assimp IO system that only opens files inside one folder.
///
/// Every path Assimp asks for (the model, its .bin, its .mtl) is normalised and resolved through
/// symbolic links; anything outside the folder, absolute paths elsewhere and `file:` URIs are
/// refused and recorded, so the importer can report them instead of a vague parse error.
final class ConfinedFileSystem {
    let folder: String
    private(set) var refused: [String] = []
    /// Files served from memory instead of the disk, by real path: a glTF file rewritten so that
    /// Assimp can read it (`GLTFRewrite`), with its images still read from beside it.
    private var substitutes: [String: UnsafeMutableRawBufferPointer] = [:]

    /// Whether the paths asked for are URIs (glTF's buffers and images), whose %XX escapes
    /// name the file: Assimp 5.2 asks for `box%20data.bin` as written.
    let pathsAreURIs: Bool

    init(folder: String, pathsAreURIs: Bool = false) {
        self.folder = ConfinedFileSystem.resolved(folder) ?? folder
        self.pathsAreURIs = pathsAreURIs
    }

    /// The names `requested` may mean, in the order they are tried: for URIs, the decoded name
    /// first, then the name as written (a file named `a%20b.bin` is still found).
    func candidateNames(_ requested: String) -> [String] {
        let decoded = pathsAreURIs ? GLTFBuffers.percentDecoded(requested) : requested
        return decoded == requested ? [requested] : [decoded, requested]
    }

    /// The file `requested` names (`candidateNames`), admitted and opened; nil when none opens.
    fileprivate func openForAssimp(_ requested: String) -> ConfinedFile? {
        for name in candidateNames(requested) {
            guard let admitted = admit(name) else { return nil }
            if let opened = openSubstitute(admitted) ?? ConfinedFile(path: admitted) { return opened }
        }
        return nil
    }

    deinit {
        for bytes in substitutes.values { bytes.deallocate() }
    }

    /// Serves `size` bytes that `write` puts in place, written once into the memory they are
    /// served from, whenever the file at `path` (a real path inside the folder) is opened.
    func substitute(_ path: String, size: Int, writing write: (UnsafeMutableRawBufferPointer) -> Void) {
        substitutes[path]?.deallocate()
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        write(UnsafeMutableRawBufferPointer(rebasing: bytes[0..<size]))
        substitutes[path] = UnsafeMutableRawBufferPointer(rebasing: bytes[0..<size])
    }

    /// The stand-in for `path` opened as a stream, if there is one.
    fileprivate func openSubstitute(_ path: String) -> ConfinedFile? {
        substitutes[path].flatMap(ConfinedFile.init(memory:))
    }

    /// The real path of `path` when it stays inside the folder, else `nil` (and it is recorded).
    func admit(_ requested: String) -> String? {
        if let path = resolve(requested) { return path }
        refused.append(requested)
        return nil
    }

    /// Pure check, no recording: the canonical path inside the folder, or nil.
    func resolve(_ requested: String) -> String? {
        if requested.lowercased().hasPrefix("file:") { return nil }
        var path = String(requested.map { $0 == "\\" ? "/" : $0 })
        if !path.hasPrefix("/") { path = folder + "/" + path }
        let lexical = ConfinedFileSystem.normalized(path)
        guard ConfinedFileSystem.isInside(lexical, folder: folder) else { return nil }
        // Symbolic links may still point out; resolve what exists.
        guard let real = ConfinedFileSystem.resolved(lexical) else { return lexical }   // missing: open fails later
        return ConfinedFileSystem.isInside(real, folder: folder) ? real : nil
    }

    static func isInside(_ path: String, folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Removes `.`, `..` and empty components without touching the disk.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(c)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func resolved(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// Opens `path` for reading only if it is a regular file. The open itself does not wait (a
    /// FIFO would block an ordinary open until something writes to it), and the check is on the
    /// file opened, not on the name, so a swap between check and open cannot slip one in.
    static func openRegularFile(_ path: String) -> (stream: UnsafeMutablePointer<FILE>, size: Int)? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0, let stream = fdopen(fd, "rb")
        else {
            close(fd)
            return nil
        }
        return (stream, Int(info.st_size))
    }

    /// Reads a whole regular file that `admit` accepted; nil when it is (or grows while it is
    /// read to be) larger than `limit` bytes.
    static func readAll(_ path: String, limit: Int = .max) -> [UInt8]? {
        guard let (f, size) = openRegularFile(path) else { return nil }
        defer { fclose(f) }
        return size <= limit ? readAll(of: f, size: size, limit: limit) : nil
    }

    /// The rest of open file `f` (`size` bytes by its stat); nil when it grows past `limit`
    /// while it is read, or a read fails.
    private static func readAll(of f: UnsafeMutablePointer<FILE>, size: Int, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if bytes.count > limit { return nil }
            if n < chunk.count { break }
        }
        return ferror(f) == 0 ? bytes : nil
    }

    /// The bytes of image file `reference` beside the model `model` (a texture's path), admitted
    /// by this folder and at most `limit` bytes, checked before any is read; errors name the
    /// model and the texture. A path that is not there, another machine's (`C:\Users\me\wood.png`,
    /// `/home/me/wood.png`) or one outside the folder, is looked for by its file name alone in
    /// the folder, as Blender's importers look for it (a model downloaded with its textures
    /// beside it); one found so is noted in `foundByName`. Nothing outside the folder is read.
    func textureBytes(_ reference: String, model: String, limit: Int) throws(ModelImportError) -> [UInt8] {
        try noting({ () throws(ModelImportError) in try textureBytesUnnoted(reference, model: model, limit: limit) }, foundByName: \.foundByName).bytes
    }

    /// What `read` returns, noting what reading it found: the file name `foundByName` gives
    /// (one found by its name alone) in `foundByName`, and a path outside the folder that made
    /// it fail in `refused`. A read ahead is made without it, and noted when it is used.
    func noting<Read>(_ read: () throws(ModelImportError) -> Read, foundByName name: (Read) -> String?) throws(ModelImportError) -> Read {
        do {
            let result = try read()
            if let name = name(result) { noteFoundByName(name) }
            return result
        } catch {
            if case .pathEscapesFolder(_, let requested) = error { refused.append(requested) }
            throw error
        }
    }

    /// `textureBytes` noting nothing (neither `foundByName` nor `refused`), for a reader that
    /// reads ahead and notes only what is then used (`noting`, `noteFoundByName`);
    /// `foundByName` is `reference` when the file was found by its file name alone.
    func textureBytesUnnoted(_ reference: String, model: String, limit: Int) throws(ModelImportError) -> (bytes: [UInt8], foundByName: String?) {
        let opened: (stream: UnsafeMutablePointer<FILE>, size: Int)
        var byName = false
        if let path = resolve(reference), let file = Self.openRegularFile(path) {
            opened = file
        } else if let file = openByFileName(reference) {
            opened = file
            byName = true
        } else {
            guard resolve(reference) != nil else { throw .pathEscapesFolder(model: model, requested: reference) }
            throw .badTexture(model: model, texture: reference, reason: "file not found beside the model")
        }
        let (file, size) = opened
        defer { fclose(file) }
        guard size <= limit else {
            throw .badTexture(model: model, texture: reference, reason: "the file is \(size) bytes, more than the \(limit) a model's file may be")
        }
        guard let bytes = Self.readAll(of: file, size: size, limit: limit) else {
            throw .badTexture(model: model, texture: reference, reason: "the file cannot be read (or grew past \(limit) bytes while it was)")
        }
        return (bytes, byName ? reference : nil)
    }

    /// Notes that texture `reference` was read from a file found by its file name alone.
    func noteFoundByName(_ reference: String) { foundByName.append(reference) }

    /// The textures found by their file name alone (`textureBytes`), as the model names them.
    private(set) var foundByName: [String] = []

    /// The file `reference`'s last path component (after `/` or `\`) names in the folder, opened;
    /// nil when the reference is that name already, or no such file is there.
    private func openByFileName(_ reference: String) -> (stream: UnsafeMutablePointer<FILE>, size: Int)? {
        guard let name = reference.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init), name != reference,
            name != "..", name != ".", let path = resolve(name)
        else { return nil }
        return Self.openRegularFile(path)
    }

    // MARK: Assimp callbacks

    /// Runs `body` with an `aiFileIO` that routes Assimp's file access through this object.
    func withFileIO<R>(_ body: (UnsafeMutablePointer<aiFileIO>) -> R) -> R {
        var io = aiFileIO(
            OpenProc: confinedOpen, CloseProc: confinedClose,
            UserData: Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self))
        return withUnsafeMutablePointer(to: &io) { body($0) }
    }
}

/// An open file, read where it lies: Assimp opens a model several times (each importer's format
/// check, then the import), and reading the whole file on every open cost a full copy each time.
final class ConfinedFile {
    let stream: UnsafeMutablePointer<FILE>
    let size: Int
    /// Nil unless `path` is a regular file that can be opened (`openRegularFile`).
    init?(path: String) {
        guard let (stream, size) = ConfinedFileSystem.openRegularFile(path) else { return nil }
        self.stream = stream
        self.size = size
    }
    /// A stream over `bytes`, which must outlive it (`ConfinedFileSystem.substitute`).
    init?(memory bytes: UnsafeMutableRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0, let stream = fmemopen(base, bytes.count, "rb") else { return nil }
        self.stream = stream
        self.size = bytes.count
    }
    deinit { fclose(stream) }
}

private func file(_ f: UnsafeMutablePointer<aiFile>?) -> ConfinedFile {
    Unmanaged<ConfinedFile>.fromOpaque(UnsafeRawPointer(f!.pointee.UserData!)).takeUnretainedValue()
}

private func confinedOpen(_ io: UnsafeMutablePointer<aiFileIO>?, _ path: UnsafePointer<CChar>?, _ mode: UnsafePointer<CChar>?) -> UnsafeMutablePointer<aiFile>?
{
    guard let io, let path, let mode else { return nil }
    if String(cString: mode).contains("w") { return nil }   // importing never writes
    let fs = Unmanaged<ConfinedFileSystem>.fromOpaque(UnsafeRawPointer(io.pointee.UserData!)).takeUnretainedValue()
    guard let opened = fs.openForAssimp(String(cString: path)) else { return nil }
    let handle = UnsafeMutablePointer<aiFile>.allocate(capacity: 1)
    handle.initialize(
        to: aiFile(
            ReadProc: { f, buffer, size, count in
                guard size > 0, let buffer else { return 0 }
                return fread(buffer, size, count, file(f).stream)
            },
            WriteProc: { _, _, _, _ in 0 },
            TellProc: { f in max(0, ftello(file(f).stream)) },
            FileSizeProc: { f in file(f).size },
            SeekProc: { f, offset, origin in
                let c = file(f)
                let base =
                    switch origin {
                    case aiOrigin_CUR: Int(ftello(c.stream))
                    case aiOrigin_END: c.size
                    default: 0
                    }
                let target = base + offset
                guard target >= 0, target <= c.size, fseeko(c.stream, off_t(target), SEEK_SET) == 0 else { return aiReturn_FAILURE }
                return aiReturn_SUCCESS
            },
            FlushProc: { _ in },
            UserData: Unmanaged.passRetained(opened).toOpaque().assumingMemoryBound(to: CChar.self)))
    return handle
}

private func confinedClose(_ io: UnsafeMutablePointer<aiFileIO>?, _ f: UnsafeMutablePointer<aiFile>?) {
    guard let f else { return }
    Unmanaged<ConfinedFile>.fromOpaque(UnsafeRawPointer(f.pointee.UserData!)).release()
    f.deinitialize(count: 1)
    f.deallocate()
}
