import SproutDocument
import SproutSceneFile
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One case of a render-test folder: a scene file or a gesture script, and where its goldens
/// are (`goldens/NAME.png` for a scene, `goldens/NAME/SNAPSHOT.png` for a script's snapshots).
public struct RenderTestCase: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case scene, script
        /// A file that is neither, or cannot be read: it fails with its error.
        case unreadable
    }

    public var name: String
    public var path: String
    public var kind: Kind
    /// Why an `unreadable` case cannot run.
    public var problem: String?
    /// The folder that holds this case's goldens.
    public var goldens: String

    /// The cases in `folder`: every `.yaml`, `.yml` and `.json` file directly in it (sub-folders hold
    /// goldens and assets), sorted by name so shards and reports are the same on every machine.
    /// A file with `models:` is a scene, with `steps:` a script; a YAML file that is neither (a stage
    /// a case uses, say) is left out; one that cannot be parsed is a failing case.
    public static func discover(in folder: String) throws -> [RenderTestCase] {
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw AppError("\(folder): not a folder of render tests (no such folder, or it cannot be read)")
        }
        let names = entries.filter { name in
            [".yaml", ".yml", ".json"].contains { name.lowercased().hasSuffix($0) } && !name.hasPrefix(".")
        }.sorted()
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return names.compactMap { file in
            let path = base + "/" + file
            let name = Document.stem(of: file)
            let goldens = base + "/goldens"
            do {
                let document = try Document.load(path: path)
                if SceneFile.isScene(document) { return RenderTestCase(name: name, path: path, kind: .scene, goldens: goldens) }
                if case .mapping(let pairs) = document.content, pairs.contains(where: { $0.key == "steps" }) {
                    return RenderTestCase(name: name, path: path, kind: .script, goldens: goldens + "/" + name)
                }
                return nil
            } catch {
                return RenderTestCase(name: name, path: path, kind: .unreadable, problem: "\(error)", goldens: goldens)
            }
        }
    }

    /// Shard `index` (1-based) of `count`: every `count`-th case from the `index`-th, in name
    /// order, so a CI matrix of `count` jobs covers every case exactly once.
    public static func shard(_ cases: [RenderTestCase], index: Int, count: Int) -> [RenderTestCase] {
        precondition(count >= 1 && (1...count).contains(index), "shard index must lie in 1...count")
        return cases.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
