#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where test data lives: the third-party models in ../shared/models (never copied into the
/// repository) and scratch folders for tests that write files.
public enum Fixtures {
    /// The repository root, from this file's compile-time path.
    public static let repositoryRoot: String = {
        var p = #filePath
        for _ in 0..<3 { p = String(p[..<p.lastIndex(of: "/")!]) }
        return p
    }()

    /// Sprout's own `Assets/` in the source tree (stages, plants, the catalog), for tests that
    /// read a built-in file by path rather than through `ResourceLocator`.
    public static let assetsDirectory = repositoryRoot + "/Sources/SproutApp/Assets"

    /// A third-party model from `../shared/models` (licences in its INDEX.md), by relative path.
    public static func sharedModel(_ relativePath: String) -> String {
        repositoryRoot + "/../shared/models/" + relativePath
    }

    /// A file the peer programs use, from `../shared/peers/assets`.
    public static func peerAsset(_ name: String) -> String {
        repositoryRoot + "/../shared/peers/assets/" + name
    }

    /// A new empty folder, removed with everything in it when the process exits (a test run
    /// leaves nothing behind in the system's temporary directory unless it crashes).
    ///
    /// Every folder of one process lies in one scratch root, `sprout-tests-<pid>-<random>`
    /// under `TMPDIR` (or /tmp), so a run's files are found together and go together.
    public static func temporaryDirectory(_ label: String) throws -> String {
        let path = ScratchRoot.shared.path + "/\(label)-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of `folder` (goldens and all) in a new temporary folder, for tests that change it.
    public static func copy(folder: String, label: String) throws -> String {
        let dir = try temporaryDirectory(label)
        try FileManager.default.removeItem(atPath: dir)
        try FileManager.default.copyItem(atPath: folder, toPath: dir)
        return dir
    }

    /// Writes `text` as UTF-8 to `path`, replacing any file there.
    public static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Writes `bytes` to `path`, replacing any file there.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

extension Fixtures {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Creates the folder `path` and any missing parents.
    public static func temporaryDirectoryCreate(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}

/// The one folder a process's scratch folders lie in, created on first use and removed at exit.
private final class ScratchRoot: Sendable {
    static let shared = ScratchRoot()

    let path: String

    private init() {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let id = ProcessInfo.processInfo.processIdentifier
        path = base + "/sprout-tests-\(id)-\(UInt64.random(in: 0...UInt64.max))"
        #if canImport(Glibc)
        // Registered once, by the first folder asked for; a C function pointer captures
        // nothing, so it reads the root again through `shared`.
        atexit { try? FileManager.default.removeItem(atPath: ScratchRoot.shared.path) }
        #endif
    }
}
