import SproutDocument
import SproutFiles
import SproutMath
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a stage from YAML or JSON and refuses nonsense with the file, the line, the field and
/// the reason. Texture paths are relative to `textureRoot` (the stage's folder, or `Assets/` for
/// the built-in stages) and may not leave it.
public struct StageLoader {
    /// The folder texture and model paths are resolved in, and may not leave.
    public let textureRoot: String

    /// A loader that resolves files inside `textureRoot`.
    public init(textureRoot: String) {
        self.textureRoot = textureRoot
    }

    /// Built-in stages live in `Assets/stages/NAME.yaml`; their textures resolve against `Assets/`.
    public static func builtIn(_ name: String, assetsDirectory: String) throws(DocumentError) -> Stage {
        let path = assetsDirectory + "/stages/" + name + ".yaml"
        guard isPlainName(name), FileManager.default.fileExists(atPath: path) else {
            throw DocumentError(
                file: name, line: 0, field: "",
                message: "no built-in stage of that name in \(assetsDirectory)/stages ("
                    + "\(builtInNames(assetsDirectory: assetsDirectory).joined(separator: ", ")))")
        }
        return try StageLoader(textureRoot: assetsDirectory).load(path: path)
    }

    /// The built-in stage names (the `.yaml` files in `Assets/stages`), sorted; empty when the folder cannot be read.
    public static func builtInNames(assetsDirectory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: assetsDirectory + "/stages")) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A built-in name, or a path to a stage file (whose folder holds its textures).
    public static func resolve(_ nameOrPath: String, assetsDirectory: String?) throws(DocumentError) -> Stage {
        if isPlainName(nameOrPath), let assets = assetsDirectory {
            return try builtIn(nameOrPath, assetsDirectory: assets)
        }
        return try StageLoader(textureRoot: Document.folder(of: nameOrPath)).load(path: nameOrPath)
    }

    /// Whether `s` can only be a built-in stage's name (letters, digits, `-`, `_`), not a path.
    public static func isPlainName(_ s: String) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// Reads the stage file at `path`; throws with the file, line, field and reason when it cannot be
    /// read or is not a valid stage.
    public func load(path: String) throws(DocumentError) -> Stage {
        try stage(from: try Document.load(path: path), source: path)
    }

    /// Reads a stage from YAML or JSON `text`; `file` names it in errors and becomes its `source`.
    public func parse(_ text: String, file: String) throws(DocumentError) -> Stage {
        try stage(from: try Document.parse(text, file: file), source: file)
    }

    /// A stage file's top-level keys.
    public static let fields = ["name", "camera", "lights", "sky", "environment", "surfaces", "images", "blocks", "geo", "model", "network"]

    /// The most surfaces, images or blocks a stage may list: every frame samples the surfaces
    /// and projects the images, and hand-built rooms have tens.
    public static let maximumElements = 1000

    /// A list of at most `maximumElements`.
    private func elements(_ v: DocumentValue) throws(DocumentError) -> [DocumentValue] {
        let items = try v.array()
        guard items.count <= Self.maximumElements else {
            throw v.error("has \(items.count) entries, more than the limit of \(Self.maximumElements)")
        }
        return items
    }

    func stage(from document: DocumentValue, source: String) throws(DocumentError) -> Stage {
        let o = try document.object(allowing: Self.fields)
        var stage = Stage(name: try o.read("name", default: "stage") { v throws(DocumentError) in try v.string() }, source: source)
        if let v = o.optional("camera") { stage.camera = try camera(v) }
        if let v = o.optional("lights") { (stage.lighting, stage.lightChanges) = try lighting(v) }
        if let v = o.optional("surfaces") {
            for item in try elements(v) { stage.surfaces.append(try surface(item)) }
        }
        if let v = o.optional("images") {
            for item in try elements(v) {
                let image = try self.image(item)
                if stage.image(named: image.name) != nil { throw item.error("an image named '\(image.name)' already exists") }
                stage.images.append(image)
            }
        }
        if let v = o.optional("blocks") {
            for item in try elements(v) { stage.blocks.append(try block(item)) }
        }
        if let v = o.optional("geo") { stage.geoOrigin = try geoOrigin(v) }
        if let v = o.optional("network") { stage.network = try NetworkLink.parse(v) }
        if let v = o.optional("sky") { stage.sky = try sky(v) }
        if let v = o.optional("environment") { stage.environment = try environment(v) }
        if let v = o.optional("model") { stage.model = try model(v) }
        return stage
    }

    /// `model: room.glb`, or `model: { path, scale, up: y | z, origin: [x, y, z], detail }`; the
    /// path inside the stage's folder, as textures are.
    func model(_ v: DocumentValue) throws(DocumentError) -> StageModel {
        guard case .mapping = v.content else { return StageModel(path: try confined(v, what: "model")) }
        let o = try v.object(allowing: ["path", "scale", "up", "origin", "detail"])
        return StageModel(
            path: try confined(o.required("path"), what: "model"),
            scale: try o.read("scale", default: 1) { v throws(DocumentError) in try v.ranged(1e-6...1e6, positive: true) },
            up: StageModel.Axis(rawValue: try o.read("up", default: "y") { v throws(DocumentError) in try v.choice(["y", "z"]) })!,
            origin: try o.read("origin", default: .zero) { v throws(DocumentError) in try vec3(v) },
            detail: try o.read("detail", default: 0.6) { v throws(DocumentError) in try v.ranged(0...1) })
    }

    /// A file named in the stage, inside `textureRoot` (the stage's folder).
    func confined(_ v: DocumentValue, what: String) throws(DocumentError) -> String {
        let relative = try v.string()
        switch ConfinedPath.resolve(relative, in: textureRoot) {
        case .success(let p): return p
        case .failure(.notRelative): throw v.error("must be a path inside \(textureRoot) without '..', got '\(relative.prefix(200))'")
        case .failure(.missing(let p)): throw v.error("\(what) \(p) does not exist")
        case .failure(.leavesFolder(let p)): throw v.error("\(what) \(p) is a link that leaves \(textureRoot)")
        }
    }

    // MARK: Parts

    func surface(_ v: DocumentValue) throws(DocumentError) -> StageSurface {
        let o = try v.object(allowing: ["name", "alignment", "position", "yaw", "size", "color", "texture", "detail", "thickness", "facade"])
        let alignment = PlaneAlignment(rawValue: try o.required("alignment").choice(PlaneAlignment.allCases.map(\.rawValue)))!
        return StageSurface(
            name: try o.required("name").string(),
            alignment: alignment,
            position: try vec3(o.required("position")),
            yaw: try yaw(o),
            size: try positiveSize(o.required("size")),
            detail: try o.required("detail").ranged(0...1),
            appearance: try appearance(o),
            thickness: try o.read("thickness", default: 0) { v throws(DocumentError) in try v.ranged(0...10) },
            isFacade: try o.read("facade", default: false) { v throws(DocumentError) in try v.bool() })
    }

    func image(_ v: DocumentValue) throws(DocumentError) -> StageImage {
        if case .mapping(let pairs) = v.content, pairs.contains(where: { $0.key == "material" }) {
            return try materialImage(v)
        }
        let o = try v.object(allowing: ["name", "texture", "width", "height", "position", "yaw", "alignment", "code", "moves"])
        let textureField = try o.required("texture")
        let (path, pixels) = try texture(textureField)
        let width = try o.required("width").ranged(0.001...100, positive: true)
        let height = try o.read("height", default: width * Float(pixels.height) / Float(pixels.width)) { v throws(DocumentError) in
            try v.ranged(0.001...100, positive: true)
        }
        let alignment = try o.read("alignment", default: PlaneAlignment.horizontal) { v throws(DocumentError) in
            PlaneAlignment(rawValue: try v.choice(PlaneAlignment.allCases.map(\.rawValue)))!
        }
        var code: StageCode?
        if let c = o.optional("code") { code = try self.code(c, imageSize: Vec2(width, height)) }
        var moves: [ImageMove] = []
        if let m = o.optional("moves") {
            for item in try elements(m) {
                let (move, at) = try self.move(item)
                if let last = moves.last, move.start < last.start + last.duration {
                    throw at.error("starts at \(move.start) s, before the previous move ends (\(last.start + last.duration) s)")
                }
                moves.append(move)
            }
        }
        return StageImage(
            name: try o.required("name").string(), texturePath: path, physicalSize: Vec2(width, height),
            position: try vec3(o.required("position")), yaw: try yaw(o), alignment: alignment, code: code, moves: moves)
    }

    /// `{ name, material, width, code }`: a picture that is part of the stage's model, found by
    /// its faces' material when the model is attached (`Stage.attachingModel`).
    func materialImage(_ v: DocumentValue) throws(DocumentError) -> StageImage {
        let o = try v.object(allowing: ["name", "material", "width", "code"])
        let width = try o.required("width").ranged(0.001...100, positive: true)
        var image = StageImage(name: try o.required("name").string(), texturePath: "", physicalSize: Vec2(width, width), position: .zero)
        image.material = try o.required("material").string()
        // The code's offset is checked against the picture once its height is known; here against a square.
        if let c = o.optional("code") { image.code = try code(c, imageSize: Vec2(width, 100)) }
        return image
    }

    /// `{ at: seconds, to: [x, y, z], yaw: degrees, duration: seconds }` (yaw optional, duration default 1 s).
    func move(_ v: DocumentValue) throws(DocumentError) -> (ImageMove, at: DocumentValue) {
        let o = try v.object(allowing: ["at", "to", "yaw", "duration"])
        let at = try o.required("at")
        let yaw: Float? = try o.optional("yaw").map { v throws(DocumentError) in radians(fromDegrees: try v.ranged(-360...360)) }
        let move = ImageMove(
            start: try at.rangedDouble(0...86_400),
            duration: try o.read("duration", default: 1) { v throws(DocumentError) in try v.rangedDouble(0...3_600) },
            position: try vec3(o.required("to")), yaw: yaw)
        return (move, at)
    }

    func code(_ v: DocumentValue, imageSize: Vec2) throws(DocumentError) -> StageCode {
        let o = try v.object(allowing: ["url", "diameter", "offset"])
        let urlField = try o.required("url")
        let url = try urlField.string()
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = parsed.host, !host.isEmpty
        else {
            throw urlField.error("must be an http or https URL with a host, got '\(url)'")
        }
        let diameter = try o.read("diameter", default: min(imageSize.x, imageSize.y) * 0.4) { v throws(DocumentError) in
            try v.ranged(0.001...10, positive: true)
        }
        let offset = try o.read("offset", default: Vec2.zero) { v throws(DocumentError) in
            let n = try v.numbers(count: 2)
            let p = Vec2(Float(n[0]), Float(n[1]))
            guard abs(p.x) + diameter / 2 <= imageSize.x / 2 + 1e-6, abs(p.y) + diameter / 2 <= imageSize.y / 2 + 1e-6 else {
                throw v.error("puts the code (diameter \(diameter) m) outside the image (\(imageSize.x) x \(imageSize.y) m)")
            }
            return p
        }
        return StageCode(url: url, diameter: diameter, offset: offset)
    }

    func block(_ v: DocumentValue) throws(DocumentError) -> StageBlock {
        let o = try v.object(allowing: ["name", "position", "size", "yaw", "color", "texture"])
        let sizeField = try o.required("size")
        let s = try vec3(sizeField)
        guard s.x > 0, s.y > 0, s.z > 0 else { throw sizeField.error("every side must be positive, got [\(s.x), \(s.y), \(s.z)]") }
        return StageBlock(
            name: try o.read("name", default: "block") { v throws(DocumentError) in try v.string() },
            position: try vec3(o.required("position")), size: s, yaw: try yaw(o), appearance: try appearance(o))
    }

    func camera(_ v: DocumentValue) throws(DocumentError) -> StageCamera {
        let o = try v.object(allowing: ["position", "lookAt", "fov"])
        let position = try vec3(o.required("position"))
        let target = try vec3(o.required("lookAt"))
        guard distance(position, target) > 1e-3 else { throw try o.required("lookAt").error("must differ from position") }
        let fov = try o.read("fov", default: Float(60)) { v throws(DocumentError) in try v.ranged(10...120) }
        return StageCamera(position: position, lookAt: target, fovYDegrees: fov)
    }

    func lighting(_ v: DocumentValue) throws(DocumentError) -> (Lighting, [LightChange]) {
        var lighting = Lighting(ambient: 0)
        var changes: [LightChange] = []
        var hasDirectional = false
        let items = try v.array()
        let ambientCount = items.filter { item in
            guard case .mapping(let pairs) = item.content else { return false }
            return pairs.contains { pair in
                if pair.key == "type", case .scalar("ambient", _) = pair.value.content { return true }
                return false
            }
        }.count
        for item in items {
            let o = try item.object(allowing: ["type", "direction", "color", "intensity", "shadows", "changes"])
            let type = try o.required("type").choice(["directional", "ambient"])
            let intensity = try o.read("intensity", default: Float(1)) { v throws(DocumentError) in try v.ranged(0...100) }
            if let list = o.optional("changes") {
                let light = LightChange.Light(rawValue: type)!
                if light == .ambient, ambientCount > 1 {
                    throw list.error("an ambient light can change only when it is the stage's one ambient light (ambient lights add up)")
                }
                for entry in try list.array() {
                    let c = try entry.object(allowing: ["at", "intensity", "duration"])
                    changes.append(
                        LightChange(
                            light: light,
                            at: try c.required("at").rangedDouble(0...86_400),
                            intensity: try c.required("intensity").ranged(0...100),
                            duration: try c.read("duration", default: 0.0) { v throws(DocumentError) in try v.rangedDouble(0...86_400) }))
                }
            }
            if type == "ambient" {
                for key in ["direction", "shadows"] where o.optional(key) != nil {
                    throw try o.required(key).error("an ambient light has no \(key)")
                }
                lighting.ambient += intensity
                continue
            }
            guard !hasDirectional else { throw item.error("only one directional light is supported (the renderer draws one sun)") }
            hasDirectional = true
            let directionField = try o.required("direction")
            let direction = try vec3(directionField)
            guard length(direction) > 1e-6 else { throw directionField.error("must not be the zero vector") }
            lighting.directionToLight = normalize(direction)
            lighting.intensity = intensity
            lighting.color = try o.read("color", default: Vec3.one) { v throws(DocumentError) in try linearColor(v) }
            lighting.castsShadows = try o.read("shadows", default: true) { v throws(DocumentError) in try v.bool() }
        }
        if !hasDirectional { lighting.intensity = 0; lighting.castsShadows = false }
        return (lighting, changes)
    }

    /// `sky: { zenith, horizon, ground }`, sRGB colours, each defaulting to `Sky.daylight`'s.
    func sky(_ v: DocumentValue) throws(DocumentError) -> Sky {
        let o = try v.object(allowing: ["zenith", "horizon", "ground"])
        var sky = Sky.daylight
        if let c = o.optional("zenith") { sky.zenith = try linearColor(c) }
        if let c = o.optional("horizon") { sky.horizon = try linearColor(c) }
        if let c = o.optional("ground") { sky.ground = try linearColor(c) }
        return sky
    }

    /// `environment: studio.hdr`, or `{ path, intensity, rotation (degrees), background }`; the file inside the stage's folder.
    func environment(_ v: DocumentValue) throws(DocumentError) -> StageEnvironment {
        func hdr(_ p: DocumentValue) throws(DocumentError) -> String {
            guard try p.string().lowercased().hasSuffix(".hdr") else { throw p.error("must be a Radiance .hdr file") }
            return try confined(p, what: "environment")
        }
        guard case .mapping = v.content else { return StageEnvironment(path: try hdr(v)) }
        let o = try v.object(allowing: ["path", "intensity", "rotation", "background"])
        return StageEnvironment(
            path: try hdr(o.required("path")),
            intensity: try o.read("intensity", default: 1) { v throws(DocumentError) in try v.ranged(0...1_000_000) },
            rotation: try o.read("rotation", default: 0) { v throws(DocumentError) in try v.ranged(-360...360) } * .pi / 180,
            background: try o.read("background", default: false) { v throws(DocumentError) in try v.bool() })
    }

    func geoOrigin(_ v: DocumentValue) throws(DocumentError) -> GeoOrigin {
        let o = try v.object(allowing: ["latitude", "longitude", "altitude", "heading", "regions", "placemarkStyle"])
        var regions: [GeoRegion] = []
        if let list = o.optional("regions") {
            for item in try list.array() {
                let r = try item.object(allowing: ["latitude", "longitude", "radius"])
                regions.append(
                    GeoRegion(
                        latitude: try r.required("latitude").rangedDouble(-90...90),
                        longitude: try r.required("longitude").rangedDouble(-180...180),
                        radius: try r.required("radius").rangedDouble(1...1_000_000)))
            }
        }
        return GeoOrigin(
            latitude: try o.required("latitude").rangedDouble(-90...90),
            longitude: try o.required("longitude").rangedDouble(-180...180),
            altitude: try o.read("altitude", default: 0) { v throws(DocumentError) in try v.rangedDouble(-500...9000) },
            heading: try o.read("heading", default: 0) { v throws(DocumentError) in try v.rangedDouble(0...360) },
            regions: regions,
            placemarkStyle: try o.read("placemarkStyle", default: .sphere) { v throws(DocumentError) in
                PlacemarkStyle(rawValue: try v.choice(PlacemarkStyle.allCases.map(\.rawValue)))!
            })
    }

    // MARK: Values

    func vec3(_ v: DocumentValue) throws(DocumentError) -> Vec3 {
        let n = try v.numbers(count: 3)
        let p = Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
        guard abs(p.x) <= 100_000, abs(p.y) <= 100_000, abs(p.z) <= 100_000 else { throw v.error("lies more than 100 km from the origin") }
        return p
    }

    func positiveSize(_ v: DocumentValue) throws(DocumentError) -> Vec2 {
        let n = try v.numbers(count: 2)
        guard n[0] > 0, n[1] > 0 else { throw v.error("must be positive, got [\(n[0]), \(n[1])]") }
        guard n[0] <= 10_000, n[1] <= 10_000 else { throw v.error("is larger than 10 km") }
        return Vec2(Float(n[0]), Float(n[1]))
    }

    func yaw(_ o: DocumentObject) throws(DocumentError) -> Float {
        radians(fromDegrees: try o.read("yaw", default: Float(0)) { v throws(DocumentError) in try v.ranged(-360...360) })
    }

    func appearance(_ o: DocumentObject) throws(DocumentError) -> StageAppearance {
        var a = StageAppearance()
        if let v = o.optional("color") { a.color = try sRGBColor(v) }
        if let v = o.optional("texture") { a.texturePath = try texture(v).path }
        return a
    }

    /// `[r, g, b]` in 0...1 or `"#rrggbb"`, sRGB as colour pickers give them.
    func sRGBColor(_ v: DocumentValue) throws(DocumentError) -> Vec3 {
        if case .scalar(let s, _) = v.content {
            guard s.hasPrefix("#"), s.count == 7, let rgb = Int(s.dropFirst(), radix: 16) else {
                throw v.error("expected [r, g, b] in 0...1 or \"#rrggbb\", got \(v.summary)")
            }
            return Vec3(Float((rgb >> 16) & 255), Float((rgb >> 8) & 255), Float(rgb & 255)) / 255
        }
        let n = try v.numbers(count: 3)
        guard n.allSatisfy({ (0...1).contains($0) }) else { throw v.error("components must lie in 0...1, got \(n)") }
        return Vec3(Float(n[0]), Float(n[1]), Float(n[2]))
    }

    func linearColor(_ v: DocumentValue) throws(DocumentError) -> Vec3 {
        let c = try sRGBColor(v)
        return Vec3(linearFromSRGB(c.x), linearFromSRGB(c.y), linearFromSRGB(c.z))
    }

    /// Resolves a texture path inside `textureRoot` and checks the file is a PNG or JPEG.
    func texture(_ v: DocumentValue) throws(DocumentError) -> (path: String, size: (width: Int, height: Int)) {
        let path = try confined(v, what: "texture")
        guard let size = ImageHeader.size(ofFileAt: path) else { throw v.error("texture \(path) is not a PNG or JPEG image") }
        return (path, size)
    }
}
