#if canImport(Glibc)
import SproutGolden
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A folder of render tests run as `sprout test DIR` runs it: the cases found, this shard's
/// slice, each run (in worker processes, or here), then a JUnit file and an HTML report when
/// asked. README, "Render tests".
///
///     var suite = RenderTestSuite(folder: "Tests/Render")
///     let results = try suite.run()
///     print(RenderTestSuite.summary(results))
public struct RenderTestSuite: Sendable {
    /// The folder of cases (scene files and scripts, goldens in its `goldens/`).
    public var folder: String
    /// Rewrite every golden instead of comparing.
    public var updating = false
    /// Let `updating` write goldens of one flat colour (refused by default: a camera outside the room).
    public var allowsBlankGoldens = false
    /// Accept a run with no cases (a shard of a small folder may have none); otherwise `run` throws `NoCases`.
    public var allowsEmpty = false
    /// Run only shard `index` (1-based) of `count`.
    public var shard: (index: Int, count: Int)?
    /// Where failing cases' renderings and diff pictures go, and `results.json` (this run's
    /// results, which `merge(resultsFolders:)` joins across shards).
    public var resultsFolder: String

    /// A suite over `folder`, comparing (or, `updating`, rewriting) goldens.
    public init(folder: String, resultsFolder: String = "sprout-test-results", updating: Bool = false) {
        self.folder = folder
        self.resultsFolder = resultsFolder
        self.updating = updating
    }

    /// A run that found no cases: a failure, since a test that checks nothing passes on nothing.
    public struct NoCases: Error, CustomStringConvertible {
        /// The folder searched.
        public let folder: String
        /// The shard, when the run was one.
        public let shard: (index: Int, count: Int)?
        /// What was searched and how to allow an empty run.
        public var description: String {
            let scope = shard.map { "shard \($0.index)/\($0.count) of " } ?? ""
            return "\(scope)\(folder): no render-test cases (a case is a .yaml, .yml or .json file directly in the folder with models: "
                + "or steps:); --allow-empty accepts an empty run"
        }
    }

    /// The cases this run takes: discovered in `folder`, then this shard's slice.
    public func cases() throws -> [RenderTestCase] {
        let all = try RenderTestCase.discover(in: folder)
        guard let shard else { return all }
        return RenderTestCase.shard(all, index: shard.index, count: shard.count)
    }

    /// Folders besides the cases' own that model files may come from (`--models-from`).
    public var modelRoots: [String] = []

    /// How this suite's pictures are checked: its updating, results folder and blank rule.
    public var goldenCheck: GoldenCheck { GoldenCheck(updating: updating, resultsFolder: resultsFolder, allowsBlank: allowsBlankGoldens) }

    /// Runs `cases` (default: `cases()`): in `workers` when given (crash isolation, `jobs` at a
    /// time), else one after another in this process. `onResult` hears each as it finishes.
    /// Throws `NoCases` when there are none (unless `allowsEmpty`). The results folder is left
    /// holding this run's outcome only: pictures of earlier runs are removed (all of them, or
    /// this shard's cases' in a sharded run), and `results.json` is written at the end.
    public func run(
        _ given: [RenderTestCase]? = nil, workers: RenderTestWorkers? = nil,
        onResult: @escaping @Sendable (RenderTestResult) -> Void = { _ in }
    ) throws -> [RenderTestResult] {
        let cases = try given ?? cases()
        if cases.isEmpty && !allowsEmpty { throw NoCases(folder: folder, shard: shard) }
        clearEarlierResults(cases)
        let results: [RenderTestResult]
        if let workers {
            results = workers.run(cases, onResult: onResult)
        } else {
            let runner = RenderTestRunner(goldenCheck: goldenCheck)
            runner.modelRoots = modelRoots
            results = cases.map { test in
                let result = runner.run(test)
                onResult(result)
                return result
            }
        }
        try RenderTestResults(folder: folder, shard: shard.map { "\($0.index)/\($0.count)" }, resultsFolder: resultsFolder, results: results)
            .write(to: resultsFolder)
        return results
    }

    /// Removes what earlier runs left in the results folder: every result picture when the run
    /// takes the whole folder, only `cases`' in a shard (shards may share one results folder).
    private func clearEarlierResults(_ cases: [RenderTestCase]) {
        let check = goldenCheck
        if shard != nil {
            for test in cases { check.clearResults(ofCase: test.name) }
            return
        }
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: resultsFolder) else { return }
        for entry in entries {
            // A picture of a scene case, or a script case's folder of pictures.
            if GoldenCheck.isResultPicture(entry) { try? manager.removeItem(atPath: resultsFolder + "/" + entry) } else { check.clearResults(ofCase: entry) }
        }
        try? manager.removeItem(atPath: resultsFolder + "/" + RenderTestResults.fileName)
    }

    /// Whether the run failed: a case failed, or (unless updating) a golden was missing.
    public func failed(_ results: [RenderTestResult]) -> Bool {
        results.contains { $0.status == .failed || ($0.status == .new && !updating) }
    }

    /// The closing line: `N passed, M failed` and, when there are any, new and updated.
    public static func summary(_ results: [RenderTestResult]) -> String {
        let count = { (s: RenderTestResult.Status) in results.filter { $0.status == s }.count }
        var text = "\(count(.passed)) passed, \(count(.failed)) failed"
        if count(.new) > 0 { text += ", \(count(.new)) new" }
        if count(.updated) > 0 { text += ", \(count(.updated)) updated" }
        return text
    }

    /// The worker side of `RenderTestWorkers`: reads cases (one JSON line each) from standard
    /// input until it ends, runs each with `runner`, answers each with one result line.
    public static func serveWorker(runner: RenderTestRunner) {
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            let result: RenderTestResult
            do {
                result = runner.run(try JSONDecoder().decode(RenderTestCase.self, from: Data(line.utf8)))
            } catch {
                let unknown = RenderTestCase(name: "?", path: "?", kind: .unreadable, problem: "\(error)", goldens: "")
                result = RenderTestResult(test: unknown, outcomes: [], problems: ["the worker could not read its case: \(error)"], seconds: 0)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let json = (try? encoder.encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            print(RenderTestWorkers.resultMarker + json)
            fflush(nil)
        }
    }
}
