import ArgumentParser
import SproutApp
import SproutDocument
import SproutGeo
import SproutSession
import SproutMath
import SproutRender
import SproutWindow
import SproutWorld
import SproutFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct GeoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geotracking on a stage with a geographic origin: placemarks on a map (window, or offscreen frames), anchors saved as GPX.",
        discussion: """
        Window: walk with W/S, A/D, Q/E and the arrows; a click in the view adds an anchor where it points, a click on \
        the map (top right) adds one there; U undoes the last; Esc saves the anchors (--gpx) and quits. Offscreen: the \
        anchors of --gpx (or one on the street ahead) are added once localised; the device walks towards the first and frames show it rise.
        """
    )

    @Option(help: "A stage with a geographic origin (built-in: street-corner) or a stage file.")
    var stage = "street-corner"

    @Option(help: "GPX file: its waypoints are loaded as anchors, and the anchors are saved back to it.")
    var gpx: String?

    @Option(help: ArgumentHelp("Window or frame size in pixels.", valueName: "WIDTHxHEIGHT"))
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames.")
    var output = "sprout-geo"

    @Option(help: "Offscreen frames, spread over 12 simulated seconds.")
    var frames = 6

    @Option(help: "Seed of the simulated noise.")
    var seed: UInt64 = 1

    @Option(help: "How anchors are marked: sphere (the sample's, default: the stage's) or arrow (an arrow once the accuracy is medium or high).")
    var placemark: PlacemarkStyle?

    static let help = "click: anchor  |  click the map: anchor there  |  U undo  |  WASD/QE walk, arrows turn  |  Esc save and quit"

    func run() throws {
        let stage = try Assets.stage(self.stage)
        guard stage.geoOrigin != nil else { throw AppError("stage '\(stage.name)' has no geo origin; try --stage street-corner") }
        var waypoints: [Waypoint] = []
        // Where the anchors are saved: the file itself when it holds nothing but what Sprout
        // writes; beside it otherwise, so its tracks, routes and descriptions are never lost.
        var saveTo = gpx
        if let gpx, FileManager.default.fileExists(atPath: gpx) {
            // Measured before it is read: GPX files are at most 8 MiB.
            let data: [UInt8]
            switch InputFile.read(path: gpx, limit: GPX.maximumBytes) {
            case .success(let bytes): data = bytes
            case .failure(let refusal): throw AppError("\(gpx): \(refusal)")
            }
            let text = String(decoding: data, as: UTF8.self)
            waypoints = try GPX.read(text, file: gpx)
            if GPX.write(waypoints) != text {
                saveTo = Self.besidePath(of: gpx)
                print("\(gpx) holds more than waypoints Sprout writes (tracks, routes, metadata or descriptions): the anchors will be saved to \(saveTo!), the file itself is left as it is")
            }
        } else if let gpx {
            // A new file is fine (the anchors are saved there); a folder that is not there is a typo.
            let folder = Document.folder(of: gpx)
            guard FileManager.default.fileExists(atPath: folder + "/.") else {
                throw AppError("--gpx \(gpx): the folder \(folder) does not exist")
            }
            print("\(gpx) does not exist yet: it will be created with the anchors when they are saved")
        }
        let world: World
        switch try SurfaceChoice.windowOrOffscreen(title: "Sprout geo", width: size.width, height: size.height) {
        case .window(let surface):
            world = try makeWorld(surface)
            try runWindow(surface, world: world, waypoints: waypoints)
        case .offscreen(let surface):
            world = try makeWorld(surface)
            try runOffscreen(surface, world: world, waypoints: waypoints)
        }
        if let saveTo, let anchors = world.geo?.anchors {
            try OutputFile.write(GPX.write(anchors.anchors.map { Waypoint(name: $0.name, coordinate: $0.coordinate) }), to: saveTo)
            print("saved \(anchors.anchors.count) anchor(s) to \(saveTo)")
        }
    }

    /// `walk.gpx` -> `walk.anchors.gpx`: where anchors go when the file named holds more than them.
    static func besidePath(of path: String) -> String {
        path.lowercased().hasSuffix(".gpx") ? String(path.dropLast(4)) + ".anchors.gpx" : path + ".anchors.gpx"
    }

    /// The street with geotracking; the geotracking sample has no focus square.
    private func makeWorld(_ surface: Surface) throws -> World {
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport, showsFocusSquare: false)
        if let placemark { world.geo?.anchors.placemarkStyle = placemark }
        return world
    }

    /// A frame loop that draws the map inset and the geotracking label over a sky.
    private func makeLoop(_ world: World, _ surface: Surface, help: String?) throws -> FrameLoop {
        let loop = try FrameLoop(world: world, surface: surface)
        loop.clearColor = View(camera: world.session.device.camera).clearColor
        loop.helpLine = help
        loop.overlays = { GeoOverlay().overlays(for: $0) }
        return loop
    }

    /// Adds the waypoints (or, with none, an anchor on the street ahead: a point low in the view,
    /// so the placemark stands on the ground rather than half inside a facade) once localised.
    private func addAnchors(_ waypoints: [Waypoint], to world: World) throws -> Bool {
        guard let geo = world.geo, geo.tracker.status.state == .localized else { return false }
        if waypoints.isEmpty {
            let viewport = world.session.device.viewport
            try geo.anchors.add(at: Vec2(viewport.width / 2, viewport.height * 0.72))
        } else {
            for w in waypoints { try geo.anchors.add(w.coordinate, name: w.name) }
        }
        return true
    }

    private func runOffscreen(_ surface: OffscreenSurface, world: World, waypoints: [Waypoint]) throws {
        let loop = try makeLoop(world, surface, help: nil)
        // Localise, place the anchor, then walk towards it (GeoApproach) and watch it rise.
        let tour = OffscreenTour(steps: Int(24 / (1.0 / 60)), frames: frames, folder: output)
        var walk: (approach: GeoApproach, from: Int)?
        let written = try tour.run(loop, on: surface, beforeStep: { step in
            if let walk { world.session.device.transform = walk.approach.pose(at: Double(step - walk.from) * tour.deltaTime) }
        }, afterStep: { step in
            guard walk == nil, try addAnchors(waypoints, to: world), let first = world.geo?.anchors.anchors.first else { return }
            walk = (GeoApproach(start: world.session.device.transform, target: first.transform.translation), step)
        })
        let status = world.geo!.tracker.status
        print("wrote \(written.count) frame(s) to \(OutputFile.absolute(output))/ (\(status.state.description), accuracy \(status.accuracy.description), \(world.geo!.anchors.anchors.count) anchor(s))")
    }

    private func runWindow(_ surface: WindowSurface, world: World, waypoints: [Waypoint]) throws {
        let loop = try makeLoop(world, surface, help: Self.help)
        let runner = WindowRunner(loop: loop, surface: surface)
        let anchors = world.geo!.anchors
        var pending = waypoints
        runner.onInput = { input in
            for at in input.clicks {
                do {
                    if let p = GeoOverlay().stagePosition(at: at, device: world.session.device, anchors: GeoOverlay.mapAnchors(world)) {
                        try anchors.add(anchors.tracker.frame.coordinate(stage: SIMD3(Double(p.x), 0, Double(p.y))))
                    } else {
                        try anchors.add(at: at)
                    }
                } catch GeoAnchorError.noRaycastResult {
                    anchors.showToast("\(GeoAnchorError.noRaycastResult)")   // G21 shows this one as a toast
                    print(anchors.toast)
                } catch { print(error) }
            }
            if input.keysPressed.contains(.u) {
                anchors.undo()
                print(anchors.toast)
            }
        }
        runner.afterStep = { _ in
            guard !pending.isEmpty, anchors.tracker.status.state == .localized else { return }
            for w in pending { _ = try? anchors.add(w.coordinate, name: w.name) }
            pending = []
        }
        print("Window open: \(Self.help).")
        try runner.run()
    }
}
