import SproutDocument
import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSeedShop
import SproutSession
import SproutWorld

/// A failed `expect`: the step, what was expected and what was found.
public struct ExpectationFailure: Error, CustomStringConvertible, Sendable {
    /// The script's path, as messages name it.
    public var source: String
    /// The 1-based line of the `expect` step in the script.
    public var line: Int
    /// The step's 0-based index in the script (messages count from 1).
    public var step: Int
    /// What was checked, such as "plant position" or "focusSquare".
    public var what: String
    /// The expected value, as the message writes it (with its tolerance where there is one).
    public var expected: String
    /// The value found.
    public var actual: String

    /// A failure of the step at `step` (0-based) on `line` of `source`.
    public init(source: String, line: Int, step: Int, what: String, expected: String, actual: String) {
        self.source = source
        self.line = line
        self.step = step
        self.what = what
        self.expected = Self.cut(expected)
        self.actual = Self.cut(actual)
    }

    /// The most characters a failure echoes of an expected or actual value (a 1 MB
    /// `expect: { message: }` was echoed whole).
    public static let maximumValueLength = 500

    private static func cut(_ value: String) -> String {
        value.count > maximumValueLength ? String(value.prefix(maximumValueLength)) + "... (\(value.utf8.count) bytes in all)" : value
    }

    /// The failure in one line: "FILE:LINE: step N expect: WHAT: expected E, got A".
    public var description: String {
        "\(source):\(line): step \(step + 1) expect: \(what): expected \(expected), got \(actual)"
    }
}

/// Plays a script on the injected clock: each gesture becomes touch batches at the script's fps,
/// each frame runs the interaction engine once. Same script and seed, same trace and frames.
public final class ScriptRunner {
    /// The script being played.
    public let script: Script
    /// The world the script acts on (built from the script's stage, seed, viewport and camera).
    public let world: World
    /// The world's interaction engine (session, placed objects, gestures, focus square).
    public var engine: InteractionEngine { world.engine }
    /// The world's scene, which frames are drawn from.
    public var scene: Scene { world.scene }
    /// The world's detected-plane drawings (shown when the script has `planes: true`).
    public var planes: PlaneAnchorVisualizer { world.planes }
    /// Called after every simulated frame (for `--frames all` and videos).
    public var onFrame: ((_ index: Int) throws -> Void)?
    /// Called by `snapshot` steps with their name: nil when the snapshot is fine (written, or
    /// matching its golden), else what differs, which fails the step as an expectation does.
    public var onSnapshot: ((_ name: String) throws -> String?)?
    /// Checks `expect: { image: }` against the frame now: nil when it matches, else what differs.
    /// Without one (a runner that draws nothing) such an expectation fails, saying so.
    public var onImageExpectation: ((ImageExpectation) throws -> String?)?
    /// Check the engine's invariants after every frame (`Invariants`; `Explorer` turns this on):
    /// each one broken is a failure, reported once.
    public var checksInvariants = false
    /// The frame of the first failure (of an expectation, an `always:` or an invariant), if any.
    public private(set) var firstFailureFrame: Int?
    /// The noise of the script's `jitter:`, drawn in one order every run.
    private lazy var jitterRandom = SeededRandom(seed: script.jitter?.seed ?? 0)
    /// `always:` checks in force, and the invariants already reported.
    private var alwaysChecks: [(expectation: Expectation, step: Step, index: Int)] = []
    /// `eventually:` checks waiting to hold, with their deadlines.
    private var eventualChecks: [(expectation: Expectation, step: Step, index: Int, within: Double, deadline: Double)] = []
    private var brokenInvariants: Set<String> = []
    /// Which of the script's faults have begun and ended.
    private var faultsBegun = 0, faultsEnded = 0
    private var isShaking = false

    /// Record the state after every frame in the trace, not only after every step.
    public var traceEveryFrame = false
    /// Where the trace is written as the script runs (default: memory, read with `traceText`);
    /// nil keeps no trace. Set before `run`.
    public var traceSink: (any TraceSink)? = TraceBuffer()
    /// The most bytes the trace may have (`TraceLimit`); past it the run stops with that error.
    public var maximumTraceBytes = TraceLimit.defaultMaximumBytes
    /// Where the per-frame records wait until the steps are written (`traceEveryFrame`);
    /// default: memory. Set before `run`.
    public var traceFrameSpill: any TraceSpill = TraceBuffer()
    /// `run` refuses a script that asks for more frames than this (before running any).
    public var maximumFrames = Script.defaultMaximumFrames
    /// The Seed Shop catalog and how to build a product's model, for `open` steps.
    public var seedShop: (catalog: Catalog, loadModel: (Product) throws -> Entity)?
    /// The Seed Shop flow once an `open` step started it.
    public var flow: SeedShopFlow? { world.seedShop }
    /// Geotracking, on a stage with a geographic origin.
    public var geo: (tracker: GeoTracker, anchors: GeoAnchorSet)? { world.geo }
    /// The last geo alert or toast ("Cannot add geo anchor: ...", "Removed last added anchor").
    public private(set) var geoMessage = ""

