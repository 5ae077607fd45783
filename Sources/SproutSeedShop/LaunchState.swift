import SproutDocument
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last experience, kept so that a launch without an invocation URL (from the App Switcher,
/// seed 004) restores it. Saved atomically: a temporary file is written, then renamed over the
/// old one, so a crash in between leaves the previous state intact.
public struct LaunchState: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The user's state file, under `$XDG_STATE_HOME` (else `~/.local/state`).
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/sprout/last-experience" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/sprout/last-experience" }
        return nil
    }

    /// Where an interrupted save may have left its half-written file.
    var temporaryPath: String { path + ".partial" }

    public func save(_ url: String) throws {
        try FileManager.default.createDirectory(atPath: Document.folder(of: path), withIntermediateDirectories: true)
        // Foundation writes a temporary file and renames it over the old state in one step, so
        // there is never a moment without a state file (removing, then moving, had one).
        do { try Data((url + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw LaunchStateError(path: path, reason: "cannot be written: \(error)")
        }
        _ = try? FileManager.default.removeItem(atPath: temporaryPath)   // left by an earlier interrupted save
    }

    /// The saved URL, or nil when there is none; a half-written temporary file is ignored.
    public func restore() -> String? {
        guard let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              !text.contains("\n") else { return nil }
        return text
    }
}

/// The saved experience could not be written (the path and the reason).
public struct LaunchStateError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
