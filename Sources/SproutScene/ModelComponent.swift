import SproutMath

/// One mesh drawn with one material.
public struct ModelPart: Sendable {
    /// The geometry.
    public var mesh: Mesh
    /// How the geometry looks.
    public var material: Material
    /// The materials its file gives it in named variants (glTF KHR_materials_variants); nil
    /// when it has none. `Entity.selectMaterialVariant(_:)` swaps them into `material`.
    public var variants: MaterialVariants?

    /// A part drawing `mesh` with `material`.
    public init(mesh: Mesh, material: Material, variants: MaterialVariants? = nil) {
        self.mesh = mesh
        self.material = material
        self.variants = variants
    }
}

/// Makes an entity drawable.
public struct ModelComponent: Sendable {
    /// The meshes and their materials, all at full detail.
    public var parts: [ModelPart]
    /// Whether the model casts shadows; a part casts one only when its material also does.
    public var castsShadow: Bool
    /// Whether shadows should fall on the model. Stored but not yet read by the renderer.
    public var receivesShadow: Bool
    /// Cheaper versions drawn when the model looks small (`LevelOfDetail`); none by default.
    public var levelsOfDetail: [LevelOfDetail]
    /// The joints the parts' skinned meshes follow (glTF `skin`), if any.
    public var skin: Skin?
    /// The weight of each morph target of the parts' meshes (glTF mesh or node `weights`, then
    /// what an animation sets); missing entries are 0.
    public var morphWeights: [Float]

    /// A model from its parts, casting and receiving shadows, without levels of detail by default.
    public init(
        parts: [ModelPart], castsShadow: Bool = true, receivesShadow: Bool = true, levelsOfDetail: [LevelOfDetail] = [],
        skin: Skin? = nil, morphWeights: [Float] = []
    ) {
        self.parts = parts
        self.castsShadow = castsShadow
        self.receivesShadow = receivesShadow
        self.levelsOfDetail = levelsOfDetail
        self.skin = skin
        self.morphWeights = morphWeights
    }

    /// Whether the parts change shape with a skin or morph targets (and so need `MeshDeformation`).
    public var isDeformable: Bool {
        skin != nil || parts.contains { !$0.mesh.morphTargets.isEmpty }
    }

    /// A model of one part: `mesh` drawn with `material`.
    public init(mesh: Mesh, material: Material) { self.init(parts: [ModelPart(mesh: mesh, material: material)]) }

    /// Local-space bounds of all parts, as stored (the bind pose of a skinned model).
    public var bounds: BoundingBox {
        parts.reduce(into: BoundingBox.empty) { $0.formUnion($1.mesh.bounds) }
    }

    /// Local-space bounds of all parts deformed by `deformation` (`bounds` when nil): see `Mesh.bounds(deformedBy:)`.
    public func bounds(deformedBy deformation: MeshDeformation?) -> BoundingBox {
        guard let deformation else { return bounds }
        return parts.reduce(into: BoundingBox.empty) { $0.formUnion($1.mesh.bounds(deformedBy: deformation, skin: skin)) }
    }
}
