import ArgumentParser
import SproutApp
import SproutCommandLine
import SproutScript
import SproutSession

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Replay a gesture script headless: snapshots or every frame, a JSON trace, a video, and a verdict.",
        discussion: "Exits 1 when an expectation fails, naming the step, the expected and the actual value. Script format: README."
    )

    @Argument(help: "The script (YAML or JSON).")
    var script: String

    @Option(name: .shortAndLong, help: "Folder for snapshots, frames and (by default) the trace.")
    var output = "sprout-play"

    @Option(help: "Which frames to write as PNG: all, snapshots (the `snapshot` steps) or none.")
    var frames = ScriptPlayer.FrameFiles.snapshots

    @Option(help: "Where to write the trace (default: OUTPUT/trace.json; - for standard output).")
    var trace: String?

    @Flag(help: "Record every frame in the trace, not only every step.")
    var traceFrames = false

    @Option(help: "Write a video of every frame: .gif (built in) or .mp4 (needs ffmpeg).")
    var video: String?

    @Option(name: .customLong("video-width"), help: "The video's largest width in pixels (GIF default 640, shrunk by a whole factor; MP4: scaled).")
    var videoWidth: Int?

    @Option(help: "MSAA samples for frames (0 = off, as sprout render).")
    var msaa = 0

    @OptionGroup var shadingOptions: ShadingOptions
    @OptionGroup var timeoutOptions: TimeoutOptions

    @Flag(name: .customLong("update-goldens"), help: "Rewrite the goldens of `expect: { image: }` steps from this run.")
    var updateGoldens = false

    @Option(help: "How geo anchors are marked: sphere or arrow (over the script's and the stage's placemarkStyle).")
    var placemark: PlacemarkStyle?

    @Option(help: "The most frames the script may ask for (refused before it runs).")
    var maxFrames = Script.defaultMaximumFrames

    @Option(help: "The most bytes the trace may have; past it the run stops saying so (each step records every object).")
    var maxTraceBytes = TraceLimit.defaultMaximumBytes

    func validate() throws {
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be at least 1, got \(maxFrames)") }
        guard maxTraceBytes >= 1024 else { throw ValidationError("--max-trace-bytes must be at least 1024, got \(maxTraceBytes)") }
        guard [0, 2, 4, 8].contains(msaa) else { throw ValidationError("--msaa must be 0, 2, 4 or 8, got \(msaa)") }
        if let videoWidth, !(16...8192).contains(videoWidth) { throw ValidationError("--video-width must lie in 16...8192 pixels, got \(videoWidth)") }
        if let video, !video.hasSuffix(".gif") && !video.hasSuffix(".mp4") {
            throw ValidationError("--video must end in .gif or .mp4, got '\(video)'")
        }
    }

    func run() throws {
        timeoutOptions.start("sprout play")
        let clock = Stopwatch()
        let player = try ScriptPlayer(path: self.script)
        let runner = player.runner
        runner.world.stage.modelWarning.map(printError)
        if let placemark { runner.geo?.anchors.placemarkStyle = placemark }
        (runner.traceEveryFrame, runner.maximumFrames, runner.maximumTraceBytes) = (traceFrames, maxFrames, maxTraceBytes)
        player.renderOptions = shadingOptions.applied(to: player.renderOptions)
        var outputs = ScriptPlayer.PlayOutputs(folder: output)
        (outputs.trace, outputs.frames, outputs.video, outputs.videoWidth) = (trace, frames, video, videoWidth)
        (outputs.samples, outputs.updatesGoldens) = (msaa, updateGoldens)
        let progress = ProgressBar(label: "playing \(self.script)")
        let total = player.script.frameCount
        let summary = try player.play(into: outputs) { fraction in
            progress.update(fraction, elapsed: clock.milliseconds / 1000, detail: total > 0 ? "frame \(runner.frameCount) of \(total)" : "")
        }
        progress.finish()
        // With the trace on standard output, the summary goes to standard error.
        outputs.tracePath == "-" ? printError(summary) : print(summary)
        guard player.failures.isEmpty else {
            for failure in player.failures { printError(failure.description) }
            printError("\(player.failures.count) expectation(s) failed")
            throw ExitCode(1)
        }
    }
}

extension ScriptPlayer.FrameFiles: ExpressibleByArgument {}
