#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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

    public static func sharedModel(_ relativePath: String) -> String {
        repositoryRoot + "/../shared/models/" + relativePath
    }

    public static func peerAsset(_ name: String) -> String {
        repositoryRoot + "/../shared/peers/assets/" + name
    }

    /// A new empty folder under the system's temporary directory.
    public static func temporaryDirectory(_ label: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/sprout-\(label)-\(UInt64.random(in: 0...UInt64.max))"
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

    public static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

extension Fixtures {
    public static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    public static func temporaryDirectoryCreate(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}
