#if canImport(Glibc)
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
    public var folder: String
    /// Rewrite every golden instead of comparing.
    public var updating = false
    /// Run only shard `index` (1-based) of `count`.
    public var shard: (index: Int, count: Int)?
    /// Where failing cases' renderings and diff pictures go.
    public var resultsFolder: String

    public init(folder: String, resultsFolder: String = "sprout-test-results", updating: Bool = false) {
        self.folder = folder
        self.resultsFolder = resultsFolder
        self.updating = updating
    }

    /// The cases this run takes: discovered in `folder`, then this shard's slice.
    public func cases() throws -> [RenderTestCase] {
        let all = try RenderTestCase.discover(in: folder)
        guard let shard else { return all }
        return RenderTestCase.shard(all, index: shard.index, count: shard.count)
    }

    public var goldenCheck: GoldenCheck { GoldenCheck(updating: updating, resultsFolder: resultsFolder) }

    /// Runs `cases` (default: `cases()`): in `workers` when given (crash isolation, `jobs` at a
    /// time), else one after another in this process. `onResult` hears each as it finishes.
    public func run(_ given: [RenderTestCase]? = nil, workers: RenderTestWorkers? = nil,
                    onResult: @escaping @Sendable (RenderTestResult) -> Void = { _ in }) throws -> [RenderTestResult] {
        let cases = try given ?? cases()
        if let workers { return workers.run(cases, onResult: onResult) }
        let runner = RenderTestRunner(goldenCheck: goldenCheck)
        return cases.map { test in
            let result = runner.run(test)
            onResult(result)
            return result
        }
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
