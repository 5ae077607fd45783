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

/// The scene flattened for one frame: opaque first, transparent back to front.
struct DrawList {
    var opaque: [DrawItem] = []
    var transparent: [DrawItem] = []
    var casterBounds = BoundingBox.empty
    var allBounds = BoundingBox.empty

    init(scene: Scene, eye: Vec3) {
        scene.root.visit { entity in
            guard entity.isEnabled else { return false }
            guard let model = entity.model else { return true }
            let world = entity.worldMatrix
            for part in model.parts {
                let bounds = part.mesh.bounds.transformed(by: world)
                let casts = model.castsShadow && part.material.castsShadow && !part.material.isUnlit
                let item = DrawItem(mesh: part.mesh, material: part.material, world: world, castsShadow: casts, worldBounds: bounds)
                if part.material.blending == .transparent { transparent.append(item) } else { opaque.append(item) }
                allBounds.formUnion(bounds)
                if casts { casterBounds.formUnion(bounds) }
            }
            return true
        }
        transparent.sort { distance($0.worldBounds.center, eye) > distance($1.worldBounds.center, eye) }
    }
}
