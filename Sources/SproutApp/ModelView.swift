import SproutAssets
import SproutImage
import SproutMath
import SproutRender
import SproutScene
import SproutSession

/// One model seen by a fixed camera, as `sprout render` draws it: framed to fit (or from a
/// given position), under one directional light, optionally standing where a stage's camera
/// looks with the stage around it. Frames can orbit the look-at point about +Y.
public struct ModelView {
    /// The scene drawn: the model, its light, and the stage's backdrop when there is a stage.
    public let scene: Scene
    /// The imported model (meshes, materials, textures, bounds).
    public let asset: ModelAsset
    /// Where the camera is before any orbit, and what it looks at.
    public let eye: Vec3
    /// The look-at point, which orbits turn about.
    public let target: Vec3
    /// The camera's vertical field of view, degrees.
    public let fovYDegrees: Float
    /// The near clipping plane's distance, metres.
    public let near: Float
    /// The far clipping plane's distance, metres.
    public let far: Float

    /// - Parameters:
    ///   - cameraPosition, lookAt: default to framing the model (or the stage's camera).
    ///   - directionToLight: towards the light (default `Lighting.standard`); a stage brings its own.
    ///   - stage: a built-in stage name or file; the model then stands where its camera looks.
    ///   - isolation: import in a child process first (see `ImportIsolation`).
    ///   - sizing: scale the model (a factor, or to a height) before framing it.
    ///   - frameNode: frame this node of the model (by name); by default the model without a
    ///     ground plane much larger than itself (`Framing`).
    public init(modelPath: String, aspect: Float, cameraPosition: Vec3? = nil, lookAt: Vec3? = nil, fovYDegrees: Float = 60,
                directionToLight: Vec3? = nil, shadows: Bool = true, stage: String? = nil, isolation: ImportIsolation? = nil,
                sizing: ModelSizing = .asIs, frameNode: String? = nil) throws {
        asset = try ModelImporter.load(path: modelPath, isolation: isolation)
        sizing.apply(to: asset.root)
        scene = Scene(lighting: Lighting(directionToLight: directionToLight ?? Lighting.standard.directionToLight, castsShadows: shadows))
        scene.addChild(asset.root)
        let root = asset.root
        func framed() throws -> BoundingBox {
            if let frameNode { return try Framing.bounds(ofNode: frameNode, in: root) }
            return Framing.bounds(of: root)
        }
        var bounds = try framed()
        var stageCamera: StageCamera?
        if let stage {
            // The model stands where the stage's camera looks, as `sprout preview` places it.
            let world = try Assets.stage(stage)
            scene.lighting = world.lighting
            scene.lighting.castsShadows = world.lighting.castsShadows && shadows
            try StageModels.addBackdrop(of: world, to: scene)
            asset.standOnOrigin()
            asset.root.transform.translation += world.camera.lookAt
            bounds = try framed()
            stageCamera = world.camera
            // Lit and reflected by the stage, as placed content is: a probe at its centre.
            if !bounds.isEmpty { scene.environmentProbePosition = bounds.center }
        }
        let framed = Camera.framing(bounds, fovYDegrees: fovYDegrees, aspect: aspect)
        target = lookAt ?? stageCamera?.lookAt ?? (bounds.isEmpty ? .zero : bounds.center)
        eye = cameraPosition ?? stageCamera?.position ?? (framed.position - (bounds.isEmpty ? .zero : bounds.center) + target)
        let fixed = cameraPosition != nil || stageCamera != nil
        // A stage is seen as the simulated device sees it (1 cm to 1 km).
        near = stageCamera != nil ? DeviceCamera.nearPlane : fixed ? 0.05 : framed.perspective.near
        far = stageCamera != nil ? DeviceCamera.farPlane : fixed ? max(20, distance(eye, target) * 10) : framed.perspective.far
        self.fovYDegrees = fovYDegrees
    }


    /// The camera turned `degrees` about +Y through the look-at point.
    public func camera(orbitDegrees degrees: Float = 0) -> Camera {
        let orbitEye = target + Matrix4.rotationY(radians(fromDegrees: degrees)).transformDirection(eye - target)
        return Camera.looking(from: orbitEye, at: target, fovYDegrees: fovYDegrees, near: near, far: far)
    }
}
