import SproutMath

/// One mesh drawn with one material.
public struct ModelPart: Sendable {
    /// The geometry.
    public var mesh: Mesh
    /// How the geometry looks.
    public var material: Material

    /// A part drawing `mesh` with `material`.
    public init(mesh: Mesh, material: Material) {
        self.mesh = mesh
        self.material = material
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

    /// A model from its parts, casting and receiving shadows, without levels of detail by default.
    public init(parts: [ModelPart], castsShadow: Bool = true, receivesShadow: Bool = true, levelsOfDetail: [LevelOfDetail] = []) {
        self.parts = parts
        self.castsShadow = castsShadow
        self.receivesShadow = receivesShadow
        self.levelsOfDetail = levelsOfDetail
    }

    /// A model of one part: `mesh` drawn with `material`.
    public init(mesh: Mesh, material: Material) { self.init(parts: [ModelPart(mesh: mesh, material: material)]) }

    /// Local-space bounds of all parts.
    public var bounds: BoundingBox {
        parts.reduce(into: BoundingBox.empty) { $0.formUnion($1.mesh.bounds) }
    }
}
