import SproutAssets
import SproutImage
import SproutMath
import SproutScene
import SproutSession

/// Stages made from room models (`model:` in a stage file): the importer's triangles attached to
/// the stage for the session (planes, raycasts, occlusion), and the model's entity, placed as
/// the stage says, for the backdrop. Imports go through the model cache, so the second is free.
public enum StageModels {
    /// `stage` with its model's triangles attached; unchanged without a model.
    public static func attach(_ stage: Stage) throws -> Stage {
        guard let model = stage.model, stage.geometry == nil else { return stage }
        let asset = try ModelImporter.load(path: model.path)
        let (vertices, materials) = triangles(of: asset.root)
        return try stage.attachingModel(vertices: vertices, materials: materials)
    }

    /// Draws `stage` as the camera feed of a scene of one's own: its surfaces, images and blocks
    /// (textures read from their files) and, on a model stage, the room model go under the
    /// scene's backdrop, and its sky becomes the scene's (as `World.addBackdrop` does for worlds).
    public static func addBackdrop(of stage: Stage, to scene: Scene) throws {
        scene.backdrop.addChild(try StageScene.build(stage, loadTexture: Texture.read))
        if let model = stage.model { scene.backdrop.addChild(try entity(model)) }
        scene.sky = stage.sky
        scene.environment = try environment(of: stage)
    }

    /// The stage's `environment:` read from its .hdr file, or nil when it has none.
    public static func environment(of stage: Stage) throws -> EnvironmentLight? {
        guard let environment = stage.environment else { return nil }
        return EnvironmentLight(
            image: try HDRCodec.read(path: environment.path), intensity: environment.intensity,
            rotation: environment.rotation, showsAsBackground: environment.background)
    }

    /// The model as drawn: turned upright, scaled to metres, its `origin` on the stage's origin.
    public static func entity(_ model: StageModel) throws -> Entity {
        let asset = try ModelImporter.load(path: model.path)
        let root = Entity(name: "stage model")
        root.addChild(asset.root)
        // StageModel.stagePoint as a transform: scale x (upright(p) - origin).
        root.transform = Transform(
            translation: -model.origin * model.scale,
            rotation: model.up == .z ? Quaternion(angle: -.pi / 2, axis: .unitX) : .identity,
            scale: Vec3(repeating: model.scale))
        return root
    }

    /// Three corners per triangle, in the model's own space (its node transforms applied), and
    /// each triangle's material name.
    static func triangles(of root: Entity) -> (vertices: [Vec3], materials: [String]) {
        var vertices: [Vec3] = [], materials: [String] = []
        root.visit { e in
            guard let model = e.model else { return true }
            let world = e.worldMatrix
            for part in model.parts where part.mesh.primitive == .triangles {
                let p = part.mesh.positions.map { world.transformPoint($0) }
                vertices.reserveCapacity(vertices.count + part.mesh.indices.count)
                for i in part.mesh.indices { vertices.append(p[Int(i)]) }
                materials += repeatElement(part.material.name, count: part.mesh.indices.count / 3)
            }
            return true
        }
        return (vertices, materials)
    }
}
