import SproutDocument
import SproutFiles
import SproutGolden

extension ScriptPlayer {
    /// Where `play(into:)` puts what a run leaves: the folder, the trace, which frames, a video.
    public struct PlayOutputs: Sendable {
        /// Snapshots, frames, the trace by default, and a mismatching golden's `.actual`/`.diff` pictures.
        public var folder: String
        /// The trace's path (default `folder/trace.json`; `-` for standard output).
        public var trace: String?
        /// Which frames are written as PNG.
        public var frames = FrameFiles.snapshots
        /// A video of every frame: `.gif` (built in) or `.mp4` (needs ffmpeg).
        public var video: String?
        /// The video's largest width in pixels.
        public var videoWidth: Int?
        /// MSAA samples for frames.
        public var samples = 0
        /// Rewrites the goldens of `expect: { image: }` steps from this run.
        public var updatesGoldens = false

        /// Everything into `folder`, snapshots only.
        public init(folder: String) { self.folder = folder }

        /// Where the trace goes.
        public var tracePath: String { trace ?? folder + "/trace.json" }
    }

    /// What `sprout play` does: plays the whole script with its trace streamed to its file, its
    /// frames and video written, and `expect: { image: }` goldens read (or, updating, written)
    /// only inside the script's folder. Returns the summary line; `failures` holds what failed.
    public func play(into outputs: PlayOutputs, progress: ((Double) -> Void)? = nil) throws -> String {
        let clock = Stopwatch()
        try OutputFile.makeFolder(for: outputs.folder + "/trace.json")   // the output folder, with a clear error when it cannot be made
        let traceFile = try streamTrace(to: outputs.tracePath)
        goldenCheck = GoldenCheck(updating: outputs.updatesGoldens, resultsFolder: outputs.folder)
        goldenCheck.confinedTo = Document.folder(of: path)
        try writeFrames(outputs.frames, to: outputs.folder, video: outputs.video, videoWidth: outputs.videoWidth, samples: outputs.samples)
        _ = try run(progress: progress)
        try traceFile.commit()
        try finishVideo()
        return "played \(script.steps.count) steps, \(runner.frameCount) frames (\(Printf.format("%.1f", runner.engine.session.time)) s simulated) in "
            + "\(Printf.format("%.2f", clock.milliseconds / 1000)) s; trace \(outputs.tracePath)"
            + (outputs.video.map { ", video \($0)" } ?? "") + (outputs.frames == .none ? "" : ", frames in \(outputs.folder)/")
    }
}
