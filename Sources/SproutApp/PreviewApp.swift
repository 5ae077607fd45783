import SproutAssets
import SproutFiles
import SproutRender
import SproutScene
import SproutWorld

/// What `sprout preview` does, for a program of its own: a plant placed and handled on a stage
/// through the simulated device, in a window (`PreviewControls`) or, without a display, as
/// offscreen frames of the device looking around the stage with the plant placed after 2.5 s.
///
///     let app = try PreviewApp(plant: PreviewApp.plantLoader("sunflower"))
///     try app.run(on: SurfaceChoice.windowOrOffscreen(title: "Garden", width: 1280, height: 720), frames: 8, folder: "frames")
public struct PreviewApp {
    /// A built-in stage name or a stage file.
    public var stage = "tabletop"
    /// Seed of the simulated session's noise.
    public var seed: UInt64 = 1
    /// Draws the detected planes (translucent, with their extent).
    public var showsPlanes = false
    /// How frames are drawn (shading, exposure, tone mapping).
    public var options = RenderOptions()
    /// Simulated seconds the offscreen device looks around the stage.
    public var duration = 4.0
    /// Makes a fresh plant for each placement.
    public let plant: () throws -> Entity
    /// Hears what was done (the window's keys, the frames written).
    public var say: (String) -> Void = { print($0) }
    /// Hears warnings (a stage's model at the wrong scale).
    public var warn: (String) -> Void = { print($0) }

    /// Offscreen, the plant is placed this long after the start (tracking normal, the table found).
    public static let offscreenPlacementTime = 2.5

    /// A preview of what `plant` makes.
    public init(plant: @escaping () throws -> Entity) { self.plant = plant }

    /// Loads `model` (a file or a catalog plant; nil: Sprout's seedling) once, so a broken one is
    /// refused before anything runs, tells `warn` what it cannot draw and a size that looks like
    /// the wrong unit, and returns a loader that makes a fresh copy for each placement (turned
    /// upright from `up`, sized by `sizing`).
    public static func plantLoader(
        _ model: String?, sizing: ModelSizing = .asIs, variant: String? = nil, up: UpAxis = .y, isolation: ImportIsolation? = nil,
        warn: (String) -> Void = { _ in }
    ) throws -> () throws -> Entity {
        let path = try model ?? Assets.requireDirectory() + "/plants/seedling.obj"
        let reference = try ModelReference.resolve(path, relativeTo: ".")
        // A broken model, or a variant it lacks, is refused here, before anything runs (in a
        // child process first where `isolation` covers its format); the copies are of that file.
        let loaded = try reference.load(isolation: isolation, sizing: sizing, variant: variant, up: up)
        loaded.asset?.warnings.forEach { warn("warning: " + $0) }
        if case .asIs = sizing, let warning = ModelSizing.warning(for: loaded.entity, name: path) { warn(warning) }
        return { try reference.load(sizing: sizing, variant: variant, up: up).entity }
    }

    /// The world on the stage, sized to `surface`, playing placed models' first clips.
    public func world(on surface: Surface) throws -> World {
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport, showsPlanes: showsPlanes)
        world.playsAnimations = true   // a placed model plays its first clip (N: the next, K: pause)
        world.stage.modelWarning.map(warn)
        return world
    }

    /// A window or offscreen frames, whichever `choice` holds; offscreen, `frames` frames into `folder`.
    public func run(on choice: SurfaceChoice, frames: Int, folder: String) throws {
        switch choice {
        case .window(let surface): try runWindow(surface)
        case .offscreen(let surface):
            let (written, world) = try runOffscreen(surface, frames: frames, folder: folder)
            say("wrote \(written.count) frame(s) on stage '\(world.stage.name)' to \(OutputFile.absolute(folder))/ (\(world.summary))")
        }
    }

    /// Offscreen: the device sweeps around the stage over `duration`, the plant placed at
    /// `offscreenPlacementTime`; returns the files written and the world at the end.
    public func runOffscreen(_ surface: OffscreenSurface, frames: Int, folder: String) throws -> (files: [String], world: World) {
        let world = try world(on: surface)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = options
        let sweep = DeviceSweep(home: world.session.device, lookAt: world.stage.camera.lookAt)
        let tour = OffscreenTour(steps: Int((duration * 60).rounded()), frames: frames, folder: folder)
        let placeAt = Int((Self.offscreenPlacementTime * 60).rounded())
        let written = try tour.run(
            loop, on: surface,
            beforeStep: { step in world.session.device = sweep.device(at: Float(step) / Float(tour.steps)) },
            afterStep: { step in if step == placeAt { world.place(try plant(), named: PreviewControls.plantName) } })
        return (written, world)
    }

    /// The window, handled by `PreviewControls` until Esc.
    public func runWindow(_ surface: WindowSurface) throws {
        let world = try world(on: surface)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = options
        loop.helpLine = PreviewControls.helpLine
        let runner = WindowRunner(loop: loop, surface: surface)
        runner.titlePrefix = "Sprout: \(world.stage.name), "
        let controls = PreviewControls(world: world, plant: plant)
        runner.onInput = { try controls.apply($0) }
        runner.shouldStop = StopSignal.install()   // Ctrl-C or a kill ends it as Esc does, with the frame rate said
        say("Window open: \(PreviewControls.helpLine).")
        try runner.run()
        say(ShownFrames(count: runner.framesDrawn, seconds: runner.seconds).line)
    }
}
