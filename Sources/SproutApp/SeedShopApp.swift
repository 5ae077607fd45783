import SproutFiles
import SproutRender
import SproutSeedShop
import SproutWorld

/// What `sprout open` does, for a program of its own: a Seed Shop invocation URL opened on a
/// stage; the packet's code is scanned and the plant grows on its packet, in a window (the
/// device walked with the keys) or offscreen at the flow's moments (`SeedShopStory`).
public struct SeedShopApp {
    /// The catalog the URL is resolved in (`Assets.catalog()`).
    public let catalog: Catalog
    /// The invocation URL.
    public let launchURL: String
    /// What the URL asks for: its experience and product (resolved once, in `init`).
    public let invocation: Invocation
    /// A built-in stage name (nursery: every catalog packet on a bench) or a stage file.
    public var stage = "nursery"
    /// Seed of the simulated session's noise.
    public var seed: UInt64 = 1
    /// How frames are drawn.
    public var options = RenderOptions()
    /// How the plants are sized (they stand on their stem's foot, so scaling keeps them on their packet).
    public var sizing = ModelSizing.asIs
    /// Where downloaded models are cached.
    public var cacheDirectory = Assets.defaultCacheDirectory()
    /// Hears what happens: the download's progress text, the frames written.
    public var say: @Sendable (String) -> Void = { print($0) }

    /// `url` resolved in `catalog` (an error names what is wrong with it); without one, the last
    /// URL opened as `state` keeps it (a launch from the App Switcher). Kept in `state` for next time.
    public init(catalog: Catalog, url: String?, state: LaunchState? = nil) throws {
        guard let target = url ?? state?.restore() else {
            throw AppError("no URL given and no saved experience to restore; try: sprout open https://seedshop.example/sunfl")
        }
        invocation = try catalog.resolve(target)
        try state?.save(target)
        self.catalog = catalog
        self.launchURL = target
    }

    /// The experience and product the URL opens, one line.
    public var description: String {
        "\(invocation.experience.title): \(invocation.productKey.flatMap { catalog.product($0)?.name } ?? "no product") (\(launchURL))"
    }

    /// The world on the stage with the Seed Shop flow started; models come through the cache
    /// (file: or http(s):), with the sample's progress text.
    public func world(on surface: Surface) throws -> World {
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport)
        let say = self.say, sizing = self.sizing
        let loader = Assets.productLoader(cacheDirectory: cacheDirectory) { fraction in
            if let text = SeedShopFlow.progressText(fraction) { say(text.replacingOccurrences(of: "\n", with: "")) }
        }
        world.startSeedShop(
            catalog: catalog, launchURL: launchURL,
            loadModel: { product in
                let entity = try loader(product)
                sizing.apply(to: entity)
                return entity
            })
        return world
    }

    /// A window or offscreen frames, whichever `choice` holds; offscreen, at most `frames` into `folder`.
    public func run(on choice: SurfaceChoice, frames: Int, folder: String) throws {
        switch choice {
        case .window(let surface):
            let loop = try FrameLoop(world: world(on: surface), surface: surface)
            loop.options = options
            loop.helpLine = PreviewControls.helpLine
            say("Window open: walk to the seed packet (W/S, A/D, Q/E, arrows) and look at its code; then drag or twist the plant. Esc quits.")
            try WindowRunner(loop: loop, surface: surface).run()
        case .offscreen(let surface):
            try runOffscreen(surface, frames: frames, folder: folder)
        }
    }

    /// Offscreen: the device leans over the packet until the plant appears, then steps back to
    /// see it grow to its full height; says which moment each frame shows.
    public func runOffscreen(_ surface: OffscreenSurface, frames: Int, folder: String) throws {
        let world = try world(on: surface)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = options
        // The invoked product's packet (the bare URL: the first one in the catalog's order).
        let key = invocation.productKey
        let packets = world.stage.images.filter { catalog.product($0.name) != nil }
        let packet = (packets.first { $0.name == key } ?? packets.first)?.frame.center ?? world.stage.camera.lookAt
        let story = SeedShopStory(world: world, packet: packet)
        let written = try story.tour(folder: folder, frames: frames).run(loop, on: surface, beforeStep: { story.beforeStep($0) })
        for (file, moment) in zip(written, story.taken) { say("  \(file): \(moment)") }
        let flow = world.seedShop!
        let grown = flow.presented.keys.sorted().joined(separator: ", ")
        say(
            "wrote \(written.count) frame(s) to \(OutputFile.absolute(folder))/ (decoded \(flow.decodedURLs.joined(separator: ", ")); grown: \(grown.isEmpty ? "nothing" : grown))"
        )
    }
}
