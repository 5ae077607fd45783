import ArgumentParser
import SproutGeo
import SproutHeadless
import SproutImage
import SproutInteraction
import SproutMath
import SproutRender
import SproutScene
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

struct GeoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geotracking on a stage with a geographic origin: placemarks on a map (window, or offscreen frames), anchors saved as GPX.",
        discussion: """
        Window: walk with W/S, A/D, Q/E and the arrows; a click in the view adds an anchor where it points, a click on \
        the map (top right) adds one there; U undoes the last; Esc saves the anchors (--gpx) and quits. Offscreen: the \
        anchors of --gpx (or one where the device looks) are added once localised, and frames show them rise.
        """
    )

    @Option(help: "A stage with a geographic origin (built-in: street-corner) or a stage file.")
    var stage = "street-corner"

    @Option(help: "GPX file: its waypoints are loaded as anchors, and the anchors are saved back to it.")
    var gpx: String?

    @Option(help: "Window or frame size in pixels.")
    var size = SizeArgument(width: 1280, height: 720)

    @Option(name: .shortAndLong, help: "Folder for the offscreen frames.")
    var output = "sprout-geo"

    @Option(help: "Offscreen frames, spread over 12 simulated seconds.")
    var frames = 6

    @Option(help: "Seed of the simulated noise.")
    var seed: UInt64 = 1

    static let mapSize = 220

    func run() throws {
        let world = try StageLoader.resolve(stage, assetsDirectory: ResourceLocator.assetsDirectory)
        guard world.geoOrigin != nil else { throw ValidationError("stage '\(world.name)' has no geo origin; try --stage street-corner") }
        var waypoints: [Waypoint] = []
        if let gpx, FileManager.default.fileExists(atPath: gpx) {
            guard let data = FileManager.default.contents(atPath: gpx) else { throw ValidationError("\(gpx): cannot be read") }
            waypoints = try GPX.read(String(decoding: data, as: UTF8.self), file: gpx)
        }
        let viewport = Viewport(width: Float(size.width), height: Float(size.height))
        let scene = Scene(lighting: world.lighting)
        scene.backdrop.addChild(try StageScene.build(world, loadTexture: Texture.read))
        let session = Session(stage: world, seed: seed, viewport: viewport)
        session.run(.worldTracking)
        let tracker = GeoTracker(stage: world)!
        let anchors = GeoAnchorSet(tracker: tracker, session: session, scene: scene, seed: seed)
        let overlay = try StatusOverlay()
        if Window.isDisplayAvailable, let window = try? Window(title: "Sprout geo", width: size.width, height: size.height) {
            try runWindow(window, scene: scene, session: session, tracker: tracker, anchors: anchors, waypoints: waypoints, overlay: overlay)
        } else {
            print("No display (DISPLAY is not set or cannot be opened): rendering offscreen instead.")
            try runOffscreen(scene: scene, session: session, tracker: tracker, anchors: anchors, waypoints: waypoints, overlay: overlay)
        }
        if let gpx {
            try PlayCommand.writeAtomically(GPX.write(anchors.anchors.map { Waypoint(name: $0.name, coordinate: $0.coordinate) }), to: gpx)
            print("saved \(anchors.anchors.count) anchor(s) to \(gpx)")
        }
    }

    /// The map inset and the status label as overlays.
    private func overlays(session: Session, tracker: GeoTracker, anchors: GeoAnchorSet, overlay: StatusOverlay, help: String?) -> [ScreenOverlay] {
        let d = session.device
        let map = MapView(size: Self.mapSize, center: Vec2(d.position.x, d.position.z), heading: d.eulerAngles.y)
        let image = map.image(anchors: anchors.anchors.map { Vec2($0.transform.translation.x, $0.transform.translation.z) })
        let margin: Float = 16
        var result = [ScreenOverlay(texture: Texture(name: "map", image: image, wrap: .clampToEdge),
                                    origin: Vec2(d.viewport.width - Float(Self.mapSize) - margin, margin), size: Vec2(Float(Self.mapSize), Float(Self.mapSize)))]
        // G20's label: the state, then the G21 text (the accuracy, or the reason on its own line).
        let text = tracker.status.labelText(tracking: session.trackingState)
        var label = tracker.status.state.description + (tracker.status.state == .localized ? ", " + text : text)
        if tracker.status.state == .notAvailable {
            label = GeoTrackingStatus.unavailableTitle + "\n" + GeoTrackingStatus.unavailableMessage(tracker.status.reason.description)
        }
        result += overlay.overlays(text: label, help: help, viewport: d.viewport)
        return result
    }

    private func runOffscreen(scene: Scene, session: Session, tracker: GeoTracker, anchors: GeoAnchorSet,
                              waypoints: [Waypoint], overlay: StatusOverlay) throws {
        let context = try HeadlessContext()
        let renderer = try Renderer()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let target = try OffscreenTarget(width: size.width, height: size.height, samples: 4)
        let dt = 1.0 / 60, steps = Int(12 / dt)
        var pixels: [UInt8] = [], written = 0, added = false
        _ = context
        for step in 1...steps {
            session.update(deltaTime: dt)
            _ = tracker.update(deltaTime: dt, session: session)
            if !added, tracker.status.state == .localized {
                added = true
                if waypoints.isEmpty {
                    try anchors.add(at: session.device.viewport.center)
                } else {
                    for w in waypoints { try anchors.add(w.coordinate, name: w.name) }
                }
            }
            anchors.update(deltaTime: dt)
            scene.update(deltaTime: dt)
            guard step * frames / steps > written else { continue }
            let view = View(camera: session.device.camera, overlays: overlays(session: session, tracker: tracker, anchors: anchors, overlay: overlay, help: nil),
                            viewportInPoints: session.device.viewport)
            try renderer.render(scene, view: view, into: target)
            target.readPixels(into: &pixels)
            try ImageFile.writePNG(pixels: pixels, width: size.width, height: size.height,
                                   to: output + "/" + OutputPattern(template: "frame-%03d.png").path(frame: written))
            written += 1
        }
        let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        print("wrote \(written) frame(s) to \(absolute)/ (\(tracker.status.state.description), accuracy \(tracker.status.accuracy.description), \(anchors.anchors.count) anchor(s))")
    }

    private func runWindow(_ window: Window, scene: Scene, session: Session, tracker: GeoTracker, anchors: GeoAnchorSet,
                           waypoints: [Waypoint], overlay: StatusOverlay) throws {
        let renderer = try Renderer()
        var lastTime = window.time
        var pending = waypoints
        let help = "click: anchor  |  click the map: anchor there  |  U undo  |  WASD/QE walk, arrows turn  |  Esc save and quit"
        print("Window open: \(help).")
        fflush(nil)
        while !window.shouldClose {
            let now = window.time
            for event in window.pollEvents() {
                switch event {
                case .mouseDown(.left, let at):
                    let d = session.device
                    let mapOrigin = Vec2(d.viewport.width - Float(Self.mapSize) - 16, 16)
                    let local = at - mapOrigin
                    do {
                        if local.x >= 0, local.y >= 0, local.x < Float(Self.mapSize), local.y < Float(Self.mapSize) {
                            let map = MapView(size: Self.mapSize, center: Vec2(d.position.x, d.position.z), heading: d.eulerAngles.y)
                            let p = map.stagePosition(at: local)
                            try anchors.add(tracker.frame.coordinate(stage: SIMD3(Double(p.x), 0, Double(p.y))))
                        } else {
                            try anchors.add(at: at)
                        }
                    } catch { print(error) }
                case .keyDown(.u):
                    anchors.undo()
                    print(anchors.toast)
                case .keyDown(.escape): window.shouldClose = true
                default: break
                }
            }
            let dt = min(now - lastTime, 0.1)
            lastTime = now
            PreviewCommand.walk(session, window: window, dt: Float(dt))
            session.update(deltaTime: dt)
            _ = tracker.update(deltaTime: dt, session: session)
            if tracker.status.state == .localized, !pending.isEmpty {
                for w in pending { _ = try? anchors.add(w.coordinate, name: w.name) }
                pending = []
            }
            anchors.update(deltaTime: dt)
            scene.update(deltaTime: dt)
            let view = View(camera: session.device.camera, overlays: overlays(session: session, tracker: tracker, anchors: anchors, overlay: overlay, help: help),
                            viewportInPoints: session.device.viewport)
            let fb = window.framebufferSize
            try renderer.render(scene, view: view, into: WindowTarget(width: fb.width, height: fb.height))
            window.swapBuffers()
        }
    }
}
