import SproutDocument
import SproutGeo
import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import SproutWindow
import SproutWorld
import Testing
@testable import SproutApp

/// The app layer's pure parts: device paths, the geo overlay's map clicks and label, the
/// preview's keys, and one frame's window input.
@Suite struct AppLayerTests {
    @Test func thePacketApproachLeansInHoldsAndStepsBackOnceThePlantAppears() {
        let start = lookAt(eye: Vec3(0, 1.45, 0.85), target: Vec3(0, 0.74, 0))
        let path = PacketApproach(start: start, packet: Vec3(0.2, 0.74, 0.1))
        // At 0 the start pose, through a quaternion round trip; still there while scanning.
        let first = path.pose(at: 0)
        #expect(first.translation == start.translation)
        #expect(distance(first.transformDirection(Vec3(0, 0, -1)), start.transformDirection(Vec3(0, 0, -1))) < 1e-6)
        #expect(path.pose(at: 0.7) == start)
        #expect(path.pose(at: PacketApproach.leanEnd) == path.over)
        #expect(path.pose(at: 30) == path.over)   // holds until the plant appears
        #expect(path.pose(at: 5, retreatStart: 5) == path.over)
        #expect(path.pose(at: 9, retreatStart: 5) == path.back)   // 4 s later, stepped back
        // Half way in, half way there (smoothstep is 0.5 at 0.5).
        let middle = path.pose(at: (PacketApproach.leanStart + PacketApproach.leanEnd) / 2).translation
        #expect(distance(middle, (start.translation + path.over.translation) / 2) < 1e-5)
        #expect(distance(path.over.translation, Vec3(0.2, 1.16, 0.32)) < 1e-6)   // beside where the stem grows
        // The fastest moment of the step back stays under the session's 2 m/s for excessive motion.
        var fastest: Float = 0
        for i in 0..<240 {
            let a = path.pose(at: 5 + Double(i) / 60, retreatStart: 5).translation, b = path.pose(at: 5 + Double(i + 1) / 60, retreatStart: 5).translation
            fastest = max(fastest, distance(a, b) * 60)
        }
        #expect(fastest < TrackingMonitor.maximumSpeed)
    }

    @Test func aClickOnTheMapInsetNamesAStagePositionAndElsewhereNone() {
        let device = DeviceCamera(transform: lookAt(eye: Vec3(3, 1.5, -2), target: Vec3(3, 1.5, -10)), viewport: Viewport(width: 1280, height: 720))
        let overlay = GeoOverlay()
        #expect(overlay.mapOrigin(in: device.viewport) == Vec2(1280 - 220 - 16, 16))
        // The inset's centre is the device's own position.
        let centre = overlay.mapOrigin(in: device.viewport) + Vec2(110, 110)
        let p = overlay.stagePosition(at: centre, device: device) ?? Vec2(.infinity, .infinity)
        #expect(length(p - Vec2(3, -2)) < 1e-4)
        #expect(overlay.stagePosition(at: Vec2(640, 360), device: device) == nil)
        #expect(overlay.stagePosition(at: Vec2(1280 - 16, 16 + 110), device: device) == nil)   // right edge is outside
    }

