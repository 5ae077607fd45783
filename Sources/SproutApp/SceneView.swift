import SproutAssets
import SproutDocument
import SproutImage
import SproutFiles
import SproutMath
import SproutRender
import SproutScene
import SproutSceneFile
import SproutSession

/// A scene file made ready to draw: its models loaded (paths relative to the file, catalog
/// plants, built-ins) and placed, its stage as the backdrop, its light, and the camera it asks
/// for. What `sprout render SCENE.yaml` and scene cases of `sprout test` draw.
///
///     let image = try SceneView.render(path: "garden.yaml")
///     try Golden.check(image, against: "Goldens/garden.png")   // SproutTesting
public final class SceneView {
    /// The scene file as parsed.
    public let file: SceneFile
    /// The scene drawn: the stage's backdrop (when the file names one), the light, and the models
    /// under one `models` entity, each in a holder with its placement's transform.
    public let scene = Scene()
    /// The camera the file asks for before any orbit: the stage's, the models' named one, one
    /// looking from a given position, or one framing all models.
    public let camera: Camera
    /// Models whose size looks like the wrong unit, one line each (file:line: field: ...).
    public private(set) var warnings: [String] = []
    /// The point the camera looks at (what `camera(orbitDegrees:)` turns about).
    public let target: Vec3
    /// Each distinct model file loaded, in the order of first placement (built-ins have none).
    public private(set) var assets: [ModelAsset] = []
    /// Each animated model's player and the time its entry names.
    private let posed: [(player: AnimationPlayer, time: Double)]
    /// The model's camera the file names (`camera: { name }`), which follows its node as the
    /// model's animations move it; nil for every other camera.
    private var followedCamera: ModelCamera?
    /// The followed camera's far clipping distance when it is a perspective one.
    private var followedReach: Float = 100

    /// Loads a scene file; every error names the file, and the line and field where it can.
    public convenience init(path: String, isolation: ImportIsolation? = nil, budget: ModelLimits = .standard, modelRoots: [String]? = nil) throws {
        try self.init(file: SceneFile.load(path: path), isolation: isolation, budget: budget, modelRoots: modelRoots)
    }