    /// The expectations that failed so far, in order.
    public private(set) var failures: [ExpectationFailure] = []
    /// The 0-based index of the step being performed (or last performed).
    public private(set) var currentStep = 0
    /// Simulated frames run so far.
    public private(set) var frameCount = 0
    private var traceWriter: TraceWriter?
    /// Anchor events since the last step record (and since the last frame record), for the trace.
    private var stepEvents = AnchorEventLog(), frameEvents = AnchorEventLog()
    private let makeModel: (String) throws -> Entity
    private var fingerTime: Double { engine.session.time }

    /// - Parameters:
    ///   - stage: the resolved stage (the caller finds built-ins and paths).
    ///   - makeModel: builds the model for an object name (aliases, catalog names, paths).
    public init(script: Script, stage: Stage, makeModel: @escaping (String) throws -> Entity) {
        self.script = script
        self.makeModel = makeModel
        world = World(
            WorldOptions(
                stage: stage, seed: script.seed, viewport: Viewport(width: script.viewport.x, height: script.viewport.y),
                camera: script.camera.map { ($0.position, $0.lookAt) }, showsPlanes: script.showPlanes))
        if let style = script.placemarkStyle { world.geo?.anchors.placemarkStyle = style }
        if let network = script.network { world.engine.loader.link = network }
    }

    /// Runs every step; expectation failures are collected (see `failures`), other errors
    /// (a model that cannot be loaded, a snapshot that cannot be written) stop the run.
    public func run(progress: ((Double) -> Void)? = nil) throws {
        try script.checkLength(maximumFrames: maximumFrames)
        if let traceSink {
            traceWriter = try TraceWriter(
                sink: traceSink, spill: traceEveryFrame ? traceFrameSpill : nil,
                header: [
                    ("script", .string(script.source)), ("stage", .string(engine.session.stage.name)), ("seed", .number(Double(script.seed))),
                    ("fps", .number(Double(script.fps))), ("viewport", .vector([script.viewport.x, script.viewport.y]))
                ], maximumBytes: maximumTraceBytes)
        }
        for (index, step) in script.steps.enumerated() {
            currentStep = index
            try perform(step, index: index)
            if index == script.steps.count - 1 { checkEventually(atEnd: true) }
            try traceWriter?.step(
                .object(
                    [
                        ("step", .number(Double(index + 1))), ("line", .number(Double(step.line))),
                        ("kind", .string(step.kind)), ("frame", .number(Double(frameCount))),
                        ("time", .number(engine.session.time))
                    ] + state + [("events", stepEvents.json)]))
            stepEvents = AnchorEventLog()
            progress?(Double(index + 1) / Double(max(script.steps.count, 1)))
        }
        try traceWriter?.finish(trailer: [
            ("frames", .number(Double(frameCount))), ("duration", .number(engine.session.time)),
            ("failures", .array(failures.map { .string($0.description) }))
        ])
        traceWriter = nil
    }

    /// The trace's text when it was kept in memory (the default `traceSink`) and `run` ended.
    public var traceText: String? { (traceSink as? TraceBuffer)?.text }

    /// The world now, as the trace records it and expectations check it.
    public var snapshot: WorldSnapshot { WorldSnapshot(world, geoMessage: geoMessage) }

    /// What a step's or frame's record holds after its position and time.
    private var state: [(String, JSONValue)] { TraceState.encode(snapshot) }

    // MARK: Steps

