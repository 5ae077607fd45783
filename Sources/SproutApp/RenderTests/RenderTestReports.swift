import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files `sprout test` writes for people and CI besides the console: a JUnit file and an
/// HTML report, of one run or of shards merged.
public enum RenderTestReports {
    /// Writes `results` as JUnit XML to `junit` and as an HTML report into the folder `report`
    /// (each when given); `say` hears the paths written.
    public static func write(
        _ results: [RenderTestResult], junit: String?, report: String?, title: String, suiteName: String,
        say: (String) -> Void = { print($0) }
    ) throws {
        if let junit {
            try OutputFile.write(JUnitReport.xml(results, suiteName: suiteName), to: junit)
            say("junit \(junit)")
        }
        if let report { say("report \(try HTMLReport.write(results, title: title, to: report))") }
    }

    /// Workers (`sprout test`) or threads (`sprout explore`) at once by default: the CPU cores,
    /// at most 4 (two workers on two cores run 50 small cases 1.3x faster than one: BENCHMARKS.md).
    public static var defaultJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// Each of `jobs` workers' address-space cap by default: the machine's memory shared so that
    /// every worker at its cap still leaves `sprout test` and the system a share, from 1 GiB to 8 GiB.
    public static func defaultWorkerMemory(jobs: Int) -> Int {
        let share = Int(clamping: ProcessInfo.processInfo.physicalMemory) / (jobs + 1)
        return min(max(share, 1 << 30), 8 << 30)
    }
}

extension RenderTestWorkers {
    /// Workers that are `executable test-worker` processes (`sprout test`'s hidden command,
    /// `RenderTestSuite.serveWorker`), writing into `results`, each under `memoryLimitBytes`.
    public static func testWorkers(
        executable: String, results: String, updating: Bool, allowsBlank: Bool, modelRoots: [String],
        jobs: Int, timeoutSeconds: Double, memoryLimitBytes: Int
    ) -> RenderTestWorkers {
        RenderTestWorkers(
            executable: executable,
            arguments: ["test-worker", "--results", results, "--memory-limit", String(memoryLimitBytes)] + (updating ? ["--update"] : [])
                + (allowsBlank ? ["--allow-blank"] : []) + modelRoots.flatMap { ["--models-from", $0] },
            jobs: jobs, timeoutSeconds: timeoutSeconds, memoryLimitBytes: memoryLimitBytes)
    }
}
