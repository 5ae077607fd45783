import SproutDocument
import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last experience, kept so that a launch without an invocation URL (from the App Switcher,
/// seed 004) restores it. Saved atomically: a temporary file is written, then renamed over the
/// old one, so a crash in between leaves the previous state intact.
public struct LaunchState: Sendable {
    /// The state file (`defaultPath(environment:)` gives the user's).
    public let path: String

    /// The launch state kept in the file at `path`.
    public init(path: String) { self.path = path }

    /// The user's state file, under `$XDG_STATE_HOME` (else `~/.local/state`).
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/sprout/last-experience" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/sprout/last-experience" }
        return nil
    }

    /// Saves `url` as the last experience, creating the file's folder, and removes temporary files
    /// an interrupted save left. Throws `LaunchStateError` when the file cannot be written, and the
    /// file system's error when the folder cannot be created.
    public func save(_ url: String) throws {
        try FileManager.default.createDirectory(atPath: Document.folder(of: path), withIntermediateDirectories: true)
        // A temporary file renamed over the old state in one step, so there is never a moment
        // without a state file (removing, then moving, had one).
        do { try OutputFile.write(url + "\n", to: path) } catch {
            throw LaunchStateError(path: path, reason: "cannot be written: \(error.reason)")
        }
        removeLeftovers()
    }

    /// Temporary files an interrupted save (a kill between write and rename) left beside the state.
    func removeLeftovers() {
        let folder = Document.folder(of: path)
        let prefix = "." + (path.split(separator: "/").last.map(String.init) ?? "") + OutputFile.temporaryMarker
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            _ = try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// The saved URL, or nil when there is none; a half-written temporary file is ignored.
    public func restore() -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
            !text.contains("\n")
        else { return nil }
        return text
    }
}

/// The saved experience could not be written (the path and the reason).
public struct LaunchStateError: Error, CustomStringConvertible {
    /// The state file.
    public var path: String
    /// Why it could not be written.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
