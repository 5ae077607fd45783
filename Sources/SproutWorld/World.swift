import SproutGeo
import SproutInteraction
import SproutMath
import SproutScene
import SproutSeedShop
import SproutSession

/// Everything a frame advances, built in one place: the stage (drawn as the camera feed), the
/// simulated session, the interaction engine (focus square, gestures, snapping, messages), the
/// detected planes, and, when asked or when the stage allows it, the Seed Shop flow and
/// geotracking. Pure: no GL, no window, no clock but the `deltaTime` it is given.
///
/// The window, the offscreen tours and the script runner all step a `World` with `step`, so a
/// touch reaches the same state by every path.
public final class World {
    /// The stage as built; `session.stage` is where its moving pictures are now.
    public let stage: Stage
    /// What is drawn: the backdrop, placed objects, the focus square, planes and placemarks.
    public let scene: Scene
    /// The interaction engine: the session, focus square, gestures and placed objects.
    public let engine: InteractionEngine
    /// The plane anchors' rectangles, kept up to date every step; drawn while `showsPlanes`.
    public let planes = PlaneAnchorVisualizer()
    /// Geotracking and its anchors, on a stage with a geographic origin.
    public let geo: (tracker: GeoTracker, anchors: GeoAnchorSet)?
    /// The Seed Shop flow once `startSeedShop` has run.
    public private(set) var seedShop: SeedShopFlow?
    /// Frames stepped since the world was built.
    public private(set) var frameCount = 0
    /// Where the device started (a restart can send it back).
    public let home: DeviceCamera
    private var placed: [String: Int] = [:]
    /// Whether placed models play their first clip (`WorldOptions.playsAnimations`).
    public var playsAnimations: Bool

    /// The session senses the stage from here on; nothing of it is drawn until
    /// `addBackdrop` (scripts that write no pictures never need its textures).
    public init(_ options: WorldOptions) {
        stage = options.stage
        scene = Scene(lighting: stage.lighting)
        let session = Session(stage: stage, seed: options.seed, viewport: options.viewport)
        if let camera = options.camera { session.device.look(from: camera.position, at: camera.lookAt) }
        engine = InteractionEngine(session: session, scene: scene)
        if !options.showsFocusSquare { engine.focusSquare.entity.removeFromParent() }
        home = session.device
        if let tracker = GeoTracker(stage: stage) {
            geo = (
                tracker,
                GeoAnchorSet(
                    tracker: tracker, session: session, scene: scene, seed: options.seed,
                    placemarkStyle: stage.geoOrigin?.placemarkStyle ?? .sphere)
            )
        } else {
            geo = nil
        }
        playsAnimations = options.playsAnimations
        showsPlanes = options.showsPlanes
    }

    /// The simulated AR session (the engine's).
    public var session: Session { engine.session }
    /// Simulated seconds since the world was built.
    public var time: Double { session.time }
    /// Placed objects, in placement order.
    public var objects: [VirtualObject] { engine.objects }

    /// Draws the stage as the scene's backdrop, its textures read by `loadTexture`
    /// (`Texture.read(path:)` in SproutImage). Once: later calls do nothing.
    /// A model stage's room comes as `model`, placed already (`StageModels.entity` in SproutApp).
    public func addBackdrop(loadTexture: (String) throws -> Texture, model: Entity? = nil) throws {
        guard scene.backdrop.children.isEmpty else { return }
        scene.backdrop.addChild(try StageScene.build(stage, loadTexture: loadTexture))
        scene.sky = stage.sky
        if let model { scene.backdrop.addChild(model) }
        movingPictures = stage.images.indices.compactMap { i in
            stage.images[i].moves.isEmpty ? nil : scene.backdrop.findEntity(named: "image \(stage.images[i].name)").map { (i, $0) }
        }
        drawPicturesWhereTheyAre()
    }

    /// The backdrop's pictures that move (`StageImage.moves`), by the stage's image index.
    private var movingPictures: [(index: Int, entity: Entity)] = []

    /// Puts each moving picture of the backdrop where the session's stage has it now.
    private func drawPicturesWhereTheyAre() {
        for (i, entity) in movingPictures { entity.transform = Transform(matrix: session.stage.images[i].frame.transform) }
    }

    /// Whether the detected planes are drawn.
    public var showsPlanes: Bool {
        get { planes.root.parent != nil }
        set {
            guard newValue != showsPlanes else { return }
            if newValue { scene.addChild(planes.root) } else { planes.root.removeFromParent() }
        }
    }

    /// One frame, always in this order, all at the frame's time: the clock moves on, the frame's
    /// touches reach the recognizers (split into batches where a finger repeats, as a window
    /// delivers a press and release within one frame), the engine runs the session,
    /// interaction, animations and timers, the plane view follows the anchor
    /// events, the Seed Shop flow reads them, geotracking and its anchors advance.
    @discardableResult
    public func step(deltaTime dt: Double, touches: [TouchEvent] = []) -> Frame {
        let frame = engine.update(deltaTime: dt, touches: Self.batches(touches))
        drawPicturesWhereTheyAre()
        for event in frame.events { planes.apply(event) }
        seedShop?.handle(frame)
        // The Seed Shop's plants stand on their packets, not among the engine's objects: when
        // nothing is placed the probe goes by one of them (the product key last in order; the
        // flow usually grows one), as RealityKit's automatic environment texturing would.
        if scene.environmentProbePosition == nil, let seedShop, let key = seedShop.presented.keys.sorted().last,
            let plant = seedShop.presented[key]
        {
            scene.environmentProbePosition = InteractionEngine.probePosition(near: plant.worldPosition)
        }
        if let geo {
            _ = geo.tracker.update(deltaTime: dt, session: session)
            geo.anchors.update()
        }
        frameCount += 1
        return frame
    }

