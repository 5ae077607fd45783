import SproutDocument
import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSceneFile
import SproutSession
import SproutGolden

extension Script {
    /// Step kinds, in the order the README documents them.
    public static let stepKinds = [
        "wait", "place", "tap", "pan", "rotate", "drag", "device", "touches", "reset", "open", "geoAnchor", "undo", "light", "snapshot", "animate", "variant",
        "expect", "always", "eventually"
    ]

    /// Reads and parses the script (YAML or JSON) at `path`. Throws a `DocumentError` naming the
    /// file, line and field for a file that cannot be read or a value that is missing, of the
    /// wrong type or out of range.
    public static func load(path: String) throws(DocumentError) -> Script {
        try parse(Document.load(path: path), source: path)
    }

    /// Parses a script from `text`; `file` names it in messages and is where relative paths are
    /// resolved from. Throws a `DocumentError` as `load` does.
    public static func parse(_ text: String, file: String) throws(DocumentError) -> Script {
        try parse(Document.parse(text, file: file), source: file)
    }

    /// A script file's top-level keys.
    public static let fields = [
        "stage", "seed", "fps", "viewport", "camera", "objects", "planes", "steps", "tolerance", "placemarkStyle", "network", "jitter", "faults"
    ]

    static func parse(_ document: DocumentValue, source: String) throws(DocumentError) -> Script {
        let o = try document.object(allowing: fields)
        var script = Script(
            source: source, stage: "tabletop", seed: 0, fps: 60, viewport: Vec2(1280, 720), camera: nil,
            objects: [:], showPlanes: false, steps: [])
        if let v = o.optional("stage") {
            script.stage = try v.string()
            guard !script.stage.isEmpty, script.stage.utf8.count <= 1024 else {
                throw v.error("must be a built-in stage name or a path of at most 1024 bytes, got \(script.stage.utf8.count) bytes")
            }
            script.stageLine = v.line
        }
        if let v = o.optional("seed") {
            let n = try v.int()
            guard n >= 0 else { throw v.error("must be a whole number >= 0, got \(n)") }
            script.seed = UInt64(n)
        }
        if let v = o.optional("network") { script.network = try NetworkLink.parse(v) }
        if let v = o.optional("jitter") {
            let j = try v.object(allowing: ["seed", "touch", "device", "frame"])
            let seed = try j.required("seed").int()
            guard seed >= 0 else { throw try j.required("seed").error("must be a whole number >= 0, got \(seed)") }
            script.jitter = Jitter(
                seed: UInt64(seed),
                touch: Float(try j.read("touch", default: 0) { v throws(DocumentError) in try v.rangedDouble(0...100) }),
                device: Float(try j.read("device", default: 0) { v throws(DocumentError) in try v.rangedDouble(0...1) }),
                frame: try j.read("frame", default: 0) { v throws(DocumentError) in try v.rangedDouble(0...0.9) })
        }
        if let v = o.optional("faults") {
            for item in try v.array() {
                let f = try item.object(allowing: ["at", "for", "kind"])
                script.faults.append(
                    Fault(
                        at: try f.required("at").rangedDouble(0...1_000_000), duration: try f.required("for").rangedDouble(0...3600),
                        kind: try f.read("kind", default: .interruption) { v throws(DocumentError) in try v.choice(Fault.Kind.self) }))
            }
            guard script.faults.count <= 1000 else { throw v.error("at most 1000 faults, got \(script.faults.count)") }
            script.faults.sort { $0.at < $1.at }
        }
        if let v = o.optional("placemarkStyle") {
            script.placemarkStyle = PlacemarkStyle(rawValue: try v.choice(PlacemarkStyle.allCases.map(\.rawValue)))
        }
        if let v = o.optional("fps") {
            let n = try v.int()
            guard (1...1000).contains(n) else { throw v.error("must lie in 1...1000, got \(n)") }
            script.fps = n
        }
        if let v = o.optional("viewport") {
            let n = try v.numbers(count: 2)
            guard n.allSatisfy({ $0 >= 16 && $0 <= 8192 }) else { throw v.error("each side must lie in 16...8192 points, got \(n)") }
            script.viewport = Vec2(Float(n[0]), Float(n[1]))
        }
        if let v = o.optional("camera") {
            let c = try v.object(allowing: ["position", "lookAt"])
            let position = try vec3(c.required("position")), target = try vec3(c.required("lookAt"))
            guard distance(position, target) > 1e-3 else { throw try c.required("lookAt").error("must differ from position") }
            script.camera = (position, target)
        }
        if let v = o.optional("objects") {
            guard case .mapping(let pairs) = v.content else { throw v.error("expected a mapping of names to model paths, got \(v.summary)") }
            for pair in pairs {
                // `name: path`, or `name: { model: path, scale: 0.01 }` / `{ model: path, fit: 0.5 }`,
                // each with an optional `alignment` and `variant`; without `model`, the name is a
                // built-in or a catalog plant.
                guard case .mapping = pair.value.content else { script.objects[pair.key] = try pair.value.string(); continue }
                let o = try pair.value.object(allowing: ["model", "scale", "fit", "alignment", "variant"])
                if let model = o.optional("model") { script.objects[pair.key] = try model.string() }
                if let a = o.optional("alignment") { script.objectAlignments[pair.key] = try PlaneAlignment.allowed(a) }
                if let v = o.optional("variant") { script.objectVariants[pair.key] = try v.boundedText(mustBe: "a material variant's name") }
                if o.optional("model") == nil {
                    guard o.optional("alignment") != nil else {
                        throw pair.value.error("needs `model:` (a path, catalog plant or built-in) or `alignment:`")
                    }
                    if let given = o.optional("scale") ?? o.optional("fit") ?? o.optional("variant") { throw given.error("needs `model:` beside it") }
                }
                if let k = o.optional("scale") {
                    if let f = o.optional("fit") { throw f.error("give scale or fit, not both") }
                    script.objectSizes[pair.key] = .scale(try k.ranged(0...10_000, positive: true))
                } else if let f = o.optional("fit") {
                    script.objectSizes[pair.key] = .fitHeight(try f.ranged(0...10_000, positive: true))
                }
            }
        }
        if let v = o.optional("planes") { script.showPlanes = try v.bool() }
        if let v = o.optional("tolerance") { script.tolerance = try TestTolerance.parse(v) }
        let steps = try o.required("steps")
        let items = try steps.array()
        guard items.count <= maximumSteps else {
            throw steps.error("has \(items.count) steps, more than the limit of \(maximumSteps) (the trace records the world after each)")
        }
        for item in items { script.steps.append(try step(item)) }
        return script
    }