    @Test func theGeoLabelIsStateThenAccuracyOrReasonOrTheUnavailableAlert() {
        let overlay = GeoOverlay()
        #expect(overlay.label(GeoTrackingStatus(state: .localized, accuracy: .high), tracking: .normal) == "Localized, Accuracy: High")
        #expect(
            overlay.label(GeoTrackingStatus(state: .localizing, reason: .waitingForLocation), tracking: .normal)
                == "Localizing\n" + GeoTrackingStatus.Reason.waitingForLocation.description + ".")
        #expect(
            overlay.label(GeoTrackingStatus(state: .notAvailable, reason: .notAvailableAtLocation), tracking: .normal)
                == "Geotracking unavailable\nGeotracking is unavailable here. Please return to your previous location to continue\nPlease try again in an area where geotracking is supported."
        )
    }

    @Test func windowInputListsKeysAndLeftClicksInOrder() {
        let input = WindowInput(
            events: [
                .keyDown(.space), .mouseDown(.left, at: Vec2(1, 2)), .keyUp(.space), .mouseDown(.right, at: Vec2(5, 5)),
                .keyDown(.p), .mouseDown(.left, at: Vec2(3, 4))
            ], touches: [])
        #expect(input.keysPressed == [.space, .p])
        #expect(input.clicks == [Vec2(1, 2), Vec2(3, 4)])
    }

    @Test func thePreviewKeysPlaceRestartAndTogglePlanesAndSayWhatToRecord() throws {
        let world = World(WorldOptions(stage: try Assets.stage("tabletop")))
        var made = 0
        let controls = PreviewControls(world: world) {   // the default: restart keeps the device (issue 16)
            made += 1
            return Entity(name: "pot", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, 0.2, 0.2)), material: Material()))
        }
        for _ in 0..<150 { world.step(deltaTime: 1.0 / 60) }
        let actions = try controls.apply(WindowInput(events: [.keyDown(.space), .keyDown(.p), .keyDown(.space)], touches: []))
        #expect(actions.count == 2 && made == 2)
        #expect(world.objects.map(\.name) == ["plant", "plant 2"])
        #expect(world.showsPlanes)
        let moved = world.session.device.position + Vec3(0.1, 0, 0)
        world.session.device.move(by: Vec3(0.1, 0, 0))
        #expect(try controls.apply(WindowInput(events: [.keyDown(.r)], touches: [])).count == 1)
        #expect(world.objects.isEmpty)
        #expect(world.session.device.position == moved)   // restart resets tracking, not the person holding the phone
    }

    /// V draws the last placed model in its next material variant: the default, then each in the
    /// file's order, then the default again; the title's summary says which.
    @Test func vCyclesThePlacedModelsMaterialVariants() throws {
        let world = World(WorldOptions(stage: try Assets.stage("tabletop")))
        let pair = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/variant-pair.gltf"
        let controls = PreviewControls(world: world, plant: try PreviewApp.plantLoader(pair))
        for _ in 0..<150 { world.step(deltaTime: 1.0 / 60) }
        try controls.apply(WindowInput(events: [.keyDown(.space)], touches: []))
        let placed = try #require(world.objects.first?.findEntity(named: "pair"))
        func names() -> [String] { placed.model?.parts.map(\.material.name) ?? [] }
        #expect(names() == ["red", "green"])
        for (expected, variant) in [(["blue", "red"], "Midnight"), (["green", "green"], "Beach"), (["red", "green"], nil)] {
            let actions = try controls.apply(WindowInput(events: [.keyDown(.v)], touches: []))
            #expect(names() == expected)
            // What a recording writes: the step that replays it.
            guard case .variant(let object, let name)? = actions.first else { Issue.record("no variant action"); continue }
            #expect(object == "plant" && name == variant)
            if expected == ["blue", "red"] { #expect(world.summary.hasSuffix(", plant: variant Midnight")) }
        }
        #expect(!world.summary.contains("variant"))
    }

    @Test func walkingKeysMoveAtAPersonsPaceAndTurnSixtyDegreesASecond() {
        var device = DeviceCamera(transform: lookAt(eye: Vec3(0, 1.5, 0), target: Vec3(0, 1.5, -1)), viewport: Viewport(width: 640, height: 360))
        DeviceWalker.walk(&device, dt: 0.5) { $0 == .w }
        #expect(distance(device.position, Vec3(0, 1.5, -0.4)) < 1e-5)
        DeviceWalker.walk(&device, dt: 0.5) { $0 == .d || $0 == .shift }
        #expect(distance(device.position, Vec3(1.2, 1.5, -0.4)) < 1e-5)
        DeviceWalker.walk(&device, dt: 1.5) { $0 == .left }
        // 90 degrees to the left: now facing -x.
        #expect(distance(device.forward, Vec3(-1, 0, 0)) < 1e-5)
    }

    @Test func aScriptPlaysFromItsFileWithItsStageAndObjectsResolved() throws {
        let player = try ScriptPlayer(path: Fixtures.repositoryRoot + "/Examples/tour.yaml")
        #expect(try player.run().isEmpty)
        #expect(player.world.objects.map(\.name) == ["plant"])
        #expect(player.traceText.hasPrefix("{\n  \"script\": "))
        #expect(throws: AppError.self) { try player.renderFrame() }   // no frames asked for
    }

    /// A bad stage name is a script error with its file and line, quoting a bounded name (a 1 MB
    /// name was echoed whole, without the script's file).
    @Test func aScriptsStageErrorsNameTheScriptAndLine() throws {
        let dir = try Fixtures.temporaryDirectory("script-stage")
        try Fixtures.write("seed: 1\nstage: kitchen\nsteps:\n  - wait: 1\n", to: dir + "/a.yaml")
        let assets = try Assets.requireDirectory()
        #expect(
            throws: DocumentError(
                file: dir + "/a.yaml", line: 2, field: "stage",
                message: "'kitchen': no built-in stage of that name in \(assets)/stages (living-room, model-room, nursery, street-corner, tabletop)")
        ) {
            try ScriptPlayer(path: dir + "/a.yaml")
        }
        try Fixtures.write("stage: " + String(repeating: "x", count: 1_000_000) + "\nsteps: []\n", to: dir + "/b.yaml")
        let error = #expect(throws: DocumentError.self) { try ScriptPlayer(path: dir + "/b.yaml") }
        #expect(error?.description == dir + "/b.yaml:1: stage: must be a built-in stage name or a path of at most 1024 bytes, got 1000000 bytes")
    }
}