    private func perform(_ step: Step, index: Int) throws {
        // Steps that take frames play the frames `ActionFrames` makes: the device moves first,
        // then the frame runs with its touches.
        let frames = step.action.frames(fps: script.fps)
        if !frames.isEmpty {
            let start = engine.session.device
            let touchJitter = script.jitter?.touch ?? 0
            for frame in frames {
                if let device = frame.device { move(device.motion, from: start, t: device.progress) }
                try advance(
                    frame.touches.map { touch in
                        var at = touch.location
                        if touchJitter > 0 {
                            at += Vec2(jitterRandom.float(in: -touchJitter...touchJitter), jitterRandom.float(in: -touchJitter...touchJitter))
                        }
                        return TouchEvent(id: touch.id, location: at, phase: touch.phase, timestamp: fingerTime)
                    })
            }
            return
        }
        switch step.action {
        case .wait, .tap, .pan, .rotate, .drag, .touches:
            break   // played above (a wait of no frames does nothing)
        case .device(let motion):
            move(motion, from: engine.session.device, t: 1)   // duration 0: at once, without a frame
        case .place(let name):
            try place(name, step: step)
        case .reset:
            // Names start again after a restart, as in the window (`plant`, `plant 2`, ...).
            world.restart()
        case .open(let url):
            guard let seedShop else {
                throw DocumentError(file: script.source, line: step.line, field: step.field + ".open", message: "the Seed Shop catalog is not available here")
            }
            do { _ = try seedShop.catalog.resolve(url) } catch {
                throw DocumentError(file: script.source, line: step.line, field: step.field + ".open", message: "\(error)")
            }
            world.startSeedShop(catalog: seedShop.catalog, launchURL: url, loadModel: seedShop.loadModel)
        case .geoAnchor(let lat, let lon, let alt):
            guard let geo else {
                throw DocumentError(file: script.source, line: step.line, field: step.field + ".geoAnchor", message: "the stage has no geographic origin")
            }
            // Ground level: the stage floor (y = 0) under the coordinate.
            let ground = geo.tracker.frame.stagePosition(GeoCoordinate(latitude: lat, longitude: lon, altitude: geo.tracker.frame.origin.altitude))
            let altitude = alt ?? geo.tracker.frame.coordinate(stage: SIMD3(ground.x, 0, ground.z)).altitude
            do { try geo.anchors.add(GeoCoordinate(latitude: lat, longitude: lon, altitude: altitude)); geoMessage = "" } catch {
                geoMessage = "\(error)"
            }
        case .undo:
            geo?.anchors.undo()
            geoMessage = geo?.anchors.toast ?? ""
        case .light(let directional, let ambient, let duration):
            let session = engine.session
            if let directional { session.changeLight(LightChange(light: .directional, at: session.time, intensity: directional, duration: duration)) }
            if let ambient { session.changeLight(LightChange(light: .ambient, at: session.time, intensity: ambient, duration: duration)) }
        case .snapshot(let name):
            if let problem = try onSnapshot?(name) {
                record(
                    ExpectationFailure(
                        source: script.source, line: step.line, step: index, what: "snapshot \(name)",
                        expected: "the frame to match its golden", actual: problem))
            }
        case .expect(let expectation):
            check(expectation, step: step, index: index)
        case .always(let expectation):
            alwaysChecks.append((expectation, step, index))
            checkAlways()
        case .eventually(let expectation, let within):
            eventualChecks.append((expectation, step, index, within, engine.session.time + within))
            checkEventually(atEnd: false)
        case .animate(let request):
            do { try world.playAnimation(ofObject: request.object, clip: request.clip, looping: request.loop, speed: request.speed) } catch {
                throw DocumentError(file: script.source, line: step.line, field: step.field + ".animate", message: "\(error)")
            }
        case .variant(let object, let name):
            do { try world.selectMaterialVariant(ofObject: object, name: name) } catch {
                throw DocumentError(file: script.source, line: step.line, field: step.field + ".variant", message: "\(error)")
            }
        }
    }

    private func place(_ name: String, step: Step) throws {
        let model: Entity
        do { model = try makeModel(name) } catch {
            throw DocumentError(file: script.source, line: step.line, field: step.field + ".place", message: "\(error)")
        }
        world.place(model, named: name, allowedAlignments: script.allowedAlignments(name, catalog: seedShop?.catalog))
    }

    func record(_ failure: ExpectationFailure) {
        if failures.isEmpty { firstFailureFrame = frameCount }
        failures.append(failure)
    }

    /// Each `always:` in force, checked now; one that fails is reported and retired.
    private func checkAlways() {
        alwaysChecks.removeAll { check in
            let before = failures.count
            self.check(check.expectation, step: check.step, index: check.index)
            return failures.count > before
        }
    }

    /// Each `eventually:` waiting, checked now: one that holds is done; one still failing at or
    /// past its deadline (or when the script ends) is reported with what it found last.
    private func checkEventually(atEnd: Bool) {
        let now = engine.session.time
        eventualChecks.removeAll { check in
            let found = mismatches(check.expectation, step: check.step, index: check.index)
            guard !found.isEmpty else { return true }
            guard atEnd || hasReached(now, check.deadline) else { return false }
            for failure in found {
                var late = failure
                late.what = "eventually within \(JSONValue.format(check.within)) s: " + failure.what
                record(late)
            }
            return true
        }
    }

