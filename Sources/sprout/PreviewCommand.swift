import ArgumentParser
import SproutApp
import SproutAssets
import SproutCommandLine

struct PreviewCommand: ParsableCommand, StageDefaults, FramesDefaults {
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
    static let (stage, output, frames) = ("tabletop", "sprout-preview", 8)
    static let framesHelp = "Offscreen frames to write when there is no display, spread over --duration."

    @Argument(help: "A model file or a catalog plant such as sunflower (default: Sprout's seedling).")
    var model: String?

    @OptionGroup var sizingOptions: SizingOptions
    @OptionGroup var shadingOptions: ShadingOptions
    @OptionGroup var world: StageOptions<Self>
    @OptionGroup var offscreen: FramesOptions<Self>

    @Option(help: "Simulated seconds the offscreen device spends looking around the stage (the plant is placed after 2.5 s).")
    var duration = 4.0

    @Flag(help: "Draw the detected plane anchors (translucent, with their extent).")
    var planes = false

    @Option(help: "Place the model in this material variant (glTF KHR_materials_variants; sprout render MODEL --verbose lists them).")
    var variant: String?

    func validate() throws {
        _ = try sizingOptions.sizing
        guard duration > 0, duration <= 3600 else { throw ValidationError("--duration must lie in (0, 3600] seconds, got \(duration)") }
    }

    func run() throws {
        let surface = try SurfaceChoice.windowOrOffscreen(title: "Sprout", width: world.size.width, height: world.size.height)
        try app().run(on: surface, frames: offscreen.frames, folder: offscreen.output)
    }

    /// Offscreen on a surface of the command's size (what `run` does without a display).
    func runOffscreen() throws {
        let surface = try OffscreenSurface(width: world.size.width, height: world.size.height, samples: 4)
        try app().run(on: .offscreen(surface), frames: offscreen.frames, folder: offscreen.output)
    }

    private func app() throws -> PreviewApp {
        var app = PreviewApp(
            plant: try PreviewApp.plantLoader(
                model, sizing: sizingOptions.sizing, variant: variant, up: sizingOptions.up,
                // The formats Assimp alone parses are imported in a child process first, as `render` does.
                isolation: model == nil ? nil : ImportIsolation(executable: ImportIsolation.thisProgram, formats: ImportIsolation.assimpOnlyFormats),
                warn: printError))
        (app.stage, app.seed, app.showsPlanes, app.duration) = (world.stage, world.seed, planes, duration)
        app.options = shadingOptions.applied(to: app.options)
        app.warn = printError
        return app
    }
}
