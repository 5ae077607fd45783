import ArgumentParser
import SproutApp
import SproutRender
import SproutScene
import SproutWindow
import SproutWorld
import SproutFiles

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Place and handle plants on a stage through the simulated device in a window; without a display, write offscreen frames.",
        discussion: """
        Window controls: Space places the plant at the focus square; left drag is one finger (tap selects \
        or moves the selected plant, drag moves it); right drag is two fingers (pan) and the wheel \
        twists them (turns the plant); W/S walk, A/D step, Q/E down/up, arrows turn the device; \
        P shows or hides detected planes; R restarts (5 s cooldown); Esc quits.
        """
    )

    @Argument(help: "A model file or a catalog plant such as sunflower (default: Sprout's seedling).")
    var model: String?

    @OptionGroup var sizingOptions: SizingOptions
    @OptionGroup var shadingOptions: ShadingOptions

    var sizing: ModelSizing { get throws { try sizingOptions.sizing } }

    @Option(help: "A built-in stage name (tabletop) or a stage file (YAML or JSON).")
    var stage = "tabletop"

    @Option(help: ArgumentHelp("Window or frame size in pixels (the viewport in points is the same).", valueName: "WIDTHxHEIGHT"))
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames when there is no display.")
    var output = "sprout-preview"

    @Option(help: "Offscreen frames to write when there is no display, spread over --duration.")
    var frames = 8

    @Option(help: "Simulated seconds the offscreen device spends looking around the stage (the plant is placed after 2.5 s).")
    var duration = 4.0

    @Flag(help: "Draw the detected plane anchors (translucent, with their extent).")
    var planes = false

    @Option(help: "Seed of the simulated session's noise.")
    var seed: UInt64 = 1

    /// Offscreen, the plant is placed this long after the start (tracking normal, the table found).
    static let offscreenPlacementTime = 2.5

    func validate() throws {
        _ = try sizing
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        guard duration > 0, duration <= 3600 else { throw ValidationError("--duration must lie in (0, 3600] seconds, got \(duration)") }
    }

    func run() throws {
        switch try SurfaceChoice.windowOrOffscreen(title: "Sprout", width: size.width, height: size.height) {
        case .window(let surface): try runWindow(surface)
        case .offscreen(let surface): try runOffscreen(surface)
        }
    }

    /// Refuses a broken model before anything runs, and loads it afresh for each placement.
    private func plantLoader() throws -> () throws -> Entity {
        let path = try model ?? Assets.requireDirectory() + "/plants/seedling.obj"
        let reference = try ModelReference.resolve(path, relativeTo: ".")
        let sizing = try sizing
        let loaded = try reference.load()
        loaded.asset?.warnings.forEach { printError("warning: " + $0) }
        if case .asIs = sizing, let warning = ModelSizing.warning(for: loaded.entity, name: path) { printError(warning) }
        return try reference.entityLoader(sizing: sizing)
    }

    private var modelName: String { model ?? Assets.defaultPlantPath ?? "" }

    /// Offscreen on a surface of the command's size (what `run` does without a display).
    func runOffscreen() throws {
        try runOffscreen(OffscreenSurface(width: size.width, height: size.height, samples: 4))
    }

    func runOffscreen(_ surface: OffscreenSurface) throws {
        let plant = try plantLoader()
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport, showsPlanes: planes)
        world.playsAnimations = true   // a placed model plays its first clip (N: the next, K: pause)
        world.stage.modelWarning.map(printError)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = shadingOptions.applied(to: loop.options)
        let sweep = DeviceSweep(home: world.session.device, lookAt: world.stage.camera.lookAt)
        let tour = OffscreenTour(steps: Int((duration * 60).rounded()), frames: frames, folder: output)
        let placeAt = Int((Self.offscreenPlacementTime * 60).rounded())
        let written = try tour.run(loop, on: surface,
                                   beforeStep: { step in world.session.device = sweep.device(at: Float(step) / Float(tour.steps)) },
                                   afterStep: { step in if step == placeAt { world.place(try plant(), named: PreviewControls.plantName) } })
        print("wrote \(written.count) frame(s) of \(modelName) on stage '\(world.stage.name)' to \(OutputFile.absolute(output))/ (\(world.summary))")
    }

    private func runWindow(_ surface: WindowSurface) throws {
        let plant = try plantLoader()
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport, showsPlanes: planes)
        world.playsAnimations = true   // a placed model plays its first clip (N: the next, K: pause)
        world.stage.modelWarning.map(printError)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = shadingOptions.applied(to: loop.options)
        loop.helpLine = PreviewControls.helpLine
        let runner = WindowRunner(loop: loop, surface: surface)
        runner.titlePrefix = "Sprout: \(world.stage.name), "
        let controls = PreviewControls(world: world, plant: plant)
        runner.onInput = { try controls.apply($0) }
        print("Window open: \(PreviewControls.helpLine).")
        try runner.run()
    }
}
