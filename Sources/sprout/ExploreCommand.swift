import ArgumentParser
import SproutApp
import SproutScript
#if canImport(Glibc)
import Glibc
#endif

/// `sprout explore`: the script run many times, each run varied from its own seed, every frame
/// checked; failing runs shrunk to short scripts `sprout play` repeats (`Explorer`).
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Run a gesture script many times with varied sessions, jitter and interruptions; shrink each failing run to a short script.",
        discussion: """
            Run 0 is the script as written. Every frame is checked against the script's expect: and \
            always: steps and the engine's invariants (no object below its plane, no NaN, a selected \
            object that exists). A failing run is shrunk (faults, jitter, then steps dropped while it \
            still fails the same way) and written beside the script as NAME.explore-RUN.yaml, which \
            sprout play repeats. Exits 1 when any run failed.
            """
    )

    @Argument(help: "The script (YAML with a block list of steps, for the shrunk scripts to be written).")
    var script: String

    @Option(help: "Runs, the first as written.")
    var runs = 100

    @Option(help: "Seed of the runs' variations: the same seed, the same runs.")
    var seed: UInt64 = 0

    @Option(name: .customLong("touch-jitter"), help: "Points a touch may move (each run draws its bound up to it).")
    var touchJitter: Float = 4

    @Option(name: .customLong("device-jitter"), help: "Metres the device may stand off its pose, each frame.")
    var deviceJitter: Float = 0.003

    @Option(name: .customLong("frame-jitter"), help: "Fraction a frame's length may vary either way (0...0.9).")
    var frameJitter: Double = 0.2

    @Option(help: "Most session interruptions a run may have.")
    var faults = 2

    @Option(name: .customLong("fault-length"), help: "Longest interruption, seconds.")
    var faultLength = 1.0

    @Option(help: "Runs played at once (threads; default: the CPU cores, at most 4).")
    var jobs: Int?

    @Option(help: "Folder for the shrunk scripts (default: the script's own, so its relative paths hold).")
    var output: String?

    @Option(help: "Write JUnit XML here: a test case per run, failing runs with their failure and shrunk script.")
    var junit: String?

    @Option(help: "Write an HTML report into this folder: each way the runs failed, its shrunk script and that script's frames as a GIF (draws offscreen).")
    var report: String?

    func validate() throws {
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must lie in 1...100000, got \(runs)") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must lie in 1...64, got \(jobs)") }
        guard (0...100).contains(touchJitter), (0...1).contains(deviceJitter), (0...0.9).contains(frameJitter) else {
            throw ValidationError("jitter out of range: --touch-jitter 0...100 points, --device-jitter 0...1 m, --frame-jitter 0...0.9")
        }
        guard (0...100).contains(faults), faultLength > 0, faultLength <= 3600 else { throw ValidationError("--faults 0...100, --fault-length (0, 3600] s") }
    }

    func run() throws {
        let player = try ScriptPlayer(path: script)
        var options = Explorer.Options()
        (options.runs, options.seed, options.touchJitter, options.deviceJitter, options.frameJitter) = (runs, seed, touchJitter, deviceJitter, frameJitter)
        (options.maximumFaults, options.faultLength) = (faults, faultLength)
        options.jobs = jobs ?? RenderTestReports.defaultJobs
        let path = script
        let explorer = Explorer(script: player.script, options: options) { variation in try ScriptPlayer(script: variation, path: path).runner }
        let clock = Stopwatch()
        let failures = explorer.explore { run, failure in
            if let failure { print("FAILED  run \(run): \(failure)") }
            fflush(nil)
        }
        let findings = try ExplorationFindings(failures, of: player, seed: seed, folder: output) { print($0) }
        try findings.writeReports(report: report, junit: junit, runs: runs, script: script) { print($0) }
        print("\(runs) run(s), \(findings.summary) in \(Printf.format("%.1f", clock.milliseconds / 1000)) s")
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
