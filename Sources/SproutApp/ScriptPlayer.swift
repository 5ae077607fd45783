import SproutDocument
import SproutImage
import SproutRender
import SproutScene
import SproutSceneFile
import SproutScript
import SproutSeedShop
import SproutSession
import SproutWorld
import SproutFiles
import SproutGolden
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A gesture script read from its file and ready to play: its stage found (a built-in name, or
/// a file relative to the script), its objects resolved (the script's `objects:` paths relative
/// to the script, then the built-in models), and the Seed Shop catalog for `open:` steps. Frames
/// are drawn only when asked for (`drawFrames`), so a script without pictures needs no GL.
///
///     let player = try ScriptPlayer(path: "Examples/tour.yaml")
///     try player.run()
///     print(player.runner.failures.isEmpty ? "pass" : "fail")
public final class ScriptPlayer {
    /// The script file's path, as given.
    public let path: String
    /// The script, parsed.
    public let script: Script
    /// The runner that plays the steps on the world (its failures, trace and hooks).
    public let runner: ScriptRunner
    /// The frame loop and surface that draw the script's frames, once `drawFrames` made them.
    public private(set) var frames: (loop: FrameLoop, surface: OffscreenSurface)?
    /// How `expect: { image: }` and `checkSnapshots` compare frames with goldens.
    public var goldenCheck = GoldenCheck()
    /// Every picture checked against a golden so far, in order.
    public private(set) var goldenOutcomes: [GoldenOutcome] = []
    /// The script's file name without folder and extension (names its goldens and results).
    public var name: String { Document.stem(of: path) }

    /// Reads the script at `path` and resolves its stage, objects and catalog; throws a
    /// `DocumentError` naming the file, line and field of what is wrong.
    ///   With `modelRoots`, the script's object files must lie inside one of those folders.
    public convenience init(path: String, modelRoots: [String]? = nil) throws {
        try self.init(script: Script.load(path: path), path: path, modelRoots: modelRoots)
    }

    /// A script already parsed (a variation of the one at `path`, as `Explorer` makes), its
    /// stage and objects resolved from `path`'s folder.
    public init(script: Script, path: String, modelRoots: [String]? = nil) throws {
        self.path = path
        let folder = Document.folder(of: path)
        let stage = try Assets.stage(script.stage, namedIn: path, line: script.stageLine, folder: folder)
        self.script = script
        runner = ScriptRunner(script: script, stage: stage) { name in try Self.model(named: name, script: script, folder: folder, modelRoots: modelRoots) }
        if let assets = Assets.directory, FileManager.default.fileExists(atPath: assets + "/catalog.yaml") {
            runner.seedShop = (try Assets.catalog(), Assets.localProductLoader())
        }
        runner.onImageExpectation = { [unowned self] expectation in
            let golden = Document.path(expectation.golden, relativeTo: folder)
            let outcome = try check(
                golden: golden, tolerance: expectation.tolerance ?? script.tolerance,
                name: name + "/" + Document.stem(of: expectation.golden))
            return outcome.status == .failed ? outcome.summary : nil
        }
    }

    /// From now on, each `snapshot: NAME` step is checked against `folder/NAME.png` (with the
    /// script's `tolerance:` when it has one) instead of being written; a differing snapshot is a
    /// failure of `run`, and every comparison is in `goldenOutcomes`.
    public func checkSnapshots(against folder: String) {
        runner.onSnapshot = { [unowned self] snapshot in
            let outcome = try check(golden: folder + "/" + snapshot + ".png", tolerance: script.tolerance, name: name + "/" + snapshot)
            return outcome.status == .failed ? outcome.summary : nil
        }
    }

    /// New goldens found missing during the run, written only once the run has passed.
    private var pendingGoldens: [(outcome: Int, image: Image, step: Int)] = []

    @discardableResult
    private func check(golden: String, tolerance: TestTolerance?, name: String) throws -> GoldenOutcome {
        try drawFrames()
        let image = Image(width: Int(script.viewport.x), height: Int(script.viewport.y), pixels: try renderFrame())
        // A missing golden waits for the end of the run: a failing run must not leave one behind.
        let outcome = goldenCheck.check(
            image, golden: golden, tolerance: tolerance?.tolerance ?? .strict, reason: tolerance?.reason, name: name,
            writingNew: goldenCheck.updating)
        if outcome.status == .new && !goldenCheck.updating { pendingGoldens.append((goldenOutcomes.count, image, runner.currentStep)) }
        goldenOutcomes.append(outcome)
        return outcome
    }

    /// Writes the run's new goldens when nothing else failed, else marks them failed unwritten;
    /// either way each is a failure of the run (a golden must be looked at and committed).
    private func settlePendingGoldens() -> [ExpectationFailure] {
        let otherwisePassed = runner.failures.isEmpty
        defer { pendingGoldens = [] }
        return pendingGoldens.map { pending in
            var outcome = goldenOutcomes[pending.outcome]
            if otherwisePassed {
                outcome = goldenCheck.writeNewGolden(pending.image, for: outcome)
            } else {
                outcome.status = .failed
                outcome.summary = "no golden at \(outcome.golden); not written, because the run failed (--update writes it anyway)"
            }
            goldenOutcomes[pending.outcome] = outcome
            let step = script.steps[pending.step]
            return ExpectationFailure(
                source: path, line: step.line, step: pending.step, what: "golden \(outcome.name)",
                expected: "a golden at \(outcome.golden)", actual: outcome.summary)
        }
    }

    /// The world the script acts on.
    public var world: World { runner.world }

    /// How frames are drawn (shading, exposure, shadows), from the first frame on.
    public var renderOptions = RenderOptions()

    /// Draws frames from now on: the stage becomes visible and an offscreen surface of the
    /// script's viewport is made. `samples`: MSAA (0 = off, as `sprout render`).
    @discardableResult
    public func drawFrames(samples: Int = 0) throws -> FrameLoop {
        if let frames { return frames.loop }
        try world.addStageBackdrop()
        let surface = try OffscreenSurface(width: Int(script.viewport.x), height: Int(script.viewport.y), samples: samples)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = renderOptions
        frames = (loop, surface)
        return loop
    }

    /// The world as the device sees it now, RGBA rows top first (reused buffer: copy to keep).
    public func renderFrame() throws -> [UInt8] {
        guard let frames else { throw AppError("ScriptPlayer.renderFrame: call drawFrames() first") }
        try frames.loop.draw()
        return try frames.surface.readPixels()
    }

    /// Which frames `writeFrames` writes as PNG.
    public enum FrameFiles: String, CaseIterable, Sendable {
        /// Every frame, as frame-00001.png, ...
        case all
        /// The `snapshot:` steps, each as NAME.png.
        case snapshots
        case none
    }

    private var gif: GIFWriter?
    private var ffmpeg: FFmpegPipe?
    private var videoPath: String?

    /// Writes pictures while the script plays (call before `run`, then `finishVideo`): PNGs into
    /// `folder` as `files` says, and a video of every frame when `video` names a .gif (built in)
    /// or an .mp4 (through ffmpeg), at most `videoWidth` wide (GIF default: 640). `samples`: MSAA, 0 = off.
    public func writeFrames(_ files: FrameFiles, to folder: String, video: String? = nil, videoWidth: Int? = nil, samples: Int = 0) throws {
        guard files != .none || video != nil else { return }
        try drawFrames(samples: samples)
        let width = Int(script.viewport.x), height = Int(script.viewport.y)
        if let video {
            videoPath = video
            if video.hasSuffix(".gif") {
                gif = GIFWriter(width: width, height: height, fps: script.fps, maximumWidth: videoWidth ?? GIFWriter.defaultMaximumWidth)
            } else {
                ffmpeg = try FFmpegPipe(path: video, width: width, height: height, fps: script.fps, outputWidth: videoWidth)
            }
        }
        runner.onSnapshot = { [unowned self] name in
            guard files != .none else { return nil }
            try ImageFile.writePNG(pixels: renderFrame(), width: width, height: height, to: folder + "/" + name + ".png")
            return nil
        }
        runner.onFrame = { [unowned self] index in
            guard files == .all || gif != nil || ffmpeg != nil else { return }
            // A GIF keeps about 20 frames a second: the others need not be drawn at all.
            if files != .all, ffmpeg == nil, let gif, !gif.keepsNextFrame { gif.skipFrame(); return }
            let pixels = try renderFrame()
            if files == .all {
                try ImageFile.writePNG(
                    pixels: pixels, width: width, height: height,
                    to: folder + "/" + OutputPattern(template: "frame-%05d.png").path(frame: index))
            }
            gif?.add(pixels)
            try ffmpeg?.add(pixels)
        }
    }

    /// Finishes the video `writeFrames` started (nothing when there is none).
    public func finishVideo() throws {
        if let gif, let videoPath { try OutputFile.write(gif.finish(), to: videoPath) }
        try ffmpeg?.finish()
        gif = nil
        ffmpeg = nil
    }

    /// Every failure of the last `run`, in order: failed expectations, snapshots that differ from
    /// their goldens, and goldens that were missing (written only when nothing else failed).
    public private(set) var failures: [ExpectationFailure] = []

    /// Runs every step (see `ScriptRunner.run`); returns every failure of the run (`failures`):
    /// empty means it passed, pictures included.
    @discardableResult
    public func run(progress: ((Double) -> Void)? = nil) throws -> [ExpectationFailure] {
        pendingGoldens = []
        try runner.run(progress: progress)
        failures = runner.failures + settlePendingGoldens()
        return failures
    }

    /// The trace as JSON text (schema in the README), ending in a newline, when it was kept in
    /// memory (the default) and the script has run; "" after `streamTrace(to:)`.
    public var traceText: String { runner.traceText ?? "" }

    /// Streams the trace to `path` (`-`: standard output) while the script runs, instead of
    /// keeping it in memory; the per-frame records (`runner.traceEveryFrame`) wait in a temporary
    /// file. Call before `run`; the returned file's `commit()` makes it appear whole.
    public func streamTrace(to path: String) throws -> TraceFile {
        let file = try TraceFile(path: path)
        runner.traceSink = file
        if runner.traceEveryFrame { runner.traceFrameSpill = try TraceSpillFile() }
        return file
    }

    /// Aliases from the script's `objects:` (a path relative to the script, or a catalog plant),
    /// then built-in names, then catalog plants (`place: sunflower`).
    static func model(named name: String, script: Script, folder: String, modelRoots: [String]? = nil) throws -> Entity {
        if let reference = script.objects[name] {
            let sizing: ModelSizing =
                switch script.objectSizes[name] {
                case .scale(let k): .scale(k)
                case .fitHeight(let h): .fit(height: h)
                case nil: .asIs
                }
            var resolved = try ModelReference.resolve(reference, relativeTo: folder)
            if let modelRoots { resolved = try resolved.confined(to: modelRoots, reference: reference) }
            return try resolved.load(sizing: sizing, variant: script.objectVariants[name]).entity
        }
        if let model = BuiltInModels.make(name) { return model }
        if let plant = ModelReference.plantPath(name) { return try plant.load().entity }
        let known = (Array(script.objects.keys).sorted() + BuiltInModels.names + ModelReference.plantNames).joined(separator: ", ")
        throw AppError("unknown object '\(name)': not in the script's objects, not built in and not a catalog plant (\(known))")
    }
}