    static func step(_ v: DocumentValue) throws(DocumentError) -> Step {
        guard case .mapping(let pairs) = v.content, pairs.count == 1, let pair = pairs.first else {
            throw v.error("a step is one of \(stepKinds.joined(separator: ", ")) with its value, e.g. `- wait: 1.5`")
        }
        guard stepKinds.contains(pair.key) else {
            throw pair.value.error("unknown step '\(pair.key)'; expected one of \(stepKinds.joined(separator: ", "))")
        }
        let x = pair.value
        let action: Action
        switch pair.key {
        case "wait":
            action = .wait(try seconds(x))
        case "place":
            action = .place(try x.string())
        case "tap":
            action = .tap(try point(x))
        case "pan":
            let o = try x.object(allowing: ["from", "to", "touches", "duration", "easing"])
            let touches = try o.read("touches", default: 1) { v throws(DocumentError) in try v.int() }
            guard (1...5).contains(touches) else { throw try o.required("touches").error("must lie in 1...5, got \(touches)") }
            action = .pan(
                from: try point(o.required("from")), to: try point(o.required("to")), touches: touches,
                duration: try o.read("duration", default: 0.5, seconds), easing: try easing(o))
        case "rotate":
            let o = try x.object(allowing: ["center", "angle", "radius", "duration", "easing"])
            let angle = try o.required("angle").double()
            guard abs(angle) <= 3600 else { throw try o.required("angle").error("must lie within +/-3600 degrees, got \(angle)") }
            let radius = try o.read("radius", default: 60) { v throws(DocumentError) in try v.double() }
            guard radius >= 10 && radius <= 2000 else { throw try o.required("radius").error("must lie in 10...2000 points, got \(radius)") }
            action = .rotate(
                center: try point(o.required("center")), angle: radians(fromDegrees: Float(angle)), radius: Float(radius),
                duration: try o.read("duration", default: 0.5, seconds), easing: try easing(o))
        case "drag":
            let o = try x.object(allowing: ["at", "hold", "device"])
            action = .drag(
                at: try point(o.required("at")), hold: try seconds(o.required("hold")),
                device: try o.optional("device").map { v throws(DocumentError) in try motion(v, defaultDuration: nil) })
        case "device":
            action = .device(try motion(x, defaultDuration: 0))
        case "touches":
            var raw: [RawTouch] = []
            for item in try x.array() {
                let t = try item.object(allowing: ["id", "phase", "at"])
                raw.append(
                    RawTouch(
                        id: try t.required("id").int(), phase: try t.required("phase").choice(TouchPhase.self),
                        at: try point(t.required("at"))))
            }
            guard !raw.isEmpty else { throw x.error("needs at least one touch") }
            action = .touches(raw)
        case "reset":
            if case .mapping(let p) = x.content, !p.isEmpty { throw x.error("takes no settings; write `- reset: {}`") }
            action = .reset
        case "open":
            action = .open(try x.string())
        case "geoAnchor":
            let o = try x.object(allowing: ["lat", "lon", "alt"])
            action = .geoAnchor(
                latitude: try o.required("lat").rangedDouble(-90...90), longitude: try o.required("lon").rangedDouble(-180...180),
                altitude: try o.optional("alt").map { v throws(DocumentError) in try v.rangedDouble(-500...9000) })
        case "undo":
            if case .mapping(let p) = x.content, !p.isEmpty { throw x.error("takes no settings; write `- undo: {}`") }
            action = .undo
        case "light":
            let o = try x.object(allowing: ["directional", "ambient", "duration"])
            let directional = try o.optional("directional").map { v throws(DocumentError) in try v.ranged(0...100) }
            let ambient = try o.optional("ambient").map { v throws(DocumentError) in try v.ranged(0...100) }
            guard directional != nil || ambient != nil else { throw x.error("changes `directional`, `ambient` or both (intensities, 0...100)") }
            action = .light(directional: directional, ambient: ambient, duration: try o.read("duration", default: 0, seconds))
        case "animate":
            let o = try x.object(allowing: ["object", "clip", "loop", "speed"])
            let object = try placedObjectName(o)
            var request = AnimationRequest(object: object)
            request.clip = try o.optional("clip")?.string()
            request.loop = try o.optional("loop")?.bool() ?? true
            request.speed = try o.optional("speed").map { v throws(DocumentError) in try v.rangedDouble(-100...100) } ?? 1
            action = .animate(request)
        case "variant":
            let o = try x.object(allowing: ["object", "name"])
            let object = try placedObjectName(o)
            let name = try o.optional("name").map { v throws(DocumentError) in
                try v.boundedText(mustBe: "a material variant's name", hint: "leave `name` out for the default materials")
            }
            action = .variant(object: object, name: name)
        case "snapshot":
            let name = try x.string()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw x.error("a snapshot name is letters, digits, '-' and '_' (it names a PNG), got '\(name)'")
            }
            action = .snapshot(name)
        case "always":
            let e = try expectation(x)
            guard e.image == nil else { throw x.error("an image cannot be checked on every frame; use expect: { image: }") }
            action = .always(e)
        case "eventually":
            // `eventually: { within: 2, message: "..." }`: the checks of `expect:` and a deadline.
            guard case .mapping(let pairs) = x.content, let within = pairs.first(where: { $0.key == "within" })?.value else {
                throw x.error("needs `within:` (seconds) beside the checks, e.g. `eventually: { within: 2, focusSquare: closed }`")
            }
            let seconds = try within.rangedDouble(0...3600)
            let e = try expectation(DocumentValue(content: .mapping(pairs.filter { $0.key != "within" }), file: x.file, line: x.line, field: x.field))
            guard e.image == nil else { throw x.error("an image cannot be waited for; use expect: { image: }") }
            action = .eventually(e, within: seconds)
        default:
            action = .expect(try expectation(x))
        }
        return Step(action: action, line: v.line, field: v.field)
    }

    /// A step's `object:`, the name of a placed object (not empty).
    static func placedObjectName(_ o: DocumentObject) throws(DocumentError) -> String {
        let object = try o.required("object").string()
        guard !object.isEmpty else { throw try o.required("object").error("names a placed object") }
        return object
    }

    static func expectation(_ v: DocumentValue) throws(DocumentError) -> Expectation {
        let o = try v.object(allowing: [
            "object", "position", "presentedPosition", "scale", "alignment", "tolerance", "rotationY", "onPlane", "selected",
            "message", "focusSquare", "tracking", "anchors", "objects", "coaching", "info", "geo", "lightEstimate", "colorTemperature", "image", "clip", "time",
            "variant", "messageAlpha", "addObjectButton", "restartAvailable", "loading", "referenceImage", "usedTestURL", "placemarks"
        ])
        var e = Expectation()
        if let image = o.optional("image") {
            let golden = try image.string()
            guard !golden.isEmpty, golden.hasSuffix(".png"), golden.utf8.count <= 1024, !golden.hasPrefix("/"), !golden.contains("\\"),
                !golden.split(separator: "/").contains("..")
            else {
                throw image.error("must name a golden PNG inside the script's folder (relative, without '..'), e.g. goldens/placed.png")
            }
            // Beside an image, `tolerance` is the image's ({ maxDelta, ..., reason }), not metres.
            e.image = ImageExpectation(golden: golden, tolerance: try o.optional("tolerance").map { v throws(DocumentError) in try TestTolerance.parse(v) })
        }
        e.object = try o.optional("object")?.string()
        e.position = try o.optional("position").map { v throws(DocumentError) in try vec3(v) }
        if e.image == nil, let t = o.optional("tolerance") {
            let x = try t.float()
            guard x > 0 && x <= 10 else { throw t.error("must lie in (0, 10] metres, got \(x)") }
            e.tolerance = x
        }
        e.rotationY = try o.optional("rotationY")?.float()
        e.presentedPosition = try o.optional("presentedPosition").map { v throws(DocumentError) in try vec3(v) }
        if let v = o.optional("scale") {
            if let k = try? v.float() { e.scale = Vec3(repeating: k) } else { e.scale = try vec3(v) }
        }
        e.alignment = try o.optional("alignment")?.choice(PlaneAlignment.self)
        e.onPlane = try o.optional("onPlane")?.bool()
        e.selected = try o.optional("selected")?.bool()
        e.message = try o.optional("message")?.string()
        if let f = o.optional("focusSquare") {
            // `focusSquare: closed`, or `focusSquare: { state: closed, alignment: vertical, billboard: false }`.
            if case .mapping = f.content {
                let square = try f.object(allowing: ["state", "alignment", "billboard"])
                e.focusSquare = try square.optional("state")?.choice(FocusSquareLook.self)
                e.focusSquareAlignment = try square.optional("alignment")?.choice(["horizontal", "vertical", "none"])
                e.focusSquareBillboard = try square.optional("billboard")?.bool()
            } else {
                e.focusSquare = try f.choice(FocusSquareLook.self)
            }
        }
        if let t = o.optional("tracking") {
            let states: [TrackingState] = [.notAvailable, .normal] + TrackingState.Reason.allCases.map { .limited($0) }
            let written = try t.choice(states.map(\.description))
            e.tracking = states.first { $0.description == written }
        }
        if let a = o.optional("anchors") {
            let kinds = ["planes", "images", "codes", "objects", "geos"]
            let counts = try a.object(allowing: kinds)
            for kind in kinds { if let c = counts.optional(kind) { e.anchors.append((kind, try comparison(c))) } }
        }
        e.objectCount = try o.optional("objects").map { v throws(DocumentError) in try comparison(v) }
        e.coaching = try o.optional("coaching")?.string()
        e.info = try o.optional("info")?.string()
        e.geo = try o.optional("geo")?.choice(GeoTrackingStatus.State.self)
        e.lightEstimate = try o.optional("lightEstimate").map { v throws(DocumentError) in try comparison(v) }
        e.colorTemperature = try o.optional("colorTemperature").map { v throws(DocumentError) in try comparison(v) }
        e.messageAlpha = try o.optional("messageAlpha").map { v throws(DocumentError) in Float(try v.rangedDouble(0...1)) }
        e.addObjectButton = try o.optional("addObjectButton")?.bool()
        e.restartAvailable = try o.optional("restartAvailable")?.bool()
        e.loading = try o.optional("loading").map { v throws(DocumentError) in try comparison(v) }
        if let v = o.optional("referenceImage") {
            let r = try v.object(allowing: ["name", "width"])
            e.referenceImage = (try r.required("name").string(), Float(try r.required("width").rangedDouble(0.001...100)))
        }
        e.usedTestURL = try o.optional("usedTestURL")?.bool()
        if let v = o.optional("placemarks") {
            // `placemarks: 1`, or `placemarks: { count: 1, shows: balloon }`.
            if case .mapping = v.content {
                let p = try v.object(allowing: ["count", "shows"])
                e.placemarks = try p.optional("count").map { v throws(DocumentError) in try comparison(v) }
                e.placemarkShows = try p.optional("shows")?.choice(["balloon", "arrow"])
            } else {
                e.placemarks = try comparison(v)
            }
        }
        e.clip = try o.optional("clip")?.string()
        e.variant = try o.optional("variant")?.string()
        e.clipTime = try o.optional("time").map { v throws(DocumentError) in try v.rangedDouble(-1_000_000...1_000_000) }
        let objectFields = ["position", "presentedPosition", "scale", "alignment", "rotationY", "onPlane", "selected", "clip", "time", "variant"].filter {
            o.optional($0) != nil
        }
        if e.object == nil, let first = objectFields.first { throw try o.required(first).error("needs `object:` to say which object") }
        return e
    }

    // MARK: Values

    static func comparison(_ v: DocumentValue) throws(DocumentError) -> Comparison {
        if let n = try? v.int() { return Comparison(op: .equal, value: n) }
        let text = try v.string().trimmingCharacters(in: .whitespaces)
        for op in Comparison.Operator.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }) where text.hasPrefix(op.rawValue) {
            if let n = Int(text.dropFirst(op.rawValue.count).trimmingCharacters(in: .whitespaces)) { return Comparison(op: op, value: n) }
        }
        throw v.error("expected a count such as 2, \">= 1\" or \"< 3\", got \(v.summary)")
    }

    static func seconds(_ v: DocumentValue) throws(DocumentError) -> Double {
        let s = try v.double()
        guard s >= 0 && s <= 3600 else { throw v.error("must lie in 0...3600 seconds, got \(s)") }
        return s
    }

    static func point(_ v: DocumentValue) throws(DocumentError) -> Vec2 {
        let n = try v.numbers(count: 2)
        guard n.allSatisfy({ abs($0) <= 100_000 }) else { throw v.error("lies too far off the screen: \(n)") }
        return Vec2(Float(n[0]), Float(n[1]))
    }

    static func vec3(_ v: DocumentValue) throws(DocumentError) -> Vec3 {
        let n = try v.numbers(count: 3)
        guard n.allSatisfy({ abs($0) <= 100_000 }) else { throw v.error("lies more than 100 km away: \(n)") }
        return Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
    }

    static func easing(_ o: DocumentObject) throws(DocumentError) -> TimingFunction {
        try o.read("easing", default: TimingFunction.linear) { v throws(DocumentError) in try v.choice(TimingFunction.self) }
    }

    static func motion(_ v: DocumentValue, defaultDuration: Double?) throws(DocumentError) -> DeviceMotion {
        let o = try v.object(allowing: defaultDuration == nil ? ["moveTo", "moveBy", "lookAt"] : ["moveTo", "moveBy", "lookAt", "rotation", "duration"])
        var target = DeviceMotion.Target.stay
        if let m = o.optional("moveTo") { target = .moveTo(try vec3(m)) }
        if let m = o.optional("moveBy") {
            if case .moveTo = target { throw m.error("give moveTo or moveBy, not both") }
            target = .moveBy(try vec3(m))
        }
        let lookAt = try o.optional("lookAt").map { v throws(DocumentError) in try vec3(v) }
        var rotation: Quaternion?
        if let r = o.optional("rotation") {
            if lookAt != nil { throw r.error("give lookAt or rotation, not both") }
            let q = try r.numbers(count: 4)
            let quaternion = Quaternion(x: Float(q[0]), y: Float(q[1]), z: Float(q[2]), w: Float(q[3]))
            guard abs(length(quaternion.vector) - 1) < 0.01 else { throw r.error("must be a unit quaternion [x, y, z, w], got \(q)") }
            rotation = quaternion.normalized
        }
        if case .stay = target, lookAt == nil, rotation == nil { throw v.error("needs moveTo, moveBy, lookAt or rotation") }
        let duration = try o.read("duration", default: defaultDuration ?? 0, seconds)
        return DeviceMotion(target: target, lookAt: lookAt, rotation: rotation, duration: duration)
    }
}
