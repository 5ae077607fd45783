import ArgumentParser
import SproutAssets
import SproutDocument
import SproutHeadless
import SproutImage
import SproutInteraction
import SproutMath
import SproutRender
import SproutScene
import SproutScript
import SproutSeedShop
import SproutSession
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Replay a gesture script headless: snapshots or every frame, a JSON trace, a video, and a verdict.",
        discussion: "Exits 1 when an expectation fails, naming the step, the expected and the actual value. Script format: README."
    )

    enum FramesMode: String, ExpressibleByArgument, CaseIterable { case all, snapshots, none }

    @Argument(help: "The script (YAML or JSON).")
    var script: String

    @Option(name: .shortAndLong, help: "Folder for snapshots, frames and (by default) the trace.")
    var output = "sprout-play"

    @Option(help: "Which frames to write as PNG: all, snapshots (the `snapshot` steps) or none.")
    var frames = FramesMode.snapshots

    @Option(help: "Where to write the trace (default: OUTPUT/trace.json).")
    var trace: String?

    @Flag(help: "Record every frame in the trace, not only every step.")
    var traceFrames = false

    @Option(help: "Write a video of every frame: .gif (built in) or .mp4 (needs ffmpeg).")
    var video: String?

    @Option(help: "MSAA samples for frames (0 = off, as sprout render).")
    var msaa = 0

    func validate() throws {
        guard [0, 2, 4, 8].contains(msaa) else { throw ValidationError("--msaa must be 0, 2, 4 or 8, got \(msaa)") }
        if let video, !video.hasSuffix(".gif") && !video.hasSuffix(".mp4") {
            throw ValidationError("--video must end in .gif or .mp4, got '\(video)'")
        }
    }

    func run() throws {
        let clock = Stopwatch()
        let script = try Script.load(path: self.script)
        let folder = Document.folder(of: self.script)
        let stagePath = script.stage.contains("/") || script.stage.hasSuffix(".yaml") || script.stage.hasSuffix(".json")
            ? Self.resolve(script.stage, in: folder) : script.stage
        let stage = try StageLoader.resolve(stagePath, assetsDirectory: ResourceLocator.assetsDirectory)
        let runner = ScriptRunner(script: script, stage: stage) { name in try Self.model(named: name, script: script, folder: folder) }
        runner.traceEveryFrame = traceFrames
        if let assets = ResourceLocator.assetsDirectory, FileManager.default.fileExists(atPath: assets + "/catalog.yaml") {
            let catalog = try Catalog.load(path: assets + "/catalog.yaml")
            runner.seedShop = (catalog, { product in
                let asset = try ModelImporter.load(path: product.modelPath)
                asset.standOnOrigin(centringFootprint: false)
                return asset.root
            })
        }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

        var renderer: FrameRenderer?
        var gif: GIFWriter?
        var ffmpeg: FFmpegPipe?
        if frames != .none || video != nil {
            // The stage is only needed for pictures: the session reads the stage's description.
            runner.scene.backdrop.addChild(try StageScene.build(stage, loadTexture: Texture.read))
            renderer = try FrameRenderer(runner: runner, width: Int(script.viewport.x), height: Int(script.viewport.y), samples: msaa)
        }
        if let video {
            if video.hasSuffix(".gif") {
                gif = GIFWriter(width: Int(script.viewport.x), height: Int(script.viewport.y), fps: script.fps)
            } else {
                ffmpeg = try FFmpegPipe(path: video, width: Int(script.viewport.x), height: Int(script.viewport.y), fps: script.fps)
            }
        }
        let framesMode = frames
        let output = self.output
        runner.onSnapshot = { name in
            guard framesMode != .none, let renderer else { return }
            try renderer.writePNG(to: output + "/" + name + ".png")
        }
        runner.onFrame = { index in
            guard let renderer else { return }
            if framesMode == .all || gif != nil || ffmpeg != nil {
                let pixels = try renderer.render()
                if framesMode == .all {
                    try ImageFile.writePNG(pixels: pixels, width: renderer.width, height: renderer.height,
                                           to: output + "/" + OutputPattern(template: "frame-%05d.png").path(frame: index))
                }
                gif?.add(pixels)
                try ffmpeg?.add(pixels)
            }
        }
        let progress = ProgressBar(label: "playing \(self.script)")
        try runner.run { fraction in progress.update(fraction, elapsed: clock.milliseconds / 1000) }
        progress.finish()

        let tracePath = trace ?? output + "/trace.json"
        try Self.writeAtomically(runner.trace.serialized() + "\n", to: tracePath)
        if let video {
            if let gif { try Self.writeAtomically(gif.finish(), to: video) }
            try ffmpeg?.finish()
        }
        let seconds = format3("%.1f", runner.engine.session.time)
        print("played \(script.steps.count) steps, \(runner.frameCount) frames (\(seconds) s simulated) in \(format3("%.2f", clock.milliseconds / 1000)) s; trace \(tracePath)"
              + (video.map { ", video \($0)" } ?? "") + (frames == .none ? "" : ", frames in \(output)/"))
        guard runner.failures.isEmpty else {
            for failure in runner.failures { printError(failure.description) }
            printError("\(runner.failures.count) expectation(s) failed")
            throw ExitCode(1)
        }
    }

    static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// Aliases from the script's `objects:` (paths relative to the script), then built-in names.
    static func model(named name: String, script: Script, folder: String) throws -> Entity {
        if let path = script.objects[name] {
            let asset = try ModelImporter.load(path: resolve(path, in: folder))
            asset.standOnOrigin()
            return asset.root
        }
        if let model = BuiltInModels.make(name) { return model }
        let known = (Array(script.objects.keys).sorted() + BuiltInModels.names).joined(separator: ", ")
        throw RenderError("unknown object '\(name)': not in the script's objects and not built in (\(known))")
    }

    static func writeAtomically(_ text: String, to path: String) throws { try writeAtomically(Array(text.utf8), to: path) }

    /// Foundation's atomic write (a temporary file renamed over the old one), as `ImageFile` writes PNGs.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        do { try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw RenderError("cannot write \(path): \(error)")
        }
    }
}