    /// Touches in order, cut into batches so no finger appears twice in one.
    static func batches(_ touches: [TouchEvent]) -> [[TouchEvent]] {
        guard !touches.isEmpty else { return [] }
        var batches: [[TouchEvent]] = [[]]
        for t in touches {
            if batches[batches.count - 1].contains(where: { $0.id == t.id }) { batches.append([]) }
            batches[batches.count - 1].append(t)
        }
        return batches
    }

    /// Places `model` at the focus square as a new object named `name` ("plant", then
    /// "plant 2", ... as scripts and recordings name them). False while the session cannot
    /// place (P18's "CANNOT PLACE OBJECT" message is shown).
    @discardableResult
    public func place(_ model: Entity, named name: String, allowedAlignments: Set<PlaneAlignment> = [.horizontal]) -> Bool {
        let count = (placed[name] ?? 0) + 1
        placed[name] = count
        let done = engine.place(VirtualObject(name: count == 1 ? name : "\(name) \(count)", model: model, allowedAlignments: allowedAlignments))
        if done, playsAnimations, let animated = model.animatedEntity { scene.playAnimation(of: animated) }
        return done
    }

    /// Plays clip `clip` (a name or an index as text; nil: the first) of the placed object named
    /// `objectName`, looping or not, at `speed`, from its start; returns the player. Throws
    /// naming what is missing: the object, its clips, or the clip.
    @discardableResult
    public func playAnimation(ofObject objectName: String, clip: String? = nil, looping: Bool = true, speed: Double = 1) throws -> AnimationPlayer {
        let object = try placedObject(named: objectName)
        guard let animated = object.animatedEntity else { throw WorldError("'\(objectName)' has no animations") }
        let player = scene.animationPlayer(of: animated) ?? AnimationPlayer(root: animated)
        guard let index = clip.map({ player.index(ofClip: $0) }) ?? 0 else {
            throw WorldError("'\(objectName)' has no clip '\(clip ?? "")'; its clips are \(player.clipList)")
        }
        let playing = scene.playAnimation(of: animated, clip: index)!
        playing.isLooping = looping
        playing.speed = speed
        return playing
    }

    /// Draws the placed object named `objectName` in its file's material variant `name`
    /// (KHR_materials_variants; nil: its default materials). Throws naming the objects when
    /// there is no such object, and the variants when the model has none of that name.
    public func selectMaterialVariant(ofObject objectName: String, name: String?) throws {
        let object = try placedObject(named: objectName)
        guard let root = object.materialVariantsEntity else { throw WorldError("'\(objectName)' has no material variants") }
        if let name, !root.materialVariants.contains(name) {
            let known = root.materialVariants.map { "'\($0)'" }.joined(separator: ", ")
            throw WorldError("'\(objectName)' has no material variant '\(name)'; its variants are \(known)")
        }
        root.selectMaterialVariant(name)
    }

    /// The placed object named `objectName`; an error naming the objects there are, if not.
    private func placedObject(named objectName: String) throws -> VirtualObject {
        guard let object = objects.first(where: { $0.name == objectName }) else {
            throw WorldError(
                objects.isEmpty
                    ? "no object named '\(objectName)' (nothing is placed)"
                    : "no object named '\(objectName)'; the objects are " + objects.map { "'\($0.name)'" }.joined(separator: ", "))
        }
        return object
    }

    /// The player of the placed object `object`'s clips, if one plays.
    public func animationPlayer(of object: VirtualObject) -> AnimationPlayer? {
        object.animatedEntity.flatMap { scene.animationPlayer(of: $0) }
    }

    /// The sample's restart (refused for 5 s after the last one); names start again, and the
    /// device goes home unless `keepDevice`.
    @discardableResult
    public func restart(keepDevice: Bool = true) -> Bool {
        guard engine.restartExperience() else { return false }
        placed.removeAll()
        if !keepDevice { session.device = home }
        return true
    }

    /// Starts the Seed Shop flow with its launch URL; once it runs, a later call is a new
    /// invocation of the running clip (`SeedShopFlow.invoke`), as a second App Clip Code or link is.
    @discardableResult
    public func startSeedShop(catalog: Catalog, launchURL: String?, loadModel: @escaping (Product) throws -> Entity) -> SeedShopFlow {
        if let flow = seedShop {
            if let launchURL { flow.invoke(launchURL) }
            return flow
        }
        let flow = SeedShopFlow(engine: engine, catalog: catalog, loadModel: loadModel)
        seedShop = flow
        flow.start(launchURL: launchURL)
        return flow
    }

    /// The text the status panel shows now: the Seed Shop's coaching while it is shown, else
    /// the engine's messages; and the panel's opacity.
    public var statusText: (text: String, alpha: Float) {
        if let seedShop, seedShop.isCoachingVisible { return (seedShop.coachingText, 1) }
        return (engine.messages.text, engine.messages.alpha)
    }

    /// A one-line summary: tracking state and what has been found.
    public var summary: String {
        let clips = objects.compactMap { o in
            animationPlayer(of: o).flatMap { p in p.clip.map { "\(o.name): \($0.name) \(p.isPaused ? "paused" : "playing")" } }
        }
        let variants = objects.compactMap { o in o.materialVariantsEntity?.materialVariant.map { "\(o.name): variant \($0)" } }
        return
            "\(session.trackingState), \(session.planeAnchors.count) plane(s), \(objects.count) plant(s), focus square \(engine.focusSquare.stateDescription)"
            + (clips + variants).map { ", " + $0 }.joined()
    }
}
