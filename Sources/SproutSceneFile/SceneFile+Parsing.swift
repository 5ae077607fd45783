import SproutDocument
import SproutMath
import SproutScene
import SproutGolden

extension SceneFile {
    /// The top-level keys a scene file may have; any other is an error.
    public static let fields = ["size", "msaa", "shadows", "toneMapping", "stage", "camera", "light", "lights", "environment", "models", "tolerance"]

    /// Reads a scene file; errors name the file, line and field.
    public static func load(path: String) throws(DocumentError) -> SceneFile {
        try parse(Document.load(path: path), source: path)
    }

    /// Parses a scene from YAML or JSON `text`; `file` names it in messages and is where relative
    /// paths are resolved from. Throws a `DocumentError` naming the file, line and field.
    public static func parse(_ text: String, file: String) throws(DocumentError) -> SceneFile {
        try parse(Document.parse(text, file: file), source: file)
    }

    /// Whether a parsed document is a scene (it has `models:`) rather than a script or a stage.
    public static func isScene(_ document: DocumentValue) -> Bool {
        guard case .mapping(let pairs) = document.content else { return false }
        return pairs.contains { $0.key == "models" }
    }

    /// Reads a scene from a parsed document; `source` is the path it came from. Throws a
    /// `DocumentError` at the field that is missing, unknown, of the wrong type or out of range.
    public static func parse(_ document: DocumentValue, source: String) throws(DocumentError) -> SceneFile {
        let o = try document.object(allowing: fields)
        var scene = SceneFile(source: source)
        if let v = o.optional("size") {
            guard case .sequence(let n) = v.content, n.count == 2, let w = try? n[0].int(), let h = try? n[1].int() else {
                throw v.error("expected [width, height] in whole pixels, e.g. [256, 256]")
            }
            guard (1...maximumSide).contains(w), (1...maximumSide).contains(h) else {
                throw v.error("each side must lie in 1...\(maximumSide) pixels, got \(w)x\(h)")
            }
            (scene.width, scene.height) = (w, h)
        }
        if let v = o.optional("msaa") {
            let n = try v.int()
            guard [0, 2, 4, 8].contains(n) else { throw v.error("must be 0, 2, 4 or 8, got \(n)") }
            scene.msaa = n
        }
        if let v = o.optional("shadows") { scene.shadows = try v.bool() }
        if let v = o.optional("toneMapping") {
            let name = try v.string()
            guard let mapping = ToneMapping(rawValue: name) else { throw v.error("must be neutral, aces or none, got '\(name)'") }
            scene.toneMapping = mapping
        }
        if let v = o.optional("stage") {
            let name = try v.string()
            guard !name.isEmpty, name.utf8.count <= 1024 else { throw v.error("must be a built-in stage name or a path of at most 1024 bytes") }
            scene.stage = name
            scene.stageLine = v.line
        }
        if let v = o.optional("camera") { try readCamera(v, into: &scene) }
        if let v = o.optional("light") { scene.light = try light(v) }
        if let v = o.optional("lights") {
            let items = try v.array()
            guard items.count <= maximumLights else { throw v.error("has \(items.count) lights, more than the limit of \(maximumLights)") }
            for item in items { scene.lights.append(try punctualLight(item)) }
        }
        if let v = o.optional("environment") { scene.environment = try environment(v) }
        let models = try o.required("models")
        let items = try models.array()
        guard !items.isEmpty else { throw models.error("needs at least one model") }
        guard items.count <= maximumModels else { throw models.error("has \(items.count) models, more than the limit of \(maximumModels)") }
        for item in items { scene.models.append(try placement(item)) }
        if let v = o.optional("tolerance") { scene.tolerance = try TestTolerance.parse(v) }
        if case .named = scene.camera, scene.models.isEmpty { throw models.error("a named camera needs a model that defines it") }
        return scene
    }

