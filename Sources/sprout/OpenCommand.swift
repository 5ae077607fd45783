import ArgumentParser
import SproutApp
import SproutRender
import SproutMath
import SproutSeedShop
import SproutWindow
import SproutWorld
import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a Seed Shop invocation URL: scan the packet's code, and the plant grows on its packet (window, or offscreen frames).",
        discussion: """
        Without a URL, the last experience is restored (seed 004: a launch from the App Switcher). URLs must be https \
        on an associated domain in Assets/catalog.yaml; the product key is the last path component.
        """
    )

    @Argument(help: "An invocation URL such as https://seedshop.example/sunfl (default: the last one opened).")
    var url: String?

    @Option(help: "A built-in stage name (nursery: every catalog packet on a bench; tabletop: the sunflower's) or a stage file.")
    var stage = "nursery"

    @Option(help: ArgumentHelp("Window or frame size in pixels.", valueName: "WIDTHxHEIGHT"))
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames when there is no display.")
    var output = "sprout-open"

    @Option(help: "Offscreen frames to write, at the flow's moments: scanning, code read, packet in view, growing, grown (at most 5).")
    var frames = 5

    @Option(help: "Seed of the simulated session's noise.")
    var seed: UInt64 = 1

    @OptionGroup var sizingOptions: SizingOptions
    @OptionGroup var shadingOptions: ShadingOptions

    @Option(help: "Where downloaded models are cached (default: $XDG_CACHE_HOME/sprout, else ~/.cache/sprout).")
    var cache: String?

    @Option(name: .customLong("state"), help: "The file that keeps the last experience (default: $XDG_STATE_HOME/sprout/last-experience, else ~/.local/state/...).")
    var statePath: String?

    func validate() throws {
        _ = try sizingOptions.sizing
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
    }

    func run() throws {
        let catalog = try Assets.catalog()
        let state = (statePath ?? LaunchState.defaultPath(environment: ProcessInfo.processInfo.environment)).map(LaunchState.init(path:))
        guard let target = url ?? state?.restore() else {
            throw AppError("no URL given and no saved experience to restore; try: sprout open https://seedshop.example/sunfl")
        }
        let invocation = try catalog.resolve(target)
        try state?.save(target)
        print("\(invocation.experience.title): \(invocation.productKey.flatMap { catalog.product($0)?.name } ?? "no product") (\(target))")
        switch try SurfaceChoice.windowOrOffscreen(title: "Sprout Seed Shop", width: size.width, height: size.height) {
        case .window(let surface): try runWindow(surface, catalog: catalog, launchURL: target)
        case .offscreen(let surface): try runOffscreen(surface, catalog: catalog, launchURL: target)
        }
    }

    /// The world on the stage with the Seed Shop flow started; models come through the cache
    /// (file: or http(s):), with the sample's progress text.
    private func makeWorld(_ surface: Surface, catalog: Catalog, launchURL: String) throws -> World {
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport)
        let loader = Assets.productLoader(cacheDirectory: cache ?? Assets.defaultCacheDirectory()) { fraction in
            if let text = SeedShopFlow.progressText(fraction) { print(text.replacingOccurrences(of: "\n", with: "")) }
        }
        let sizing = try sizingOptions.sizing
        // Plants stand on their stem's foot at the origin, so scaling keeps them on their packet.
        world.startSeedShop(catalog: catalog, launchURL: launchURL, loadModel: { product in
            let entity = try loader(product)
            sizing.apply(to: entity)
            return entity
        })
        return world
    }

    /// Offscreen: the device leans over the packet until the plant appears, then steps back to
    /// see it grow to its full height.
    private func runOffscreen(_ surface: OffscreenSurface, catalog: Catalog, launchURL: String) throws {
        let world = try makeWorld(surface, catalog: catalog, launchURL: launchURL)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = shadingOptions.applied(to: loop.options)
        // The invoked product's packet (the bare URL: the first one in the catalog's order).
        let key = (try? catalog.resolve(launchURL))?.productKey
        let packets = world.stage.images.filter { catalog.product($0.name) != nil }
        let packet = (packets.first { $0.name == key } ?? packets.first)?.frame.center ?? world.stage.camera.lookAt
        let story = SeedShopStory(world: world, packet: packet)
        let tour = story.tour(folder: output, frames: frames)
        let written = try tour.run(loop, on: surface, beforeStep: { story.beforeStep($0) })
        for (file, moment) in zip(written, story.taken) { print("  \(file): \(moment)") }
        let flow = world.seedShop!
        let grown = flow.presented.keys.sorted().joined(separator: ", ")
        print("wrote \(written.count) frame(s) to \(OutputFile.absolute(output))/ (decoded \(flow.decodedURLs.joined(separator: ", ")); grown: \(grown.isEmpty ? "nothing" : grown))")
    }

    private func runWindow(_ surface: WindowSurface, catalog: Catalog, launchURL: String) throws {
        let world = try makeWorld(surface, catalog: catalog, launchURL: launchURL)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = shadingOptions.applied(to: loop.options)
        loop.helpLine = PreviewControls.helpLine
        print("Window open: walk to the seed packet (W/S, A/D, Q/E, arrows) and look at its code; then drag or twist the plant. Esc quits.")
        try WindowRunner(loop: loop, surface: surface).run()
    }
}
