import ArgumentParser
import SproutApp
import SproutCommandLine
import SproutSeedShop
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct OpenCommand: ParsableCommand, StageDefaults, FramesDefaults {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a Seed Shop invocation URL: scan the packet's code, and the plant grows on its packet (window, or offscreen frames).",
        discussion: """
            Without a URL, the last experience is restored (seed 004: a launch from the App Switcher). URLs must be https \
            on an associated domain in Assets/catalog.yaml; the product key is the last path component.
            """
    )
    static let (stage, output, frames) = ("nursery", "sprout-open", 5)
    static let stageHelp = "A built-in stage name (nursery: every catalog packet on a bench; tabletop: the sunflower's) or a stage file."
    static let framesHelp = "Offscreen frames to write, at the flow's moments: scanning, code read, packet in view, growing, grown (at most 5)."

    @Argument(help: "An invocation URL such as https://seedshop.example/sunfl (default: the last one opened).")
    var url: String?

    @OptionGroup var world: StageOptions<Self>
    @OptionGroup var offscreen: FramesOptions<Self>
    @OptionGroup var sizingOptions: SizingOptions
    @OptionGroup var shadingOptions: ShadingOptions

    @Option(help: "Where downloaded models are cached (default: $XDG_CACHE_HOME/sprout, else ~/.cache/sprout).")
    var cache: String?

    @Option(name: .customLong("state"), help: "The file keeping the last experience (default: $XDG_STATE_HOME/sprout/last-experience).")
    var statePath: String?

    func validate() throws {
        _ = try sizingOptions.sizing
        // Sprout's catalog plants stand upright: --up is for a user's own files.
        if sizingOptions.up != .y { throw ValidationError("--up is for a model file (sprout render, sprout preview); the catalog's plants stand upright") }
    }

    func run() throws {
        let state = (statePath ?? LaunchState.defaultPath(environment: ProcessInfo.processInfo.environment)).map(LaunchState.init(path:))
        var app = try SeedShopApp(catalog: Assets.catalog(), url: url, state: state)
        (app.stage, app.seed, app.sizing) = (world.stage, world.seed, try sizingOptions.sizing)
        app.options = shadingOptions.applied(to: app.options)
        if let cache { app.cacheDirectory = cache }
        print(app.description)
        let surface = try SurfaceChoice.windowOrOffscreen(title: "Sprout Seed Shop", width: world.size.width, height: world.size.height)
        try app.run(on: surface, frames: offscreen.frames, folder: offscreen.output)
    }
}
