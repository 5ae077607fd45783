import SproutDocument
import SproutFiles
import SproutSceneFile
import SproutScript
import SproutSession
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One case of a render-test folder: a scene file or a gesture script, and where its goldens
/// are (`goldens/NAME.png` for a scene, `goldens/NAME/SNAPSHOT.png` for a script's snapshots).
public struct RenderTestCase: Sendable, Equatable, Codable {
    /// What the case's file is.
    public enum Kind: String, Sendable, Codable {
        case scene, script
        /// A file that is neither, or cannot be read: it fails with its error.
        case unreadable
    }

    /// The file's name without its extension: names the goldens, results and report entries.
    public var name: String
    /// The case file's path.
    public var path: String
    /// Scene, script, or a file that fails with `problem`.
    public var kind: Kind
    /// Why an `unreadable` case cannot run.
    public var problem: String?
    /// The folder that holds this case's goldens.
    public var goldens: String

    /// The cases in `folder`: every `.yaml`, `.yml` and `.json` file directly in it (sub-folders hold
    /// goldens and assets), sorted by name so shards and reports are the same on every machine.
    /// A file with `models:` is a scene, with `steps:` a script; a stage file (only a stage's keys)
    /// is left out, as cases use it. Any other file is a failing case that says which key is
    /// unknown and the nearest known one (`modles:`: did you mean `models`?), so a typo can
    /// never make a case vanish; so is a file that cannot be parsed. Files are sorted by their
    /// top-level keys as `DocumentKeys` scans them; the worker that runs a case parses it.
    public static func discover(in folder: String) throws -> [RenderTestCase] {
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw AppError("\(folder): not a folder of render tests (no such folder, or it cannot be read)")
        }
        let names = entries.filter { name in
            [".yaml", ".yml", ".json"].contains { name.lowercased().hasSuffix($0) } && !name.hasPrefix(".")
        }.sorted()
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        // x.yaml, x.yml and x.json would share x's golden: each of them fails, naming the others.
        var stems: [String: [String]] = [:]
        for file in names { stems[Document.stem(of: file), default: []].append(file) }
        return names.compactMap { file in
            let path = base + "/" + file
            let name = Document.stem(of: file)
            let goldens = base + "/goldens"
            if let same = stems[name], same.count > 1 {
                return RenderTestCase(
                    name: name, path: path, kind: .unreadable,
                    problem: "\(path): shares its name with \(same.filter { $0 != file }.joined(separator: ", ")), and so its goldens: rename one",
                    goldens: goldens)
            }
            // Sorted by its top-level keys, scanned, not parsed: the parse happens in the worker
            // that runs the case, under `--timeout` (a file that is not a mapping by its bytes is
            // parsed here to say why, when it is small).
            let keys: [String]
            switch InputFile.read(path: path, limit: Document.maximumSize) {
            case .success(let bytes):
                if let scanned = DocumentKeys.scan(bytes) {
                    keys = scanned.filter { !$0.hasPrefix(Document.extensionPrefix) }
                } else if bytes.count <= Self.largestParsedInDiscovery {
                    do { keys = Self.keys(of: try Document.load(path: path)) } catch {
                        return RenderTestCase(name: name, path: path, kind: .unreadable, problem: "\(error)", goldens: goldens)
                    }
                } else {
                    return RenderTestCase(name: name, path: path, kind: .unreadable, problem: notACase(path, keys: []), goldens: goldens)
                }
            case .failure:
                // The same refusal a parser would give (too large, not a regular file, unreadable).
                do { _ = try Document.load(path: path) } catch {
                    return RenderTestCase(name: name, path: path, kind: .unreadable, problem: "\(error)", goldens: goldens)
                }
                return RenderTestCase(name: name, path: path, kind: .unreadable, problem: "\(path): cannot be read", goldens: goldens)
            }
            if keys.contains("models") { return RenderTestCase(name: name, path: path, kind: .scene, goldens: goldens) }
            if keys.contains("steps") { return RenderTestCase(name: name, path: path, kind: .script, goldens: goldens + "/" + name) }
            if !keys.isEmpty, keys.allSatisfy(StageLoader.fields.contains) { return nil }
            return RenderTestCase(name: name, path: path, kind: .unreadable, problem: notACase(path, keys: keys), goldens: goldens)
        }
    }

    /// A file whose bytes show no mapping is parsed during discovery, to say what it is, only
    /// up to this size (64 KiB: milliseconds); a larger one fails as not a case.
    static let largestParsedInDiscovery = 1 << 16

    /// A document's top-level keys, less the `x-` ones every reader skips.
    private static func keys(of document: DocumentValue) -> [String] {
        guard case .mapping(let pairs) = document.content else { return [] }
        return pairs.map(\.key).filter { !$0.hasPrefix(Document.extensionPrefix) }
    }

    /// Why a file in a test folder is neither a scene, a script nor a stage.
    private static func notACase(_ path: String, keys: [String]) -> String {
        let known = SceneFile.fields + Script.fields + StageLoader.fields
        let intro = "\(path): neither a scene (models:), a script (steps:) nor a stage"
        guard let unknown = keys.first(where: { !known.contains($0) }) else {
            return intro + (keys.isEmpty ? ": no keys" : "") + " (move files that are not cases into a sub-folder)"
        }
        let hint = Document.nearest(unknown, in: known).map { "; did you mean '\($0)'?" } ?? ""
        return intro + ": unknown key '\(unknown)'" + hint
    }

    /// Shard `index` (1-based) of `count`: every `count`-th case from the `index`-th, in name
    /// order, so a CI matrix of `count` jobs covers every case exactly once.
    public static func shard(_ cases: [RenderTestCase], index: Int, count: Int) -> [RenderTestCase] {
        precondition(count >= 1 && (1...count).contains(index), "shard index must lie in 1...count")
        return cases.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
