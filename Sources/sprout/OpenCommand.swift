import ArgumentParser
import SproutAssets
import SproutHeadless
import SproutImage
import SproutInteraction
import SproutMath
import SproutRender
import SproutScene
import SproutSeedShop
import SproutSession
import SproutWindow
#if canImport(Glibc)
import Glibc
#endif
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

    @Option(help: "A built-in stage name (tabletop) or a stage file.")
    var stage = "tabletop"

    @Option(help: "Window or frame size in pixels.")
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames when there is no display.")
    var output = "sprout-open"

    @Option(help: "Offscreen frames to write, spread over the flow (about 9 s).")
    var frames = 6

    @Option(help: "Seed of the simulated session's noise.")
    var seed: UInt64 = 1

    @Option(help: "Where downloaded models are cached (default: $XDG_CACHE_HOME/sprout, else ~/.cache/sprout).")
    var cache: String?

    @Option(name: .customLong("state"), help: "The file that keeps the last experience (default: $XDG_STATE_HOME/sprout/last-experience, else ~/.local/state/...).")
    var statePath: String?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
    }

    func run() throws {
        guard let assets = ResourceLocator.assetsDirectory else { throw RenderError("cannot find the Assets/ folder") }
        let catalog = try Catalog.load(path: assets + "/catalog.yaml")
        let state = (statePath ?? LaunchState.defaultPath(environment: ProcessInfo.processInfo.environment)).map(LaunchState.init(path:))
        guard let target = url ?? state?.restore() else {
            throw ValidationError("no URL given and no saved experience to restore; try: sprout open https://seedshop.example/sunfl")
        }
        let invocation = try catalog.resolve(target)
        try state?.save(target)
        print("\(invocation.experience.title): \(invocation.productKey.flatMap { catalog.product($0)?.name } ?? "no product") (\(target))")
        if Window.isDisplayAvailable, let window = try? Window(title: "Sprout Seed Shop", width: size.width, height: size.height) {
            try runWindow(window, catalog: catalog, launchURL: target)
        } else {
            print("No display (DISPLAY is not set or cannot be opened): rendering offscreen instead.")
            try runOffscreen(catalog: catalog, launchURL: target)
        }
    }

    /// The scene, the engine and the flow over the stage; the plant is loaded by the importer.
    private func makeWorld(catalog: Catalog, launchURL: String, viewport: Viewport) throws -> (Scene, InteractionEngine, SeedShopFlow) {
        let world = try StageLoader.resolve(stage, assetsDirectory: ResourceLocator.assetsDirectory)
        let scene = Scene(lighting: world.lighting)
        scene.backdrop.addChild(try StageScene.build(world, loadTexture: Texture.read))
        let engine = InteractionEngine(session: Session(stage: world, seed: seed, viewport: viewport), scene: scene)
        let environment = ProcessInfo.processInfo.environment
        let cacheDirectory = cache ?? environment["XDG_CACHE_HOME"].map { $0 + "/sprout" } ?? (environment["HOME"] ?? "/tmp") + "/.cache/sprout"
        let loader = CachingLoader(cacheDirectory: cacheDirectory)
        let flow = SeedShopFlow(engine: engine, catalog: catalog) { product in
            // Through the cache (file: or http(s):), with the sample's progress text.
            let path = try loader.load(product.modelURL) { fraction in
                if let text = CachingLoader.progressText(fraction) { print(text.replacingOccurrences(of: "\n", with: "")) }
            }
            // Generated plants have their stem's foot at the origin: only lift the lowest point to 0.
            let asset = try ModelImporter.load(path: path)
            asset.standOnOrigin(centringFootprint: false)
            return asset.root
        }
        flow.start(launchURL: launchURL)
        return (scene, engine, flow)
    }

    /// Offscreen: the device leans over the packet until the plant appears, then steps back to
    /// see it grow to its full height.
    private func runOffscreen(catalog: Catalog, launchURL: String) throws {
        let context = try HeadlessContext()
        let renderer = try Renderer()
        let viewport = Viewport(width: Float(size.width), height: Float(size.height))
        let (scene, engine, flow) = try makeWorld(catalog: catalog, launchURL: launchURL, viewport: viewport)
        let overlay = try StatusOverlay()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = try OffscreenTarget(width: size.width, height: size.height, samples: 4)
        let packet = engine.session.stage.images.first { catalog.product($0.name) != nil }?.frame.center ?? engine.session.stage.camera.lookAt
        let start = engine.session.device
        let over = lookAt(eye: packet + Vec3(0, 0.45, 0.12), target: packet)
        let back = lookAt(eye: packet + Vec3(1.5, 1.7, 3.8), target: packet + Vec3(0, 1.45, 0))
        let dt = 1.0 / 60
        let total = 9.0, steps = Int(total / dt)
        var pixels: [UInt8] = [], written = 0
        _ = context
        for step in 1...steps {
            let t = Double(step) * dt
            // 0-2 s lean in, 2-4.5 s hold over the packet, 4.5-6.5 s step back, then watch.
            let pose: Matrix4
            if t < 2 { pose = blend(start.transform, over, Float(t / 2)) }
            else if t < 4.5 { pose = over }
            else if t < 6.5 { pose = blend(over, back, Float((t - 4.5) / 2)) }
            else { pose = back }
            engine.session.device.transform = pose
            flow.handle(engine.update(deltaTime: dt))
            guard step * frames / steps > written else { continue }
            try renderer.render(scene, view: view(engine, flow, overlay, help: nil), into: target)
            target.readPixels(into: &pixels)
            try ImageFile.writePNG(pixels: pixels, width: size.width, height: size.height,
                                   to: output + "/" + OutputPattern(template: "frame-%03d.png").path(frame: written))
            written += 1
        }
        let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        let grown = flow.presented.keys.sorted().joined(separator: ", ")
        print("wrote \(written) frame(s) to \(absolute)/ (decoded \(flow.decodedURLs.joined(separator: ", ")); grown: \(grown.isEmpty ? "nothing" : grown))")
    }

    /// What the device sees, under the coaching text while it shows, else the engine's messages.
    private func view(_ engine: InteractionEngine, _ flow: SeedShopFlow, _ overlay: StatusOverlay, help: String?) -> View {
        let viewport = engine.session.device.viewport
        let panel = flow.isCoachingVisible
            ? overlay.overlays(text: flow.coachingText, help: help, viewport: viewport)
            : overlay.overlays(for: engine.messages, help: help, viewport: viewport)
        return View(camera: engine.session.device.camera, clearColor: Vec4(0.1, 0.1, 0.12, 1), overlays: panel, viewportInPoints: viewport)
    }

    /// Position and orientation blended (smoothly, so tracking stays normal).
    private func blend(_ a: Matrix4, _ b: Matrix4, _ t: Float) -> Matrix4 {
        let s = t * t * (3 - 2 * t)
        return Transform.interpolate(Transform(matrix: a), Transform(matrix: b), t: s).matrix
    }

    private func runWindow(_ window: Window, catalog: Catalog, launchURL: String) throws {
        let renderer = try Renderer()
        let points = window.size
        let (scene, engine, flow) = try makeWorld(catalog: catalog, launchURL: launchURL,
                                                  viewport: Viewport(width: Float(points.width), height: Float(points.height)))
        let overlay = try StatusOverlay()
        var mouse = MouseTouches()
        var lastTime = window.time
        print("Window open: walk to the seed packet (W/S, A/D, Q/E, arrows) and look at its code; then drag or twist the plant. Esc quits.")
        fflush(nil)
        while !window.shouldClose {
            let now = window.time
            for event in window.pollEvents() {
                let touches = mouse.touches(for: event, at: engine.session.time)
                if !touches.isEmpty { engine.handle(touches) }
                if case .keyDown(.escape) = event { window.shouldClose = true }
            }
            let dt = min(now - lastTime, 0.1)
            lastTime = now
            PreviewCommand.walk(engine.session, window: window, dt: Float(dt))
            flow.handle(engine.update(deltaTime: dt))
            let fb = window.framebufferSize
            try renderer.render(scene, view: view(engine, flow, overlay, help: PreviewCommand.helpLine), into: WindowTarget(width: fb.width, height: fb.height))
            window.swapBuffers()
        }
    }
}