    static func readCamera(_ v: DocumentValue, into scene: inout SceneFile) throws(DocumentError) {
        let c = try v.object(allowing: ["position", "lookAt", "fov", "name"])
        scene.cameraLine = v.line
        if let f = c.optional("fov") { scene.fovYDegrees = try f.ranged(1...179) }
        if let n = c.optional("name") {
            if let other = c.optional("position") ?? c.optional("lookAt") { throw other.error("give a camera name or position and lookAt, not both") }
            let name = try n.string()
            guard !name.isEmpty else { throw n.error("must name a camera in one of the models' files") }
            scene.camera = .named(name)
            return
        }
        let position = try vector(c.required("position")), target = try vector(c.required("lookAt"))
        guard distance(position, target) > 1e-4 else { throw try c.required("lookAt").error("must differ from position") }
        scene.camera = .looking(position: position, lookAt: target)
    }

    static func light(_ v: DocumentValue) throws(DocumentError) -> Light {
        let o = try v.object(allowing: ["direction", "color", "intensity", "ambient"])
        let direction = try vector(o.required("direction"))
        guard length(direction) > 1e-6 else { throw try o.required("direction").error("must not be zero (it points towards the light)") }
        var light = Light(direction: normalize(direction))
        if let c = o.optional("color") {
            let n = try c.numbers(count: 3)
            guard n.allSatisfy({ (0...1).contains($0) }) else { throw c.error("each channel must lie in 0...1 (linear RGB), got \(n)") }
            light.color = Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
        }
        if let i = o.optional("intensity") { light.intensity = try i.ranged(0...100) }
        if let a = o.optional("ambient") { light.ambient = try a.ranged(0...1) }
        return light
    }

    /// One `lights:` entry: `{ type: point | spot | directional, position, direction, color,
    /// intensity, range, cone: [inner, outer] }`, glTF's units (candela, lux), cone half-angles in degrees.
    static func punctualLight(_ v: DocumentValue) throws(DocumentError) -> PlacedLight {
        let o = try v.object(allowing: ["type", "position", "direction", "color", "intensity", "range", "cone"])
        let typeField = try o.required("type")
        var kind: PunctualLight.Kind
        switch try typeField.string() {
        case "point": kind = .point
        case "directional": kind = .directional
        case "spot":
            guard let c = o.optional("cone") else { throw typeField.error("a spot needs cone: [inner, outer] (half-angles in degrees)") }
            let n = try c.numbers(count: 2)
            guard 0 <= n[0], n[0] < n[1], n[1] <= 90 else { throw c.error("needs 0 <= inner < outer <= 90 degrees, got \(n)") }
            kind = .spot(innerConeAngle: Float(n[0]) * .pi / 180, outerConeAngle: Float(n[1]) * .pi / 180)
        case let other: throw typeField.error("must be point, spot or directional, got '\(other)'")
        }
        if case .spot = kind {} else if let c = o.optional("cone") { throw c.error("only a spot has a cone") }
        var light = PunctualLight(kind: kind)
        if let c = o.optional("color") {
            let n = try c.numbers(count: 3)
            guard n.allSatisfy({ (0...1).contains($0) }) else { throw c.error("each channel must lie in 0...1 (linear RGB), got \(n)") }
            light.color = Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
        }
        if let i = o.optional("intensity") { light.intensity = try i.ranged(0...1_000_000) }
        if let r = o.optional("range") {
            guard kind != .directional else { throw r.error("a directional light has no range") }
            light.range = try r.ranged(0.001...1_000_000)
        }
        var position = Vec3.zero
        if let p = o.optional("position") {
            guard kind != .directional else { throw p.error("a directional light has no position (give its direction)") }
            position = try vector(p)
        } else if kind != .directional {
            throw typeField.error("a \(kind == .point ? "point" : "spot") light needs a position")
        }
        var direction = Vec3(0, -1, 0)
        if let d = o.optional("direction") {
            direction = try vector(d)
            guard length(direction) > 1e-6 else { throw d.error("must not be zero (the way the light shines)") }
        } else if kind != .point {
            throw typeField.error("needs a direction (the way the light shines)")
        }
        return PlacedLight(light: light, position: position, direction: direction)
    }

