import SproutAssets
import SproutImage
import SproutMath
import SproutRender
import SproutScene
import SproutSession

/// What `sprout preview` shows: a stage (the camera feed), a simulated session looking at it,
/// the plant standing where the stage's camera looks, and optionally the detected planes.
final class PreviewWorld {
    let scene: Scene
    let session: Session
    let planes = PlaneAnchorVisualizer()
    let modelPath: String
    private let home: DeviceCamera

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
        let asset = try ModelImporter.load(path: path)
        scene = Scene(lighting: stage.lighting)
        scene.backdrop.addChild(try StageScene.build(stage) { file in
            Texture(name: file, image: try ImageFile.read(path: file))
        })
        // Stand the plant where the stage's camera looks (the table in `tabletop`), lowest point down.
        let bounds = asset.bounds
        asset.root.transform.translation += stage.camera.lookAt - Vec3(bounds.center.x, bounds.isEmpty ? 0 : bounds.min.y, bounds.center.z)
        scene.addChild(asset.root)
        if showPlanes { scene.addChild(planes.root) }
        session = Session(stage: stage, seed: seed, viewport: viewport)
        session.run(.worldTracking)
        home = session.device
    }

    var stageName: String { session.stage.name }

    /// One step of the world: the session (device where it is now), the plane view, the scene.
    @discardableResult
    func step(_ dt: Double) -> Frame {
        let frame = session.update(deltaTime: dt)
        for event in frame.events { planes.apply(event) }
        scene.update(deltaTime: dt)
        return frame
    }

    /// Back to the start: the device at its home pose, tracking and planes afresh.
    func reset() {
        session.device = home
        session.run(.worldTracking, options: [.resetTracking, .removeExistingAnchors])
    }

    var view: View { View(camera: session.device.camera, clearColor: Vec4(0.1, 0.1, 0.12, 1)) }

    /// A one-line status: tracking state and what has been found.
    var status: String {
        let s = session
        return "\(s.trackingState), \(s.planeAnchors.count) plane(s), \(s.imageAnchors.count) image(s)"
    }
}