    /// Loads the models of an already parsed scene file (paths relative to its folder) and sets up
    /// its stage, light and camera. Throws a `DocumentError` naming the file, line and field for a
    /// model or stage that cannot be loaded or a camera name no model defines.
    ///   `budget`'s triangles and texture pixels bound the models together (each distinct file once);
    ///   with `modelRoots`, model files must lie inside one of those folders (`ModelReference.confined`).
    public init(file: SceneFile, isolation: ImportIsolation? = nil, budget: ModelLimits = .standard, modelRoots: [String]? = nil) throws {
        self.file = file
        let asTyped = file.pathRoot == .workingFolder
        let folder = asTyped ? "." : Document.folder(of: file.source)
        var stageCamera: StageCamera?
        var lighting = Lighting.standard
        if let name = file.stage {
            let stage = try asTyped ? Assets.stage(name) : Assets.stage(name, namedIn: file.source, line: file.stageLine, folder: folder)
            try StageModels.addBackdrop(of: stage, to: scene)
            lighting = stage.lighting
            stageCamera = stage.camera
        }
        if let light = file.light {
            lighting = Lighting(directionToLight: light.direction, color: light.color, intensity: light.intensity, ambient: light.ambient)
        }
        lighting.castsShadows = lighting.castsShadows && file.shadows
        scene.lighting = lighting
        if let choice = file.environment {
            do {
                // Inside the scene file's folder, as a stage's files are (a render-test folder is untrusted input).
                let path: String
                switch asTyped ? .success(choice.path) : ConfinedPath.resolve(choice.path, in: folder.isEmpty ? "." : folder) {
                case .success(let resolved): path = resolved
                case .failure(.notRelative): throw AppError("must be a path inside the scene file's folder without '..', got '\(choice.path.prefix(200))'")
                case .failure(.missing(let missing)): throw AppError("\(missing) does not exist")
                case .failure(.leavesFolder(let p)): throw AppError("\(p) is a link that leaves the scene file's folder")
                }
                let image = try HDRCodec.read(path: path)
                scene.environment = EnvironmentLight(
                    image: image, intensity: choice.intensity,
                    rotation: choice.rotationDegrees * .pi / 180, showsAsBackground: choice.background)
            } catch {
                throw DocumentError(file: file.source, line: choice.line, field: "environment", message: "\(error)")
            }
        }
        for (index, placed) in file.lights.enumerated() {
            // An entity whose -Z is the light's direction (as a glTF node's light shines).
            let up: Vec3 = abs(placed.direction.y) > 0.99 ? .unitZ : .unitY
            let pose = Transform(matrix: lookAt(eye: placed.position, target: placed.position + placed.direction, up: up))
            let entity = Entity(name: "lights[\(index)]", transform: pose)
            entity.light = placed.light
            scene.addChild(entity)
        }

        var cameras: [ModelCamera] = []
        var poses: [(player: AnimationPlayer, time: Double)] = []
        var warningLines: [String] = []
        let models = Entity(name: "models")
        // One budget for the whole scene, counted per distinct file (placing a file again shares
        // its meshes and textures): 100 distinct large models took 11 GB (issue 30).
        var counted = Set<String>(), triangles = 0, texturePixels = 0
        for (index, placement) in file.models.enumerated() {
            let loaded: (entity: Entity, asset: ModelAsset?)
            do {
                var reference = try ModelReference.resolve(placement.model, relativeTo: folder)
                if let modelRoots { reference = try reference.confined(to: modelRoots, reference: placement.model) }
                loaded = try reference.load(
                    isolation: isolation, sizing: placement.fitHeight.map { .fit(height: $0) } ?? .asIs,
                    standing: placement.standing != .asAuthored, variant: placement.variant, up: placement.up)
            } catch let error as MaterialVariantError {
                throw DocumentError(file: file.source, line: placement.line, field: placement.field + ".variant", message: "\(error)")
            } catch {
                throw DocumentError(file: file.source, line: placement.line, field: placement.field + ".model", message: "\(error)")
            }
            if let asset = loaded.asset, counted.insert(asset.sourcePath).inserted {
                triangles += asset.triangleCount
                texturePixels += asset.textures.reduce(0) { $0 + $1.image.width * $1.image.height }
                let limits = budget
                if triangles > limits.maximumTriangles || texturePixels > limits.maximumTexturePixels {
                    throw DocumentError(
                        file: file.source, line: placement.line, field: placement.field + ".model",
                        message:
                            "the scene's models come to \(triangles) triangles and \(texturePixels) texture pixels with this one, more than one scene may hold (\(limits.maximumTriangles) and \(limits.maximumTexturePixels), as for one model)"
                    )
                }
            }
            if let choice = placement.animation {
                do {
                    poses.append((try ModelPose.apply(clip: choice.clip, time: choice.time, to: loaded.entity, modelName: placement.model), choice.time))
                } catch {
                    throw DocumentError(file: file.source, line: choice.line, field: choice.field, message: "\(error)")
                }
            }
            var transform = placement.transform
            if placement.standing == .whereStageLooks, let stageCamera { transform.translation += stageCamera.lookAt }
            let holder = Entity(name: "models[\(index)]", transform: transform)
            holder.addChild(loaded.entity)
            models.addChild(holder)
            cameras += loaded.asset?.cameras ?? []
            if let asset = loaded.asset, !assets.contains(where: { $0.sourcePath == asset.sourcePath }) { assets.append(asset) }
            // A file's unsupported features, once per file however often it is placed.
            for warning in loaded.asset?.warnings ?? [] where !warningLines.contains("warning: " + warning) {
                warningLines.append("warning: " + warning)
            }
            if placement.fitHeight == nil, placement.scale == .one, let warning = ModelSizing.warning(for: loaded.entity, name: placement.model) {
                // A scene made in code (line 0, `SceneFile.oneModel`) has no place to name.
                warningLines.append((placement.line > 0 ? "\(file.source):\(placement.line): \(placement.field): " : "") + warning)
            }
        }
        scene.addChild(models)
        // On a stage the models are lit and reflected by it, as placed content is
        // (`InteractionEngine` puts the probe by the object): one probe at their centre.
        if stageCamera != nil, !models.children.isEmpty {
            let bounds = models.visualBounds()
            if !bounds.isEmpty { scene.environmentProbePosition = bounds.center }
        }
        warnings = warningLines
        posed = poses

        let aspect = Float(file.width) / Float(file.height)
        let fov = file.fovYDegrees ?? stageCamera?.fovYDegrees ?? 60
        switch file.camera {
        case .automatic:
            if let stageCamera {
                camera = .looking(
                    from: stageCamera.position, at: stageCamera.lookAt, fovYDegrees: fov, near: DeviceCamera.nearPlane, far: DeviceCamera.farPlane)
                target = stageCamera.lookAt
            } else {
                let bounds = models.visualBounds()
                camera = .framing(bounds, fovYDegrees: fov, aspect: aspect)
                target = bounds.isEmpty ? .zero : bounds.center
            }
        case .looking(let position, let lookAt):
            camera = .looking(from: position, at: lookAt, fovYDegrees: fov, near: 0.05, far: max(100, distance(position, lookAt) * 10))
            target = lookAt
        case .named(let name):
            guard let found = cameras.first(where: { $0.name == name }) else {
                // Names from the files and the scene file, escaped; at most 20 of them listed.
                let listed = cameras.prefix(20).map { "'\(PrintableText.escaped(String($0.name.prefix(200))))'" }.joined(separator: ", ")
                let known =
                    cameras.isEmpty
                    ? "the models define no cameras"
                    : "the models' cameras are " + listed + (cameras.count > 20 ? " and \(cameras.count - 20) more" : "")
                throw DocumentError(
                    file: file.source, line: file.cameraLine, field: "camera.name",
                    message: "no camera named '\(PrintableText.escaped(String(name.prefix(200))))'; \(known)")
            }
            followedCamera = found
            let pose = found.worldPose
            let bounds = models.visualBounds()
            let reach = max(100, bounds.isEmpty ? 100 : distance(pose.eye, bounds.center) * 10)
            followedReach = reach
            camera = Camera(
                transform: lookAt(eye: pose.eye, target: pose.target, up: pose.up),
                projection: Self.projection(of: found, fovYDegrees: file.fovYDegrees, reach: reach))
            target = pose.target
        case .framing(let node, let position, let lookAt):
            let bounds: BoundingBox
            do { bounds = try node.map { try Framing.bounds(ofNode: $0, in: models) } ?? Framing.bounds(of: models) } catch {
                throw DocumentError(file: file.source, line: file.cameraLine, field: "camera.frame", message: "\(error)")
            }
            if stageCamera != nil, !bounds.isEmpty { scene.environmentProbePosition = bounds.center }
            let framed = Camera.framing(bounds, fovYDegrees: fov, aspect: aspect)
            let centre = bounds.isEmpty ? .zero : bounds.center
            target = lookAt ?? stageCamera?.lookAt ?? centre
            let eye = position ?? stageCamera?.position ?? (framed.position - centre + target)
            // A stage is seen as the simulated device sees it (1 cm to 1 km).
            let (near, far): (Float, Float) =
                stageCamera != nil
                ? (DeviceCamera.nearPlane, DeviceCamera.farPlane)
                : position != nil ? (0.05, max(20, distance(eye, target) * 10)) : (framed.projection.near, framed.projection.far)
            camera = .looking(from: eye, at: target, fovYDegrees: fov, near: near, far: far)
        }
    }

