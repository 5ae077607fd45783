import SproutMath
import SproutPlants
import SproutScene
import SproutSession

/// Objects a script can place by name without a model file: made in code, so scenario tests
/// need no importer. `painting` and `sticky-note` are the sample's wall objects (spec 1.5).
public enum BuiltInModels {
    /// The names `make` knows.
    public static let names = ["seedling", "pot", "painting", "sticky-note"]

    /// The plane alignments an object accepts unless a script says otherwise (P18
    /// `VirtualObject.allowedAlignments`, L23-31: the painting vertical only, the sticky note
    /// both, everything else horizontal).
    public static func allowedAlignments(_ name: String) -> Set<PlaneAlignment> {
        switch name {
        case "painting": [.vertical]
        case "sticky-note": [.horizontal, .vertical]
        default: [.horizontal]
        }
    }

    /// A new copy of the built-in object named `name`, in metres, standing on its origin; nil
    /// for a name not in `names`.
    public static func make(_ name: String) -> Entity? {
        switch name {
        case "seedling":
            return Entity(name: "seedling", model: ModelComponent(parts: SeedlingGenerator().parts()))
        case "pot":
            // A 20 cm terracotta box standing on its base.
            let mesh = MeshFactory.box(size: Vec3(0.2, 0.2, 0.2), name: "pot")
            return Entity(
                name: "pot", transform: Transform(translation: Vec3(0, 0.1, 0)),
                model: ModelComponent(mesh: mesh, material: .color(sRGB: 0.72, 0.38, 0.22, roughness: 0.9)))
        case "painting":
            return painting()
        case "sticky-note":
            return stickyNote()
        default:
            return nil
        }
    }

    /// Spec 1.5: a 0.28 x 0.38 m picture in a frame of four 2 cm bars, lying in the object's
    /// x-z plane (the sample's `SCNPlane` turned -90 degrees about x), so that on a wall, whose
    /// anchor's y axis points out of it, it hangs flat against the wall.
    static func painting() -> Entity {
        let root = Entity(name: "painting")
        let frame = Material.color(sRGB: 0.36, 0.24, 0.14, roughness: 0.6)
        root.addChild(
            Entity(
                name: "picture", transform: Transform(translation: Vec3(0, 0.005, 0)),
                model: ModelComponent(
                    mesh: MeshFactory.plane(width: 0.28, depth: 0.38, name: "picture"),
                    material: .color(sRGB: 0.55, 0.72, 0.86, roughness: 0.9))))
        for x: Float in [-0.15, 0.15] {
            root.addChild(
                Entity(
                    name: "frame side", transform: Transform(translation: Vec3(x, 0.005, 0)),
                    model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.02, 0.01, 0.40), name: "frame side"), material: frame)))
        }
        for z: Float in [-0.19, 0.19] {
            root.addChild(
                Entity(
                    name: "frame bar", transform: Transform(translation: Vec3(0, 0.005, z)),
                    model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.28, 0.01, 0.02), name: "frame bar"), material: frame)))
        }
        return root
    }

    /// Spec 1.5: a 10 cm square note over a 11.5 cm shadow 1 mm below it.
    static func stickyNote() -> Entity {
        let root = Entity(name: "sticky-note")
        root.addChild(
            Entity(
                name: "shadow", transform: Transform(translation: Vec3(0, 0.001, 0)),
                model: ModelComponent(
                    mesh: MeshFactory.plane(width: 0.115, depth: 0.115, name: "note shadow"),
                    material: .color(sRGB: 0.1, 0.1, 0.1, alpha: 0.4))))
        root.addChild(
            Entity(
                name: "note", transform: Transform(translation: Vec3(0, 0.002, 0)),
                model: ModelComponent(
                    mesh: MeshFactory.plane(width: 0.1, depth: 0.1, name: "note"),
                    material: .color(sRGB: 1, 0.93, 0.45, roughness: 0.9))))
        return root
    }
}
