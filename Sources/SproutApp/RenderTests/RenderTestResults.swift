import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One run's results as `sprout test` leaves them in its results folder (`results.json`), so
/// that the shards of a CI matrix can be joined into one report afterwards
/// (`sprout test --merge-reports DIR...`, `RenderTestResults.merge(_:)`).
public struct RenderTestResults: Codable, Sendable, Equatable {
    /// The file's name in a results folder.
    public static let fileName = "results.json"
    /// The largest `results.json` read back (a hostile or broken file is refused, not loaded).
    public static let maximumFileSize = 64 << 20

    /// The folder of cases the run took.
    public var folder: String
    /// `K/N` for a shard, nil for a whole run.
    public var shard: String?
    /// The results folder as the run named it: pictures' paths inside start with it.
    public var resultsFolder: String
    /// Every case's result, in the order run.
    public var results: [RenderTestResult]

    /// A run's results, as written to and read from `results.json`.
    public init(folder: String, shard: String?, resultsFolder: String, results: [RenderTestResult]) {
        self.folder = folder
        self.shard = shard
        self.resultsFolder = resultsFolder
        self.results = results
    }

    /// Writes `results.json` into `folder` (created when needed), atomically.
    public func write(to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let path = folder + "/" + Self.fileName
        try OutputFile.makeFolder(for: path)
        try OutputFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: path)
    }

    /// Reads the `results.json` a run left in `folder`. The pictures' paths are moved from the
    /// folder the run wrote them to onto `folder` (a shard's results downloaded elsewhere), and
    /// a picture path that would leave `folder` is dropped.
    public static func read(from folder: String) throws -> RenderTestResults {
        let path = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + fileName
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else {
            throw AppError("\(path): no results here (sprout test --results FOLDER writes \(fileName))")
        }
        if let size = attributes[.size] as? Int, size > maximumFileSize {
            throw AppError("\(path): \(size) bytes, more than the \(maximumFileSize) a results file may have")
        }
        var run: RenderTestResults
        do {
            run = try JSONDecoder().decode(RenderTestResults.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw AppError("\(path): not a results file of sprout test (\(error))")
        }
        let base = String(path.dropLast(fileName.count + 1))
        let rebase = { (picture: String?) -> String? in
            guard let picture, picture.hasPrefix(run.resultsFolder + "/") else { return nil }
            let relative = String(picture.dropFirst(run.resultsFolder.count + 1))
            guard !relative.split(separator: "/").contains("..") else { return nil }
            return base + "/" + relative
        }
        for r in run.results.indices {
            for o in run.results[r].outcomes.indices {
                run.results[r].outcomes[o].actual = rebase(run.results[r].outcomes[o].actual)
                run.results[r].outcomes[o].diff = rebase(run.results[r].outcomes[o].diff)
            }
        }
        return run
    }

    /// The results of several runs (a CI matrix's shards) as one list sorted by case name; a
    /// case found in two runs is kept once from each, and reported as such by `problems`.
    public static func merge(_ folders: [String]) throws -> (results: [RenderTestResult], problems: [String]) {
        guard !folders.isEmpty else { throw AppError("--merge-reports: name at least one results folder") }
        var merged: [RenderTestResult] = []
        var problems: [String] = []
        var seen: [String: String] = [:]
        for folder in folders {
            for result in try read(from: folder).results {
                if let other = seen[result.test.path] {
                    problems.append("\(result.test.path): in the results of both \(other) and \(folder) (overlapping shards?)")
                }
                seen[result.test.path] = folder
                merged.append(result)
            }
        }
        return (merged.sorted { ($0.test.name, $0.test.path) < ($1.test.name, $1.test.path) }, problems)
    }
}
