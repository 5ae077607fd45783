/// The materials one part takes in its file's named variants (glTF KHR_materials_variants:
/// a shoe in several colourways, a sofa in several fabrics, each a set of materials chosen
/// together by name).
public struct MaterialVariants: Sendable {
    /// The part's own material, taken back when no variant is chosen or one that does not
    /// list the part (the extension: such a primitive keeps its default material).
    public var defaultMaterial: Material
    /// The part's material in each variant that lists it, by the variant's name.
    public var byName: [String: Material]

    /// The part drawn with `defaultMaterial`, or with `byName[variant]` in the variants that list it.
    public init(defaultMaterial: Material, byName: [String: Material]) {
        self.defaultMaterial = defaultMaterial
        self.byName = byName
    }

    /// The part's material in `variant` (nil: the default).
    public func material(for variant: String?) -> Material {
        variant.flatMap { byName[$0] } ?? defaultMaterial
    }
}

extension Entity {
    /// Draws every part of this entity and its descendants, levels of detail included, with
    /// its material in `variant` (glTF KHR_materials_variants), or its default material when
    /// `variant` is nil or the part's file does not list it for that variant. Parts without
    /// variants keep their material. Returns how many parts have variants.
    @discardableResult
    public func selectMaterialVariant(_ variant: String?) -> Int {
        materialVariant = variant
        var parts = 0
        for entity in [self] + descendants {
            guard var model = entity.model else { continue }
            let before = parts
            func select(_ part: inout ModelPart) {
                guard let variants = part.variants else { return }
                part.material = variants.material(for: variant)
                parts += 1
            }
            for p in model.parts.indices { select(&model.parts[p]) }
            for l in model.levelsOfDetail.indices {
                for p in model.levelsOfDetail[l].parts.indices { select(&model.levelsOfDetail[l].parts[p]) }
            }
            if parts > before { entity.model = model }
        }
        return parts
    }

    /// The first entity of this subtree (this one first) with material variants: an imported
    /// model's root, wherever a placement put it. nil when none has.
    public var materialVariantsEntity: Entity? { firstEntity { !$0.materialVariants.isEmpty } }

    /// Selects the variant after the one chosen here, in `materialVariants`' order: the default
    /// materials, then each variant, then the default again. Returns the one now drawn (nil: the default).
    @discardableResult
    public func selectNextMaterialVariant() -> String? {
        let index = materialVariant.flatMap(materialVariants.firstIndex(of:)).map { $0 + 1 } ?? 0
        let next = index < materialVariants.count ? materialVariants[index] : nil
        selectMaterialVariant(next)
        return next
    }
}
