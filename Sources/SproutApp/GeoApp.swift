import SproutDocument
import SproutFiles
import SproutGeo
import SproutMath
import SproutRender
import SproutSession
import SproutWorld
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `sprout geo` does, for a program of its own: geotracking on a stage with a geographic
/// origin, placemarks on a map, anchors kept in a GPX file. In a window (`GeoControls`), or
/// offscreen: the anchors are added once localised and the device walks towards the first.
public struct GeoApp {
    /// The stage as named (a built-in name or a file), with a geographic origin.
    public let stage: String
    /// Seed of the simulated noise.
    public var seed: UInt64 = 1
    /// How anchors are marked (nil: the stage's).
    public var placemarkStyle: PlacemarkStyle?
    /// The anchors to add: the GPX file's waypoints (none: one on the street ahead, offscreen).
    public var waypoints: [Waypoint] = []
    /// Where the anchors are saved: the GPX file itself when it holds nothing but what Sprout
    /// writes, else beside it (`besidePath`), so its tracks, routes and descriptions are never lost.
    public var saveTo: String?
    /// Hears what happens.
    public var say: (String) -> Void = { print($0) }

    /// Geotracking on `stage` (a built-in name or a file), which must have a geographic origin.
    public init(stage name: String) throws {
        let loaded = try Assets.stage(name)
        guard loaded.geoOrigin != nil else { throw AppError("stage '\(loaded.name)' has no geo origin; try --stage street-corner") }
        stage = name
    }

    /// `walk.gpx` -> `walk.anchors.gpx`: where anchors go when the file named holds more than them.
    public static func besidePath(of path: String) -> String {
        path.lowercased().hasSuffix(".gpx") ? String(path.dropLast(4)) + ".anchors.gpx" : path + ".anchors.gpx"
    }

    /// Reads `gpx`'s waypoints (measured first: at most `GPX.maximumBytes`) and decides where the
    /// anchors are saved; a file not there yet is made when they are saved, in a folder that is.
    public mutating func useGPX(_ gpx: String) throws {
        saveTo = gpx
        guard FileManager.default.fileExists(atPath: gpx) else {
            let folder = Document.folder(of: gpx)
            guard FileManager.default.fileExists(atPath: folder + "/.") else { throw AppError("--gpx \(gpx): the folder \(folder) does not exist") }
            say("\(gpx) does not exist yet: it will be created with the anchors when they are saved")
            return
        }
        let data: [UInt8]
        switch InputFile.read(path: gpx, limit: GPX.maximumBytes) {
        case .success(let bytes): data = bytes
        case .failure(let refusal): throw AppError("\(gpx): \(refusal)")
        }
        let text = String(decoding: data, as: UTF8.self)
        waypoints = try GPX.read(text, file: gpx)
        if GPX.write(waypoints) != text {
            saveTo = Self.besidePath(of: gpx)
            say(
                "\(gpx) holds more than waypoints Sprout writes (tracks, routes, metadata or descriptions): the anchors will be saved to \(saveTo!), the file itself is left as it is"
            )
        }
    }

    /// A window or offscreen frames, whichever `choice` holds (offscreen: `frames` into `folder`,
    /// over 24 simulated seconds); then the anchors are saved to `saveTo`.
    public func run(on choice: SurfaceChoice, frames: Int, folder: String) throws {
        let world: World
        switch choice {
        case .window(let surface):
            world = try self.world(on: surface)
            let runner = WindowRunner(loop: try loop(world, surface, help: GeoControls.helpLine), surface: surface)
            let controls = GeoControls(world: world, waypoints: waypoints)
            controls.say = say
            runner.onInput = { controls.apply($0) }
            runner.afterStep = { _ in controls.afterStep() }
            say("Window open: \(GeoControls.helpLine).")
            try runner.run()
        case .offscreen(let surface):
            world = try self.world(on: surface)
            let written = try walk(world, surface, frames: frames, folder: folder)
            let status = world.geo!.tracker.status
            say(
                "wrote \(written.count) frame(s) to \(OutputFile.absolute(folder))/ (\(status.state.description), accuracy \(status.accuracy.description), \(world.geo!.anchors.anchors.count) anchor(s))"
            )
        }
        if let saveTo, let anchors = world.geo?.anchors {
            try OutputFile.write(GPX.write(anchors.anchors.map { Waypoint(name: $0.name, coordinate: $0.coordinate) }), to: saveTo)
            say("saved \(anchors.anchors.count) anchor(s) to \(saveTo)")
        }
    }

    /// The street with geotracking; the geotracking sample has no focus square.
    public func world(on surface: Surface) throws -> World {
        let world = try World.onStage(stage, seed: seed, viewport: surface.viewport, showsFocusSquare: false)
        if let placemarkStyle { world.geo?.anchors.placemarkStyle = placemarkStyle }
        return world
    }

    /// A frame loop that draws the map inset and the geotracking label over a sky.
    private func loop(_ world: World, _ surface: Surface, help: String?) throws -> FrameLoop {
        let loop = try FrameLoop(world: world, surface: surface)
        loop.clearColor = View(camera: world.session.device.camera).clearColor
        loop.helpLine = help
        loop.overlays = { GeoOverlay().overlays(for: $0) }
        return loop
    }

    /// Offscreen: localise, add the waypoints (or, with none, an anchor on the street ahead: a
    /// point low in the view, so the placemark stands on the ground rather than half inside a
    /// facade), then walk towards the first (`GeoApproach`) and watch it rise.
    private func walk(_ world: World, _ surface: OffscreenSurface, frames: Int, folder: String) throws -> [String] {
        let tour = OffscreenTour(steps: Int(24 / (1.0 / 60)), frames: frames, folder: folder)
        var walk: (approach: GeoApproach, from: Int)?
        return try tour.run(
            loop(world, surface, help: nil), on: surface,
            beforeStep: { step in
                if let walk { world.session.device.transform = walk.approach.pose(at: Double(step - walk.from) * tour.deltaTime) }
            },
            afterStep: { step in
                guard walk == nil, let geo = world.geo, geo.tracker.status.state == .localized else { return }
                if waypoints.isEmpty {
                    let viewport = world.session.device.viewport
                    try geo.anchors.add(at: Vec2(viewport.width / 2, viewport.height * 0.72))
                } else {
                    for w in waypoints { try geo.anchors.add(w.coordinate, name: w.name) }
                }
                guard let first = geo.anchors.anchors.first else { return }
                walk = (GeoApproach(start: world.session.device.transform, target: first.transform.translation), step)
            })
    }
}
