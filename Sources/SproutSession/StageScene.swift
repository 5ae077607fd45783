import SproutMath
import SproutScene

/// Builds the entities that draw a stage (the "camera feed"): surfaces, images with their
/// pictures, and blocks. Textures come through `loadTexture` (the caller decodes files; the
/// session never links an image codec).
public enum StageScene {
    /// Reads a stage texture by path (`Texture.read(path:)` in SproutImage), so this module needs no image codec.
    public typealias TextureLoader = (_ path: String) throws -> Texture

    /// The entities that draw `stage`: its written surfaces (slabs when thick), its pictures and
    /// its blocks; a model's surfaces and pictures are the model's to draw. Each texture is
    /// loaded once; throws what `loadTexture` throws.
    public static func build(_ stage: Stage, loadTexture: TextureLoader) throws -> Entity {
        let root = Entity(name: "stage \(stage.name)")
        var textures: [String: Texture] = [:]
        func texture(_ path: String?) throws -> Texture? {
            guard let path else { return nil }
            if let t = textures[path] { return t }
            let t = try loadTexture(path)
            textures[path] = t
            return t
        }
        for surface in stage.surfaces where !surface.isFromModel {   // the model draws those
            let material = try self.material(surface.appearance, texture: texture(surface.appearance.texturePath))
            let mesh =
                surface.thickness > 0
                ? MeshFactory.box(size: Vec3(surface.size.x, surface.thickness, surface.size.y), name: surface.name)
                    .translated(by: Vec3(0, -surface.thickness / 2, 0))
                : MeshFactory.plane(width: surface.size.x, depth: surface.size.y, name: surface.name)
            // Thin surfaces (floors, walls) only receive shadows; slabs (a table top) also cast.
            root.addChild(
                Entity(
                    name: surface.name, transform: Transform(matrix: surface.frame.transform),
                    model: ModelComponent(parts: [ModelPart(mesh: mesh, material: material)], castsShadow: surface.thickness > 0)))
        }
        for image in stage.images where image.material == nil {   // a material's picture is the model's to draw
            var material = Material(name: image.name, baseColorTexture: try texture(image.texturePath), roughness: 0.7)
            material.castsShadow = false
            root.addChild(
                Entity(
                    name: "image \(image.name)", transform: Transform(matrix: image.frame.transform),
                    model: ModelComponent(
                        parts: [
                            ModelPart(
                                mesh: MeshFactory.plane(width: image.physicalSize.x, depth: image.physicalSize.y, name: image.name),
                                material: material)
                        ], castsShadow: false)))
        }
        for block in stage.blocks {
            let material = try self.material(block.appearance, texture: texture(block.appearance.texturePath))
            root.addChild(
                Entity(
                    name: block.name, transform: Transform(translation: block.position, rotation: Quaternion(angle: block.yaw, axis: .unitY)),
                    model: ModelComponent(mesh: MeshFactory.box(size: block.size, name: block.name), material: material)))
        }
        return root
    }

    static func material(_ appearance: StageAppearance, texture: Texture?) -> Material {
        var m = Material.color(sRGB: appearance.color.x, appearance.color.y, appearance.color.z, roughness: 0.85)
        if let texture {
            m.baseColor = Vec4(1, 1, 1, 1)
            m.baseColorTexture = texture
        }
        return m
    }
}
