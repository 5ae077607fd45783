import ArgumentParser
import SproutAssets
import SproutApp
import SproutFiles
import SproutImage
import SproutMath
import SproutRender
import SproutScene
import SproutSession
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a model or a scene file headless (no display needed) to PNG.",
        discussion: "A scene file (.yaml, .yml, .json: README, Scene files) sets its own size, camera, light, MSAA and shadows; the other options are for a single model."
    )

    @Argument(help: "A model file (.glb, .gltf, .obj, .fbx, .ply, .stl, .dae), a catalog plant (sunflower, tomato, ...) or a scene file (.yaml).")
    var model: String

    @Option(name: .shortAndLong, help: "PNG to write (- for standard output); a pattern such as frame-%03d.png writes every frame.")
    var output = "sprout.png"

    @Option(help: ArgumentHelp("Image size in pixels.", valueName: "WIDTHxHEIGHT"))
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .customLong("camera-position"), help: "Camera position in metres (default: frames the model).")
    var cameraPosition: VectorArgument?

    @Option(name: .customLong("look-at"), help: "Point the camera looks at (default: the model's centre).")
    var lookAt: VectorArgument?

    @Option(help: "Vertical field of view in degrees.")
    var fov: Float = 60

    @Option(help: "Direction towards the light.")
    var light: VectorArgument?

    @Option(help: "Frames to render, each read back; a posed model (--animation, or animation: in a scene file) moves 1/30 s a frame.")
    var frames = 1

    @Option(help: "Degrees the camera orbits about +Y through the look-at point per frame.")
    var orbit: Float = 0

    @Option(help: "MSAA samples (0 = off).")
    var msaa = 0

    @Option(help: "Draw the model standing on a stage (a built-in name or a stage file), seen from the stage's camera unless a camera is given.")
    var stage: String?

    @OptionGroup var sizingOptions: SizingOptions
    @OptionGroup var shadingOptions: ShadingOptions
    @OptionGroup var timeoutOptions: TimeoutOptions

    var sizing: ModelSizing { get throws { try sizingOptions.sizing } }

    @Option(name: .customLong("frame"), help: "Frame this node of the model, by name (default: the model without a ground plane much larger than itself).")
    var frameNode: String?

    @Option(help: "An equirectangular Radiance .hdr file that lights the model (image-based light; scene files say environment: instead).")
    var environment: String?

    @Flag(name: .customLong("environment-background"), help: "Draw the --environment behind the model.")
    var environmentBackground = false

    @Option(help: "Pose the model by this animation clip (a name or an index; scene files say animation: { clip, time } per model).")
    var animation: String?

    @Option(help: "Seconds into the --animation clip (default 0); with --frames, each further frame is 1/30 s later.")
    var time: Double?

    @Flag(name: .customLong("no-shadows"), help: "Do not draw shadows.")
    var noShadows = false

    @Flag(help: "Draw every model at full detail (models with levels of detail use them while they look small).")
    var fullDetail = false

    @Flag(help: "Import the model in a child process first (a crash in the importer becomes an error; 30 s and 8 GiB at most).")
    var isolateImport = false

    @Flag(help: "Print the GL renderer and timings.")
    var verbose = false

    func validate() throws {
        _ = try sizing
        guard fov > 1, fov < 179 else { throw ValidationError("--fov must be between 1 and 179 degrees, got \(fov)") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        guard orbit.isFinite else { throw ValidationError("--orbit must be a number of degrees") }
        guard [0, 2, 4, 8].contains(msaa) else { throw ValidationError("--msaa must be 0, 2, 4 or 8, got \(msaa)") }
        if let time, !(time >= 0 && time <= 1_000_000) { throw ValidationError("--time must be a number of seconds from 0 to 1000000, got \(time)") }
        if time != nil && animation == nil { throw ValidationError("--time needs --animation CLIP (a clip's name or index)") }
        if animation != nil && Self.isSceneFile(model) {
            throw ValidationError("a scene file poses its own models: give animation: { clip, time } in \(model) instead of --animation")
        }
        if environmentBackground && environment == nil { throw ValidationError("--environment-background needs --environment FILE.hdr") }
        if environment != nil && Self.isSceneFile(model) {
            throw ValidationError("a scene file sets its own environment: give environment: in \(model) instead of --environment")
        }
    }

    /// This program, for the import child.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func isSceneFile(_ path: String) -> Bool {
        [".yaml", ".yml", ".json"].contains { path.lowercased().hasSuffix($0) }
    }

    var isolation: ImportIsolation? { isolateImport ? ImportIsolation(executable: Self.executable) : nil }

    func run() throws {
        timeoutOptions.start("sprout render")
        // A folder that does not exist yet is made, as the other commands make theirs, and
        // taken away again when the render fails before writing anything into it.
        let pattern = OutputPattern(template: output)
        let first = pattern.isPattern ? pattern.path(frame: 0) : output
        let folder = first.contains("/") ? String(first[..<first.lastIndex(of: "/")!]) : "."
        let folderIsNew = output != "-" && !FileManager.default.fileExists(atPath: folder)
        try OutputFile.makeFolder(for: first)
        do {
            try render(pattern: pattern)
        } catch {
            if folderIsNew, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: folder)
            }
            throw error
        }
    }

    private func render(pattern: OutputPattern) throws {
        // With the PNG on standard output, everything said goes to standard error.
        let say: (String) -> Void = output == "-" ? { printError($0) } : { print($0) }
        if Self.isSceneFile(model) { return try renderScene(say: say) }
        let modelPath: String
        switch try ModelReference.resolve(model, relativeTo: ".") {
        case .file(let path), .plant(_, let path): modelPath = path
        case .builtIn(let name): throw ValidationError("'\(name)' is a built-in for scripts; render a model file, a catalog plant or a scene")
        }
        let clock = Stopwatch()
        let surface = try OffscreenSurface(width: size.width, height: size.height, samples: msaa)
        let contextMilliseconds = clock.milliseconds
        let renderer = try Renderer(context: surface.context)
        let rendererMilliseconds = clock.milliseconds
        let view = try ModelView(modelPath: modelPath, aspect: Float(size.width) / Float(size.height), cameraPosition: cameraPosition?.value,
                                 lookAt: lookAt?.value, fovYDegrees: fov, directionToLight: light?.value, shadows: !noShadows, stage: stage,
                                 isolation: isolation, sizing: try sizing, frameNode: frameNode)
        if let environment {
            view.scene.environment = EnvironmentLight(image: try HDRCodec.read(path: environment), showsAsBackground: environmentBackground)
        }
        view.asset.warnings.forEach { printError("warning: " + $0) }
        let player = try animation.map { try ModelPose.apply(clip: $0, time: time ?? 0, to: view.asset.root, modelName: model) }
        if case .asIs = try sizing, let warning = ModelSizing.warning(for: view.asset.root, name: model) { printError(warning) }
        let loadMilliseconds = clock.milliseconds
        let asset = view.asset
        if verbose {
            say("\(renderer.info)")
            say("EGL platform: \(surface.platform.rawValue)")
            // At full detail; a file's levels of detail are counted apart (the asset's totals hold both).
            let models = ([asset.root] + asset.root.descendants).compactMap(\.model)
            let full = models.flatMap(\.parts)
            let levels = models.flatMap(\.levelsOfDetail).map { $0.parts.reduce(0) { $0 + $1.mesh.triangleCount } }
            say("model: \(model): \(full.count) meshes, \(full.reduce(0) { $0 + $1.mesh.triangleCount }) triangles, \(asset.materials.count) materials, \(asset.textures.count) textures"
                + (levels.isEmpty ? "" : "; levels of detail: " + levels.map { "\($0)" }.joined(separator: ", ") + " triangles"))
            say("bounds: min \(text(view.scene.root.visualBounds().min)) max \(text(view.scene.root.visualBounds().max))")
            // What --animation can name.
            if !asset.root.animationClips.isEmpty {
                say("clips: " + asset.root.animationClips.enumerated().map { "\($0.offset): '\($0.element.name)' (\(format3("%.2f", $0.element.duration)) s)" }
                    .joined(separator: ", "))
            }
            say(String(format3("setup: %.1f ms (context %.1f, renderer %.1f, model %.1f)", clock.milliseconds,
                                 contextMilliseconds, rendererMilliseconds - contextMilliseconds, loadMilliseconds - rendererMilliseconds)))
        }
        let renderOptions = shadingOptions.applied(to: RenderOptions(shadows: !noShadows, levelsOfDetail: !fullDetail))
        var pixels: [UInt8] = []
        let loop = Stopwatch()
        var firstMilliseconds = 0.0
        let progress = ProgressBar(label: "rendering \(model)")
        defer { progress.finish() }
        for frame in 0..<frames {
            if frame == 1 { firstMilliseconds = loop.milliseconds }
            progress.update(Double(frame) / Double(frames), elapsed: clock.milliseconds / 1000, detail: "frame \(frame + 1) of \(frames)")
            let camera = view.camera(orbitDegrees: orbit * Float(frame))
            if frame > 0, let player { player.seek(to: (time ?? 0) + Double(frame) / 30) }
            try renderer.render(view.scene, view: View(camera: camera, options: renderOptions), into: surface.renderTarget)
            try surface.readPixels(into: &pixels)
            if pattern.isPattern {
                try ImageFile.writePNG(pixels: pixels, width: size.width, height: size.height, to: pattern.path(frame: frame))
            }
        }
        let loopMilliseconds = loop.milliseconds
        let written = pattern.isPattern ? pattern.path(frame: 0) + " ... " + pattern.path(frame: frames - 1) : output
        let png = Stopwatch()
        if !pattern.isPattern {
            try ImageFile.writePNG(pixels: pixels, width: size.width, height: size.height, to: output)
        }
        if verbose { say(String(format3("png: %.1f ms", png.milliseconds))) }
        if verbose {
            say(String(format3("frames: %d in %.1f ms (%.2f ms/frame)", frames, loopMilliseconds, loopMilliseconds / Double(frames))))
            // After the first, which compiles shaders and draws the shadow map: what an orbit or a clip costs.
            if frames > 1 {
                say(String(format3("steady: %.2f ms/frame after the first (first %.1f ms)", (loopMilliseconds - firstMilliseconds) / Double(frames - 1),
                                   firstMilliseconds)))
            }
        }
        say("wrote \(written)")
    }

    /// A scene file: its own size, camera, light, MSAA and shadows; `--frames` and `--orbit` as for a model.
    func renderScene(say: (String) -> Void) throws {
        let clock = Stopwatch()
        let view = try SceneView(path: model, isolation: isolation)
        view.options = shadingOptions.applied(to: RenderOptions(shadows: !noShadows, levelsOfDetail: !fullDetail))
        view.warnings.forEach(printError)
        let loaded = clock.milliseconds
        let surface = try OffscreenSurface(width: view.file.width, height: view.file.height, samples: view.file.msaa)
        let renderer = try Renderer(context: surface.context)
        let ready = clock.milliseconds
        let pattern = OutputPattern(template: output)
        var pixels: [UInt8] = []
        let loop = Stopwatch()
        var drawMilliseconds = 0.0, firstMilliseconds = 0.0
        let progress = ProgressBar(label: "rendering \(model)")
        defer { progress.finish() }
        for frame in 0..<frames {
            progress.update(Double(frame) / Double(frames), elapsed: clock.milliseconds / 1000, detail: "frame \(frame + 1) of \(frames)")
            let draw = Stopwatch()
            if frame > 0 { view.advanceAnimations(to: Double(frame) / 30) }
            try view.draw(with: renderer, into: surface, orbitDegrees: orbit * Float(frame))
            try surface.readPixels(into: &pixels)
            drawMilliseconds += draw.milliseconds
            if frame == 0 { firstMilliseconds = drawMilliseconds }
            if pattern.isPattern { try ImageFile.writePNG(pixels: pixels, width: view.file.width, height: view.file.height, to: pattern.path(frame: frame)) }
        }
        let loopMilliseconds = loop.milliseconds
        if !pattern.isPattern { try ImageFile.writePNG(pixels: pixels, width: view.file.width, height: view.file.height, to: output) }
        if verbose {
            say("\(renderer.info)")
            say("scene: \(model): \(view.file.models.count) models, \(view.file.width)x\(view.file.height); setup \(format3("%.1f", ready)) ms (scene \(format3("%.1f", loaded)) ms)")
            say(String(format3("frames: %d in %.1f ms (%.2f ms/frame drawn and read back; %d shadow passes)", frames, loopMilliseconds,
                               drawMilliseconds / Double(frames), renderer.shadowPassCount)))
            // The first frame compiles shaders and draws the shadow map and probe; the rest is
            // what an orbit or a walk costs (what B's steady frame rate measures).
            if frames > 1 {
                say(String(format3("steady: %.2f ms/frame after the first (first %.1f ms)", (drawMilliseconds - firstMilliseconds) / Double(frames - 1),
                                   firstMilliseconds)))
            }
        }
        say("wrote \(pattern.isPattern ? pattern.path(frame: 0) + " ... " + pattern.path(frame: frames - 1) : output)")
    }
}
