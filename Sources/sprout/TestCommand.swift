#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import SproutApp
import SproutAssets
import SproutCommandLine
import SproutFiles
import SproutGolden
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a folder of render tests: scenes and gesture scripts against their golden images.",
        discussion: """
            Every .yaml/.yml/.json file directly in DIR with `models:` (a scene) or `steps:` (a script) is a case. A scene \
            is compared with goldens/NAME.png, a script's `snapshot: S` steps with goldens/NAME/S.png, and its expectations \
            are checked. A missing golden is written and reported as new (a failure unless --update); a script that \
            fails writes none. Exit status 1 when a case failed, 2 when there was no case. The results folder keeps this \
            run's pictures and results.json; --merge-reports joins several (a CI matrix's shards) into one report. \
            README, Render tests.
            """
    )

    @Argument(help: "The folder of cases.")
    var folder: String?

    @Flag(help: "Rewrite every golden from this run's renderings (and print which).")
    var update = false

    @Flag(help: "With --update, also write goldens that are one flat colour (refused by default: a camera outside the room).")
    var allowBlank = false

    @Flag(help: "Pass when there are no cases (a shard that may be empty); by default no cases is a failure, exit status 2.")
    var allowEmpty = false

    @Option(parsing: .upToNextOption, help: "Join the results folders of earlier runs (shards) into one --junit file and --report, instead of running cases.")
    var mergeReports: [String] = []

    // Unconditional: `--jobs -1` is a bad count, not an option named -1.
    @Option(parsing: .unconditional, help: "Cases run at once, each worker a process of its own (default: the CPU cores, at most 4).")
    var jobs: Int?

    var workerCount: Int { jobs ?? RenderTestReports.defaultJobs }

    @Option(help: "Run one deterministic slice of the cases, K/N (1-based), e.g. 2/4 in the second of four CI jobs.")
    var shard: ShardArgument?

    @Option(help: "Write JUnit XML here for CI systems.")
    var junit: String?

    @Option(help: "Write an HTML report (index.html: golden, actual and diff side by side) into this folder.")
    var report: String?

    @Option(help: "Folder for failing cases' renderings and diff pictures.")
    var results = "sprout-test-results"

    @Option(help: "Seconds one case may take before its worker is stopped.")
    var timeout: Double = 300

    @Option(name: .customLong("worker-memory"), help: ArgumentHelp("MiB per worker (default: memory / (jobs + 1), at most 8192).", valueName: "MiB"))
    var workerMemory: Int?

    var workerMemoryBytes: Int { workerMemory.map { $0 << 20 } ?? RenderTestReports.defaultWorkerMemory(jobs: workerCount) }

    @Option(name: .customLong("models-from"), help: "A folder cases may also read models from (repeatable); by default only their own.")
    var modelsFrom: [String] = []

    func validate() throws {
        if mergeReports.isEmpty && folder == nil { throw ValidationError("name the folder of cases (or --merge-reports RESULTS...)") }
        if !mergeReports.isEmpty && folder != nil { throw ValidationError("--merge-reports joins results folders; it takes no folder of cases") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must lie in 1...64, got \(jobs)") }
        guard timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout must lie in (0, 86400] seconds, got \(timeout)") }
        if let m = workerMemory, !(256...(1 << 22)).contains(m) { throw ValidationError("--worker-memory must lie in 256...4194304 MiB, got \(m)") }
    }

    func run() throws {
        if !mergeReports.isEmpty { return try merge() }
        let folder = folder ?? ""
        var suite = RenderTestSuite(folder: folder, resultsFolder: OutputFile.absolute(results), updating: update)
        suite.shard = shard.map { ($0.index, $0.count) }
        suite.allowsEmpty = allowEmpty
        suite.allowsBlankGoldens = allowBlank
        let modelRoots = modelsFrom.map(OutputFile.absolute)
        suite.modelRoots = modelRoots
        let cases = try suite.cases()
        print("sprout test \(folder): \(cases.count) case(s)" + (shard.map { ", shard \($0.index)/\($0.count)" } ?? "") + ", \(workerCount) job(s)")
        let clock = Stopwatch()
        let workers = RenderTestWorkers.testWorkers(
            executable: ImportIsolation.thisProgram, results: OutputFile.absolute(results), updating: update,
            allowsBlank: allowBlank, modelRoots: modelRoots, jobs: workerCount, timeoutSeconds: timeout,
            memoryLimitBytes: workerMemoryBytes)
        let results: [RenderTestResult]
        do {
            results = try suite.run(cases, workers: workers) { result in
                print(result.line)
                fflush(nil)
            }
        } catch let empty as RenderTestSuite.NoCases {
            printError("error: \(empty)")
            throw ExitCode(2)
        }
        try RenderTestReports.write(results, junit: junit, report: report, title: "sprout test \(folder)", suiteName: folder)
        print(RenderTestSuite.summary(results) + " in \(Printf.format("%.1f", clock.milliseconds / 1000)) s")
        if suite.failed(results) { throw ExitCode(1) }
    }

    /// `--merge-reports`: the shards' results as one JUnit file and one HTML report.
    private func merge() throws {
        let (results, problems) = try RenderTestResults.merge(mergeReports)
        problems.forEach { printError("warning: \($0)") }
        if results.isEmpty && !allowEmpty {
            printError("error: the results in \(mergeReports.joined(separator: ", ")) hold no case; --allow-empty accepts that")
            throw ExitCode(2)
        }
        print("merged \(results.count) case(s) from \(mergeReports.count) results folder(s)")
        try RenderTestReports.write(results, junit: junit, report: report, title: "sprout test (\(mergeReports.count) shards merged)", suiteName: "sprout test")
        print(RenderTestSuite.summary(results))
        if results.contains(where: { $0.status == .failed || $0.status == .new }) { throw ExitCode(1) }
    }
}

/// The worker `sprout test` starts: cases on standard input, one result line each on standard output.
struct TestWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-worker", abstract: "Run render-test cases from standard input (for sprout test).",
        shouldDisplay: false)

    @Option var results: String
    @Flag var update = false
    @Flag var allowBlank = false
    @Option(name: .customLong("models-from")) var modelsFrom: [String] = []
    @Option var memoryLimit: Int?

    func run() throws {
        if let memoryLimit { AddressSpaceLimit.apply(bytes: memoryLimit) }
        let runner = RenderTestRunner(goldenCheck: GoldenCheck(updating: update, resultsFolder: results, allowsBlank: allowBlank))
        runner.modelRoots = modelsFrom
        RenderTestSuite.serveWorker(runner: runner)
    }
}