    /// `environment: studio.hdr`, or `{ file, intensity, rotation (degrees), background }`.
    static func environment(_ v: DocumentValue) throws(DocumentError) -> Environment {
        func path(_ p: DocumentValue) throws(DocumentError) -> String {
            let name = try p.string()
            guard !name.isEmpty, name.utf8.count <= 1024, name.lowercased().hasSuffix(".hdr") else {
                throw p.error("must be a Radiance .hdr file (at most 1024 bytes of path)")
            }
            return name
        }
        if case .scalar = v.content { return Environment(path: try path(v), line: v.line) }
        let o = try v.object(allowing: ["file", "intensity", "rotation", "background"])
        var environment = Environment(path: try path(o.required("file")), line: v.line)
        if let i = o.optional("intensity") { environment.intensity = try i.ranged(0...1_000_000) }
        if let r = o.optional("rotation") { environment.rotationDegrees = try r.ranged(-360...360) }
        if let b = o.optional("background") { environment.background = try b.bool() }
        return environment
    }

    static func placement(_ v: DocumentValue) throws(DocumentError) -> Placement {
        // `- sunflower` is short for `- { model: sunflower }`.
        if case .scalar = v.content { return Placement(model: try nonEmptyModel(v), line: v.line, field: v.field) }
        let o = try v.object(allowing: ["model", "up", "position", "rotation", "scale", "fit", "animation", "variant"])
        var p = Placement(model: try nonEmptyModel(o.required("model")), line: v.line, field: v.field)
        if let u = o.optional("up") { p.up = UpAxis(rawValue: try u.choice(UpAxis.allCases.map(\.rawValue)))! }
        if let x = o.optional("position") { p.position = try vector(x) }
        if let r = o.optional("rotation") { p.rotation = try rotation(r) }
        if let s = o.optional("scale") {
            if case .sequence = s.content {
                let n = try s.numbers(count: 3)
                guard n.allSatisfy({ $0 > 0 && $0 <= 10_000 }) else { throw s.error("each factor must lie in (0, 10000], got \(n)") }
                p.scale = Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
            } else {
                let k = try s.ranged(0...10_000, positive: true)
                p.scale = Vec3(repeating: k)
            }
        }
        if let f = o.optional("fit") {
            if o.optional("scale") != nil { throw f.error("give scale or fit, not both") }
            p.fitHeight = try f.ranged(0...10_000, positive: true)
        }
        if let a = o.optional("animation") { p.animation = try animation(a) }
        if let v = o.optional("variant") { p.variant = try v.boundedText(mustBe: "a material variant's name") }
        return p
    }

    /// `animation: { clip: Walk, time: 0.25 }`: the clip by name or index (default the first),
    /// the time in seconds (default 0).
    static func animation(_ v: DocumentValue) throws(DocumentError) -> SceneFile.AnimationChoice {
        let o = try v.object(allowing: ["clip", "time"])
        var choice = SceneFile.AnimationChoice(clip: nil, time: 0, field: v.field, line: v.line)
        if let c = o.optional("clip") { choice.clip = try c.boundedText(mustBe: "a clip's name or index") }
        if let t = o.optional("time") { choice.time = try t.rangedDouble(0...1_000_000) }
        return choice
    }

    static func nonEmptyModel(_ v: DocumentValue) throws(DocumentError) -> String {
        try v.boundedText(mustBe: "a model path, a catalog plant or a built-in name")
    }

    /// Degrees about +Y (`rotation: 30`) or a unit quaternion `[x, y, z, w]`.
    static func rotation(_ v: DocumentValue) throws(DocumentError) -> Quaternion {
        if case .sequence = v.content {
            let q = try v.numbers(count: 4)
            let quaternion = Quaternion(x: Float(q[0]), y: Float(q[1]), z: Float(q[2]), w: Float(q[3]))
            guard abs(length(quaternion.vector) - 1) < 0.01 else { throw v.error("must be a unit quaternion [x, y, z, w], got \(q)") }
            return quaternion.normalized
        }
        let degrees = try v.ranged(-3600...3600)
        return Quaternion(angle: radians(fromDegrees: degrees), axis: Vec3(0, 1, 0))
    }

    static func vector(_ v: DocumentValue) throws(DocumentError) -> Vec3 {
        let n = try v.numbers(count: 3)
        guard n.allSatisfy({ abs($0) <= 100_000 }) else { throw v.error("lies more than 100 km away: \(n)") }
        return Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
    }
}
