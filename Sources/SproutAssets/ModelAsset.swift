import SproutFiles
import SproutMath
import SproutScene

/// An imported model: an entity tree ready to add to a scene, and what it is made of.
public struct ModelAsset {
    /// Named after the file; its transform carries the unit and up-axis normalisation.
    public let root: Entity
    /// Every mesh the model's entities draw, each once (instances share them), levels of detail included.
    public internal(set) var meshes: [Mesh]
    /// The materials the model's meshes use, each once, in the file's order.
    public internal(set) var materials: [Material]
    /// The textures the materials use, each once (embedded or read from beside the file).
    public internal(set) var textures: [Texture]
    /// The file the model was imported from.
    public let sourcePath: String
    /// The cameras the file defines, by name.
    public var cameras: [ModelCamera] = []
    /// The names of the file's material variants (glTF KHR_materials_variants), in its order
    /// (the root's `Entity.materialVariants`); `selectMaterialVariant(_:)` picks one. Empty when it has none.
    public var materialVariants: [String] {
        get { root.materialVariants }
        nonmutating set { root.materialVariants = newValue }
    }
    /// What the file asks for that Sprout draws without (a glTF extension it does not support),
    /// one line each naming the file and the feature; empty when everything is drawn.
    public var warnings: [String] = []

    /// Draws the model with its materials in variant `name` (one of `materialVariants`), or
    /// with its default materials when `name` is nil. A name the file does not declare throws,
    /// listing those it does.
    public func selectMaterialVariant(_ name: String?) throws(MaterialVariantError) {
        if let name, !materialVariants.contains(name) {
            throw MaterialVariantError(model: sourcePath, name: name, known: materialVariants)
        }
        root.selectMaterialVariant(name)
    }

    /// Triangles in all `meshes` together (a mesh drawn by several entities counts once).
    public var triangleCount: Int { meshes.reduce(0) { $0 + $1.triangleCount } }
    /// Triangles, lines and points across all meshes (each counts one against
    /// `ModelLimits.maximumTriangles`).
    public var primitiveCount: Int { meshes.reduce(0) { $0 + $1.primitiveCount } }
    /// World-space bounds when the root sits at the origin, in metres.
    public var bounds: BoundingBox { root.visualBounds(posed: false) }

    /// Moves the root so the model stands on the origin: its lowest point at y = 0 and, when
    /// `centringFootprint`, its bounds centred over x = z = 0 (generated plants keep the foot of
    /// their stem at the origin instead, so it lands where they are placed).
    public func standOnOrigin(centringFootprint: Bool = true) {
        let b = bounds
        guard !b.isEmpty else { return }
        root.transform.translation -= Vec3(centringFootprint ? b.center.x : 0, b.min.y, centringFootprint ? b.center.z : 0)
    }
}

/// A material variant asked of a model whose file does not declare it.
public struct MaterialVariantError: Error, CustomStringConvertible, Equatable {
    /// The model's file.
    public let model: String
    /// The variant asked for.
    public let name: String
    /// The variants the file declares (KHR_materials_variants), in its order.
    public let known: [String]

    /// `name` asked of `model`, whose file declares the variants `known`.
    public init(model: String, name: String, known: [String]) {
        self.model = model
        self.name = name
        self.known = known
    }

    /// One line naming the file, the variant and those the file has (control characters escaped).
    public var description: String {
        PrintableText.escaped(
            "\(model): has no material variant '\(name)'"
                + (known.isEmpty ? " (it declares none)" : " (it declares \(known.map { "'\($0)'" }.joined(separator: ", ")))"))
    }
}
