import ArgumentParser
import SproutApp
import SproutAssets
import SproutCommandLine
import SproutFiles
import SproutImage
import SproutMath
import SproutRender
import SproutScene
import SproutSceneFile
import SproutWindow

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a model or a scene file headless (no display needed) to PNG, or show it in a window.",
        discussion: """
            A scene file (.yaml, .yml, .json: README, Scene files) sets its own size, camera, light, MSAA and shadows. \
            With --window the frames go to a window of that size instead of PNG files, orbiting by --orbit degrees a frame, \
            until Esc, the close button or Ctrl-C; the frame rate is said when it closes.
            """
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

    @Option(help: "Vertical field of view in degrees (default: the stage camera's, else 60).")
    var fov: Float?

    @Option(help: "Direction towards the light (over a stage's or a scene file's light).")
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

    @Option(
        name: .customLong("camera"),
        help: "Look through a camera of the model's file, by its node's name (glTF cameras; --verbose lists them), perspective or orthographic.")
    var cameraName: String?

    @Option(help: "An equirectangular Radiance .hdr file that lights the model (image-based light; scene files say environment: instead).")
    var environment: String?

    @Flag(name: .customLong("environment-background"), help: "Draw the --environment behind the model.")
    var environmentBackground = false

    @Option(help: "Pose the model by this animation clip (a name or an index; scene files say animation: { clip, time } per model).")
    var animation: String?

    @Option(help: "Draw the model in this material variant (glTF KHR_materials_variants; --verbose lists them; scene files say variant: per model).")
    var variant: String?

    @Option(help: "Seconds into the --animation clip (default 0); with --frames, each further frame is 1/30 s later.")
    var time: Double?

    @Flag(name: .customLong("no-shadows"), help: "Do not draw shadows.")
    var noShadows = false

    @Flag(help: "Draw every model at full detail (models with levels of detail use them while they look small).")
    var fullDetail = false

    @Flag(
        help:
            "Import every model in a child process first (a crash in the importer becomes an error; 30 s and 8 GiB at most). FBX, COLLADA, OBJ, PLY and STL files always are."
    )
    var isolateImport = false

    @Flag(help: "Print the GL renderer and timings.")
    var verbose = false

    @Flag(help: "Show the frames in a window (needs a display) until Esc or Ctrl-C, instead of writing PNG; says the frame rate.")
    var window = false

    func validate() throws {
        _ = try sizing
        if let fov, !(fov > 1 && fov < 179) { throw ValidationError("--fov must be between 1 and 179 degrees, got \(fov)") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        guard orbit.isFinite else { throw ValidationError("--orbit must be a number of degrees") }
        guard [0, 2, 4, 8].contains(msaa) else { throw ValidationError("--msaa must be 0, 2, 4 or 8, got \(msaa)") }
        if let time, !(time >= 0 && time <= 1_000_000) { throw ValidationError("--time must be a number of seconds from 0 to 1000000, got \(time)") }
        if time != nil && animation == nil { throw ValidationError("--time needs --animation CLIP (a clip's name or index)") }
        if animation != nil && SceneFile.isSceneFilePath(model) {
            throw ValidationError("a scene file poses its own models: give animation: { clip, time } in \(model) instead of --animation")
        }
        if variant != nil && SceneFile.isSceneFilePath(model) {
            throw ValidationError("a scene file chooses its own models' variants: give variant: NAME in \(model) instead of --variant")
        }
        if cameraName != nil && (cameraPosition != nil || lookAt != nil || frameNode != nil) {
            throw ValidationError("--camera looks through the model's own camera: give it without --camera-position, --look-at or --frame")
        }
        if SceneFile.isSceneFilePath(model) {
            // A scene file sets these itself; given beside one they would be silently ignored.
            let ignored = [
                ("--camera", cameraName != nil), ("--camera-position", cameraPosition != nil), ("--look-at", lookAt != nil),
                ("--fov", fov != nil), ("--light", light != nil), ("--stage", stage != nil), ("--frame", frameNode != nil),
                ("--scale", sizingOptions.scale != nil), ("--fit", sizingOptions.fit != nil), ("--up", sizingOptions.up != .y), ("--no-shadows", noShadows)
            ].filter(\.1).map(\.0)
            if !ignored.isEmpty {
                throw ValidationError(
                    "a scene file sets its own camera, light, stage, sizes and shadows: \(ignored.joined(separator: ", ")) would not apply to \(model); "
                        + "say it in the file (camera:, light:, stage:, a model's scale:, fit: or up:, shadows:)")
            }
        }
        if environmentBackground && environment == nil { throw ValidationError("--environment-background needs --environment FILE.hdr") }
        if environment != nil && SceneFile.isSceneFilePath(model) {
            throw ValidationError("a scene file sets its own environment: give environment: in \(model) instead of --environment")
        }
        if window && frames != 1 { throw ValidationError("--window draws until it is closed: --frames is for PNG files") }
    }

    /// Every format with `--isolate-import`; else the formats Assimp alone parses.
    var isolation: ImportIsolation? {
        ImportIsolation(executable: ImportIsolation.thisProgram, formats: isolateImport ? nil : ImportIsolation.assimpOnlyFormats)
    }

    func run() throws {
        timeoutOptions.start("sprout render")
        if window { return try show() }
        // A folder that does not exist yet is made, as the other commands make theirs, and
        // taken away again when the render fails before writing anything into it.
        let first = OutputPattern(template: output)
        try OutputFile.inFolder(for: first.isPattern ? first.path(frame: 0) : output) { try render() }
    }

    /// The scene file, or the model as a scene of one (`SceneFile.oneModel`) with this command's
    /// camera, light and size.
    private func sceneFile() throws -> SceneFile {
        if SceneFile.isSceneFilePath(model) { return try SceneFile.load(path: model) }
        var file = SceneFile.oneModel(model, stage: stage)
        (file.width, file.height, file.msaa, file.shadows, file.fovYDegrees) = (size.width, size.height, msaa, !noShadows, fov)
        file.camera = cameraName.map { .named($0) } ?? .framing(node: frameNode, position: cameraPosition?.value, lookAt: lookAt?.value)
        file.light = light.map { SceneFile.Light(direction: $0.value) }
        file.models[0].size(try sizing)
        file.models[0].up = sizingOptions.up
        file.models[0].animation = animation.map { SceneFile.AnimationChoice(clip: $0, time: time ?? 0) }
        file.models[0].variant = variant
        return file
    }

    /// Loads `file`'s models (errors of a model given alone name the model, not a scene file).
    private static func load(_ file: SceneFile, isolation: ImportIsolation?) throws -> SceneView {
        try file.pathRoot == .workingFolder ? SceneView.model(file, isolation: isolation) : SceneView(file: file, isolation: isolation)
    }

    /// This command's shading, --environment and the load's warnings, on a loaded view.
    private func prepare(_ view: SceneView) throws {
        if let environment {
            view.scene.environment = EnvironmentLight(image: try HDRCodec.read(path: environment), showsAsBackground: environmentBackground)
        }
        view.options = shadingOptions.applied(to: RenderOptions(shadows: !noShadows, levelsOfDetail: !fullDetail))
        view.warnings.forEach(printError)
    }

    private func show() throws {
        guard Window.isDisplayAvailable else { throw AppError("--window needs a display (DISPLAY is not set); without one, render writes PNG files") }
        let view = try Self.load(sceneFile(), isolation: isolation)
        try prepare(view)
        let surface = try WindowSurface(title: "Sprout: \(model)", width: view.file.width, height: view.file.height, samples: view.file.msaa)
        let renderer = try Renderer(context: surface.context)
        let shown = try view.show(in: surface, with: renderer, orbitDegrees: orbit, shouldStop: StopSignal.install())
        if verbose { print("\(renderer.info)") }
        print(shown.line)
    }

    private func render() throws {
        // With the PNG on standard output, everything said goes to standard error.
        let say: (String) -> Void = output == "-" ? { printError($0) } : { print($0) }
        let clock = Stopwatch()
        let file = try sceneFile()
        // The context starts on another thread while the models load on this one.
        let starting = OffscreenSurface.starting(width: file.width, height: file.height, samples: file.msaa)
        let view: SceneView
        do {
            view = try Self.load(file, isolation: isolation)
            try prepare(view)
        } catch {
            _ = try? starting.finish()   // not exiting while the driver is still starting on the other thread
            throw error
        }
        let loaded = clock.milliseconds
        let surface = try starting.finish()
        let renderer = try Renderer(context: surface.context)
        let ready = clock.milliseconds
        let progress = ProgressBar(label: "rendering \(model)")
        let timings = try view.writeFrames(frames, orbitDegrees: orbit, to: output, with: renderer, into: surface) { frame in
            progress.update(Double(frame) / Double(frames), elapsed: clock.milliseconds / 1000, detail: "frame \(frame + 1) of \(frames)")
            renderer.countsShadedSamples = verbose && frame == frames - 1   // a query waited for: the last frame only
        }
        progress.finish()
        if verbose {
            say("\(renderer.info)\nEGL platform: \(surface.platform.rawValue)")
            view.assets.forEach { say("model: " + $0.summary(named: SceneFile.isSceneFilePath(model) ? nil : model)) }
            let setup = Printf.format("setup %.1f ms (scene %.1f ms, the context starting meanwhile)", ready, loaded)
            say("scene: \(model): \(view.file.models.count) models, \(view.file.width)x\(view.file.height); \(setup)")
            timings.lines(renderer: renderer, pixelSamples: file.width * file.height * max(file.msaa, 1)).forEach(say)
        }
        say("wrote \(SceneView.describeFrames(frames, output: output))")
    }
}
