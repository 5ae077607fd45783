import SproutAssets
import SproutImage
import SproutInteraction
import SproutMath
import SproutRender
import SproutScene
import SproutSession

/// What `sprout preview` shows: a stage (the camera feed), the simulated session and the
/// interaction engine over it (focus square, messages, gestures), plants placed at the focus
/// square, and optionally the detected planes.
final class PreviewWorld {
    let scene: Scene
    let engine: InteractionEngine
    let planes = PlaneAnchorVisualizer()
    let modelPath: String
    private let home: DeviceCamera
    private var placedCount = 0

    /// Advances time by this much per simulated frame when there is no real clock (offscreen).
    static let frameStep = 1.0 / 60

    /// The plant shown when `sprout preview` gets no model.
    static var defaultModelPath: String? {
        ResourceLocator.assetsDirectory.map { $0 + "/plants/seedling.obj" }
    }

    init(stageName: String, modelPath: String?, seed: UInt64, viewport: Viewport, showPlanes: Bool) throws {
        let stage = try StageLoader.resolve(stageName, assetsDirectory: ResourceLocator.assetsDirectory)
        guard let path = modelPath ?? Self.defaultModelPath else {
            throw RenderError("cannot find the Assets/ folder with the default plant; give a model path")
        }
        self.modelPath = path
        _ = try ModelImporter.load(path: path)   // refuse a broken model before anything runs
        scene = Scene(lighting: stage.lighting)
        scene.backdrop.addChild(try StageScene.build(stage, loadTexture: Texture.read))
        if showPlanes { scene.addChild(planes.root) }
        let session = Session(stage: stage, seed: seed, viewport: viewport)
        engine = InteractionEngine(session: session, scene: scene)
        home = session.device
    }

    var session: Session { engine.session }
    var stageName: String { session.stage.name }

    /// One frame: session, interaction, scene, plane view.
    @discardableResult
    func step(_ dt: Double) -> Frame {
        let frame = engine.update(deltaTime: dt)
        for event in frame.events { planes.apply(event) }
        return frame
    }

    /// Loads the plant afresh and places it at the focus square (refused while it initializes,
    /// with the sample's message).
    @discardableResult
    func placePlant() throws -> Bool {
        let asset = try ModelImporter.load(path: modelPath)
        asset.standOnOrigin()
        placedCount += 1
        // Named as a script's `place: plant` names them, so recordings replay name for name.
        return engine.place(VirtualObject(name: placedCount == 1 ? "plant" : "plant \(placedCount)", model: asset.root))
    }

    /// The sample's restart (5 s cooldown); the device also goes home unless `keepDevice`.
    func restart(keepDevice: Bool = false) {
        if engine.restartExperience() {
            placedCount = 0
            if !keepDevice { session.device = home }
        }
    }

    func view(overlays: [ScreenOverlay] = []) -> View {
        View(camera: session.device.camera, clearColor: Vec4(0.1, 0.1, 0.12, 1), overlays: overlays, viewportInPoints: session.device.viewport)
    }

    /// A one-line status: tracking state and what has been found.
    var status: String {
        "\(session.trackingState), \(session.planeAnchors.count) plane(s), \(engine.objects.count) plant(s), focus square \(engine.focusSquare.stateDescription)"
    }
}
