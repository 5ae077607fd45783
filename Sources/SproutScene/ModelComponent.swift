import SproutMath

/// One mesh drawn with one material.
public struct ModelPart: Sendable {
    public var mesh: Mesh
    public var material: Material

    public init(mesh: Mesh, material: Material) {
        self.mesh = mesh
        self.material = material
    }
}

/// Makes an entity drawable.
public struct ModelComponent: Sendable {
    public var parts: [ModelPart]
    public var castsShadow: Bool
    public var receivesShadow: Bool
    /// Cheaper versions drawn when the model looks small (`LevelOfDetail`); none by default.
    public var levelsOfDetail: [LevelOfDetail]

    public init(parts: [ModelPart], castsShadow: Bool = true, receivesShadow: Bool = true, levelsOfDetail: [LevelOfDetail] = []) {
        self.parts = parts
        self.castsShadow = castsShadow
        self.receivesShadow = receivesShadow
        self.levelsOfDetail = levelsOfDetail
    }

    public init(mesh: Mesh, material: Material) { self.init(parts: [ModelPart(mesh: mesh, material: material)]) }

    /// Local-space bounds of all parts.
    public var bounds: BoundingBox {
        parts.reduce(into: BoundingBox.empty) { $0.formUnion($1.mesh.bounds) }
    }
}
