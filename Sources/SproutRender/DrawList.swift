import SproutMath
import SproutScene

/// One mesh to draw with its material and world matrix.
struct DrawItem {
    let mesh: Mesh
    let material: Material
    let world: Matrix4
    let castsShadow: Bool
    let worldBounds: BoundingBox
}

/// The scene flattened for one frame, in two layers (the backdrop, then the content), each
/// opaque first and transparent back to front.
struct DrawList {
    struct Layer {
        var opaque: [DrawItem] = []
        var transparent: [DrawItem] = []
        /// Drawn last, blended, ignoring depth (`Material.drawsOnTop`), in scene order.
        var onTop: [DrawItem] = []
        var isEmpty: Bool { opaque.isEmpty && transparent.isEmpty && onTop.isEmpty }
    }

    var backdrop = Layer()
    var content = Layer()
    var casterBounds = BoundingBox.empty
    var allBounds = BoundingBox.empty

    var casters: [DrawItem] { (backdrop.opaque + content.opaque).filter(\.castsShadow) }

    init(scene: Scene, eye: Vec3) {
        backdrop = collect(scene.backdrop, eye: eye)
        content = collect(scene.root, eye: eye)
    }

    private mutating func collect(_ root: Entity, eye: Vec3) -> Layer {
        var layer = Layer()
        root.visit { entity in
            guard entity.isEnabled else { return false }
            guard let model = entity.model else { return true }
            let world = entity.worldMatrix
            for part in model.parts {
                let bounds = part.mesh.bounds.transformed(by: world)
                let casts = model.castsShadow && part.material.castsShadow && !part.material.isUnlit
                let item = DrawItem(mesh: part.mesh, material: part.material, world: world, castsShadow: casts, worldBounds: bounds)
                if part.material.drawsOnTop {
                    layer.onTop.append(item)
                } else if part.material.blending == .transparent {
                    layer.transparent.append(item)
                } else {
                    layer.opaque.append(item)
                }
                allBounds.formUnion(bounds)
                if casts { casterBounds.formUnion(bounds) }
            }
            return true
        }
        layer.transparent.sort { distance($0.worldBounds.center, eye) > distance($1.worldBounds.center, eye) }
        return layer
    }
}