    /// Loads a scene file and draws it offscreen once: the one call a render test needs.
    public static func render(path: String) throws -> Image {
        let view = try SceneView(path: path)
        let surface = try OffscreenSurface(width: view.file.width, height: view.file.height, samples: view.file.msaa)
        return try view.render(with: Renderer(context: surface.context), into: surface)
    }

    /// How a model's camera projects now: an orthographic camera keeps the file's box; a
    /// perspective one sees through `fovYDegrees` (the scene file's) or its own field of view,
    /// clipped at Sprout's 1 cm and `reach`.
    private static func projection(of camera: ModelCamera, fovYDegrees: Float?, reach: Float) -> Projection {
        switch camera.lens {
        case .orthographic(let halfHeight, let near, let far): .orthographic(halfHeight: halfHeight, near: near, far: far)
        case .perspective(let fovY): Projection(fovY: fovYDegrees.map(radians(fromDegrees:)) ?? fovY ?? radians(fromDegrees: 60), near: 0.01, far: reach)
        }
    }

    /// The camera turned `degrees` about +Y through `target`; a model's named camera where its
    /// node is now and as it sees now (a posed model's camera moves and zooms with the frames).
    public func camera(orbitDegrees degrees: Float) -> Camera {
        var placed = camera
        if let followedCamera {
            let pose = followedCamera.worldPose
            placed.transform = lookAt(eye: pose.eye, target: pose.target, up: pose.up)
            placed.projection = Self.projection(of: followedCamera, fovYDegrees: file.fovYDegrees, reach: followedReach)
        }
        guard degrees != 0 else { return placed }
        let turn = Matrix4.translation(target) * Matrix4.rotationY(radians(fromDegrees: degrees)) * Matrix4.translation(-target)
        placed.transform = turn * placed.transform
        return placed
    }

    /// How it is drawn (shading, exposure); shadows only where the file has them too.
    public var options = RenderOptions()

    /// Poses every model the file animates `seconds` after its `animation.time` (each clip held
    /// at its end, as at the time itself): `sprout render SCENE --frames N` draws frame k at k / 30 s.
    public func advanceAnimations(to seconds: Double) {
        for (player, start) in posed { player.seek(to: start + seconds) }
    }

    /// Draws the scene into `surface` (of the file's size), the camera orbited `orbitDegrees`.
    public func draw(with renderer: Renderer, into surface: OffscreenSurface, orbitDegrees: Float = 0) throws {
        try draw(with: renderer, into: surface.renderTarget, orbitDegrees: orbitDegrees)
    }

    /// Draws the scene into `target` (a window's, or an offscreen one), the camera orbited by
    /// `orbitDegrees` about +Y through the look-at point.
    public func draw(with renderer: Renderer, into target: RenderTarget, orbitDegrees: Float = 0) throws {
        var options = self.options
        options.shadows = options.shadows && file.shadows
        if let mapping = file.toneMapping { options.toneMapping = mapping }
        try renderer.render(scene, view: View(camera: camera(orbitDegrees: orbitDegrees), options: options), into: target)
    }

    /// Draws the scene into `surface` (of the file's size) and reads it back.
    public func render(with renderer: Renderer, into surface: OffscreenSurface) throws -> Image {
        var read: [UInt8] = []
        _ = try renderFrames(1, with: renderer, into: surface) { _, pixels in read = pixels }
        return Image(width: file.width, height: file.height, pixels: read)
    }
}