    /// Begins each fault whose time has come by `time` and ends each that is over: an
    /// interruption, a covered lens; a shake is applied frame by frame (`shakeOffset`).
    private func beginFaults(before time: Double) {
        let faults = script.faults
        while faultsBegun < faults.count, hasReached(time, faults[faultsBegun].at) {
            switch faults[faultsBegun].kind {
            case .interruption: engine.interrupt()
            case .covered: engine.session.isCameraCovered = true
            case .shake: break
            }
            faultsBegun += 1
        }
        while faultsEnded < faultsBegun, hasReached(time, faults[faultsEnded].at + faults[faultsEnded].duration) {
            switch faults[faultsEnded].kind {
            case .interruption: engine.endInterruption()
            case .covered: engine.session.isCameraCovered = false
            case .shake: break
            }
            faultsEnded += 1
        }
        isShaking = faults[faultsEnded..<faultsBegun].contains { $0.kind == .shake }
    }

    /// While a shake fault runs: 6 cm to one side, then the other, frame by frame (7 m/s at 60
    /// fps, past tracking's 2 m/s).
    private var shakeOffset: Vec3 { isShaking ? Vec3(frameCount % 2 == 0 ? 0.06 : -0.06, 0, 0) : .zero }

    private func move(_ motion: DeviceMotion, from start: DeviceCamera, t: Float) {
        let p0 = start.position
        let end: Vec3
        switch motion.target {
        case .moveTo(let p): end = p
        case .moveBy(let d): end = p0 + d
        case .stay: end = p0
        }
        // At the end of a move, exactly the target (a recorded pose replays bit for bit).
        let p = t >= 1 ? end : mix(p0, end, t: t)
        var device = start
        if let rotation = motion.rotation {
            let from = Transform(matrix: start.transform).rotation
            device.transform = Transform(translation: p, rotation: t >= 1 ? rotation : Quaternion.slerp(from, rotation, t: t)).matrix
        } else if let target = motion.lookAt {
            // Turn smoothly from the start orientation to looking at the target (a sudden turn
            // would be excessive motion), arriving looking straight at it.
            let aim = Transform(matrix: lookAt(eye: p, target: target)).rotation
            let from = Transform(matrix: start.transform).rotation
            device.transform = Transform(translation: p, rotation: Quaternion.slerp(from, aim, t: t)).matrix
        } else {
            device.move(by: p - p0)
        }
        engine.session.device.transform = device.transform
    }

    /// One frame: the touches of this frame, then the engine's update; with `jitter:`, the
    /// frame's length and the device's pose vary by the seeded noise; `faults:` interrupt the
    /// session when their time comes; `always:` checks and invariants follow the frame.
    private func advance(_ touches: [TouchEvent] = []) throws {
        var step = script.frameDuration
        let jitter = script.jitter
        if let f = jitter?.frame, f > 0 { step *= 1 + Double(jitterRandom.float(in: -Float(f)...Float(f))) }
        beginFaults(before: engine.session.time + step)
        let pose = engine.session.device.transform
        var offset = shakeOffset
        if let d = jitter?.device, d > 0 {
            offset += Vec3(jitterRandom.float(in: -d...d), jitterRandom.float(in: -d...d), jitterRandom.float(in: -d...d))
        }
        if offset != .zero { engine.session.device.transform = Matrix4.translation(offset) * pose }
        let frame = world.step(deltaTime: step, touches: touches)
        if offset != .zero { engine.session.device.transform = pose }
        frameCount += 1
        checkAlways()
        checkEventually(atEnd: false)
        if checksInvariants {
            for broken in Invariants.broken(in: world) where !brokenInvariants.contains(broken.name) {
                brokenInvariants.insert(broken.name)
                record(
                    ExpectationFailure(
                        source: script.source, line: script.steps[currentStep].line, step: currentStep,
                        what: "invariant: " + broken.name, expected: broken.rule, actual: broken.actual))
            }
        }
        stepEvents.note(frame.events)
        if traceEveryFrame {
            frameEvents.note(frame.events)
            try traceWriter?.frame(
                .object(
                    [("frame", .number(Double(frameCount))), ("time", .number(engine.session.time))] + state
                        + [("events", frameEvents.json)]))
            frameEvents = AnchorEventLog()
        }
        try onFrame?(frameCount)
    }
}
