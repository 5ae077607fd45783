import SproutMath
import SproutPlants
import SproutScene

/// Objects a script can place by name without a model file: made in code, so scenario tests
/// need no importer.
public enum BuiltInModels {
    public static let names = ["seedling", "pot"]

    public static func make(_ name: String) -> Entity? {
        switch name {
        case "seedling":
            return Entity(name: "seedling", model: ModelComponent(parts: SeedlingGenerator().parts()))
        case "pot":
            // A 20 cm terracotta box standing on its base.
            let mesh = MeshFactory.box(size: Vec3(0.2, 0.2, 0.2), name: "pot")
            return Entity(name: "pot", transform: Transform(translation: Vec3(0, 0.1, 0)),
                          model: ModelComponent(mesh: mesh, material: .color(sRGB: 0.72, 0.38, 0.22, roughness: 0.9)))
        default:
            return nil
        }
    }
}
