import SproutAssets
import SproutMath
import SproutRender
import SproutScene

/// The preview's scene: a model standing on a ground plane under the standard light.
struct PreviewStage {
    let scene: Scene
    let modelBounds: BoundingBox
    let modelPath: String

    /// The plant shown when `sprout preview` gets no model.
    static var defaultModelPath: String? {
        ResourceLocator.assetsDirectory.map { $0 + "/plants/seedling.obj" }
    }

    init(modelPath: String?) throws {
        guard let path = modelPath ?? PreviewStage.defaultModelPath else {
            throw RenderError("cannot find the Assets/ folder with the default plant; give a model path")
        }
        let asset = try ModelImporter.load(path: path)
        let scene = Scene(lighting: .standard)
        let bounds = asset.bounds
        // Stand the model on the ground: its lowest point at y = 0.
        asset.root.transform.translation.y -= bounds.isEmpty ? 0 : bounds.min.y
        let side = max(4, max(bounds.extents.x, bounds.extents.z) * 3)
        let ground = Entity(name: "ground", model: ModelComponent(
            parts: [ModelPart(mesh: MeshFactory.plane(width: side, depth: side), material: .color(sRGB: 0.62, 0.56, 0.48, roughness: 0.9))],
            castsShadow: false))
        scene.addChild(ground)
        scene.addChild(asset.root)
        self.scene = scene
        self.modelBounds = asset.root.visualBounds()
        self.modelPath = path
    }

    /// The orbit that frames the model from a raised three-quarter view.
    func initialOrbit(aspect: Float) -> OrbitController {
        let camera = Camera.framing(modelBounds, aspect: aspect)
        return OrbitController(eye: camera.position, target: modelBounds.center)
    }

    func camera(_ orbit: OrbitController) -> Camera {
        let reach = max(modelBounds.boundingRadius, 0.1)
        return Camera(transform: orbit.cameraTransform,
                      perspective: Perspective(fovY: radians(fromDegrees: 60), near: max(orbit.distance / 100, 0.005), far: orbit.distance + reach * 20 + 10))
    }
}
