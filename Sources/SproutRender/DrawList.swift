import SproutMath
import SproutScene

/// One mesh to draw with its material and world matrix.
struct DrawItem {
    let mesh: Mesh
    let material: Material
    let world: Matrix4
    let worldBounds: BoundingBox
    /// The pose of a skinned or morphed model (nil for a rigid one).
    var deformation: MeshDeformation? = nil
}

/// The scene flattened for one frame, in two layers (the backdrop and the content, which the
/// renderer interleaves: `Renderer.render`), each opaque front to back and transparent back to
/// front.
struct DrawList {
    struct Layer {
        var opaque: [DrawItem] = []
        var transparent: [DrawItem] = []
        /// Drawn last, blended, ignoring depth (`Material.drawsOnTop`), in scene order.
        var onTop: [DrawItem] = []
        var isEmpty: Bool { opaque.isEmpty && transparent.isEmpty && onTop.isEmpty }

        /// The opaque items alone.
        var opaqueOnly: Layer { Layer(opaque: opaque) }
        /// All but the opaque items.
        var withoutOpaque: Layer { Layer(transparent: transparent, onTop: onTop) }

        /// The layer in the order `viewpoint` draws it: transparent back to front, opaque front
        /// to back (the depth test then rejects hidden fragments before they are shaded: llvmpipe
        /// tests depth early, which is most of a dense garden's fragments). Sorts on the distance
        /// to the bounds' centre, ties in scene order. The items' positions are sorted, not the
        /// items: a draw item is some 600 bytes and two dozen references (its material), which a
        /// field of a thousand plants moved and copied for a few milliseconds a frame.
        func sorted(from viewpoint: Viewpoint) -> Layer {
            func byDistance(_ items: [DrawItem], farFirst: Bool) -> [DrawItem] {
                let keys = items.map { viewpoint.distance(to: $0.worldBounds.center) }
                let order = items.indices.sorted { keys[$0] != keys[$1] ? (keys[$0] < keys[$1]) != farFirst : $0 < $1 }
                return order.map { items[$0] }
            }
            return Layer(opaque: byDistance(opaque, farFirst: false), transparent: byDistance(transparent, farFirst: true), onTop: onTop)
        }
    }

    var backdrop = Layer()
    var content = Layer()
    /// The backdrop at full detail in scene order, whatever the view: what the environment
    /// probe draws (sorted from its own position) and what decides whether it must be drawn
    /// again, neither of which may change when only the camera does.
    private(set) var probeBackdrop = Layer()
    var casterBounds = BoundingBox.empty
    var allBounds = BoundingBox.empty

    /// Shadow casters in scene order (backdrop, then content), whatever the view: the shadow
    /// map's inputs must not change when only the camera does.
    private(set) var casters: [DrawItem] = []

    /// Punctual lights of both layers where they are this frame, in scene order, all of them
    /// (`PlacedLight`; `lights(budgetedAt:)` keeps what one frame draws).
    private(set) var lights: [PlacedLight] = []

    /// The lights drawn from `eye`: all of them within `PunctualLight.budget`, else the ones
    /// giving the most light at `eye`, in scene order (ties too, so the choice is stable).
    func lights(budgetedAt eye: Vec3) -> [PlacedLight] {
        guard lights.count > PunctualLight.budget else { return lights }
        let lux = lights.map { $0.illuminance(at: eye) }
        let ranked = lights.indices.sorted { lux[$0] != lux[$1] ? lux[$0] > lux[$1] : $0 < $1 }
        return ranked.prefix(PunctualLight.budget).sorted().map { lights[$0] }
    }

    /// Triangles in the two layers (after culling, at the levels of detail chosen).
    var triangleCount: Int {
        // Summed list by list: joining them would copy every item (and its material's references).
        var sum = 0
        for layer in [backdrop, content] {
            for items in [layer.opaque, layer.transparent, layer.onTop] { sum += items.reduce(0) { $0 + $1.mesh.triangleCount } }
        }
        return sum
    }

    /// Meshes left out of the layers by the last `cull`.
    private(set) var culledCount = 0

    /// Drops from the layers (not from the shadow casters: a caster out of view can still cast
    /// into it) every item the frustum cannot contain.
    mutating func cull(by frustum: Frustum) {
        func keep(_ items: inout [DrawItem]) {
            let before = items.count
            items.removeAll { !frustum.mayContain($0.worldBounds) }
            culledCount += before - items.count
        }
        keep(&backdrop.opaque); keep(&backdrop.transparent)
        keep(&content.opaque); keep(&content.transparent)
    }

    /// `detail` picks each model's level of detail as the camera sees it (nil: full parts).
    init(scene: Scene, viewpoint: Viewpoint, detail: DetailSelector? = nil) {
        let backdropLayers = collect(scene.backdrop, detail: detail, fullDetail: true)
        backdrop = backdropLayers.drawn.sorted(from: viewpoint)
        probeBackdrop = backdropLayers.full
        content = collect(scene.root, detail: detail, fullDetail: false).drawn.sorted(from: viewpoint)
    }

    /// The layer under `root` in scene order, as `detail` picks each model's parts, and, when
    /// `fullDetail` asks for it, with every model's full parts.
    private mutating func collect(_ root: Entity, detail: DetailSelector?, fullDetail: Bool) -> (drawn: Layer, full: Layer) {
        var layer = Layer(), full = Layer()
        // Parts are read in place and each item moved into its list: a material is two dozen
        // references, each copy of it a retain and a release of each (a thousand plants' parts
        // copied five times a frame cost the field milliseconds of its main thread).
        func add(_ item: consuming DrawItem, to layer: inout Layer) {
            if item.material.drawsOnTop {
                layer.onTop.append(item)
            } else if item.material.blending == .transparent || item.material.transmission > 0 {
                layer.transparent.append(item)
            } else {
                layer.opaque.append(item)
            }
        }
        root.visit { entity in
            guard entity.isEnabled else { return false }
            if let light = entity.light {
                let world = entity.presentedWorldMatrix
                lights.append(PlacedLight(light: light, position: world.translation, direction: -world.columns.2.xyz))
            }
            guard let model = entity.model else { return true }
            let world = entity.presentedWorldMatrix
            // Posed once per entity; bounds from the pose (`Mesh.bounds(deformedBy:skin:)`).
            let deformation = model.isDeformable ? entity.deformation : nil
            func box(_ mesh: Mesh) -> BoundingBox {
                (deformation.map { mesh.bounds(deformedBy: $0, skin: model.skin) } ?? mesh.bounds).transformed(by: world)
            }
            // Bounds and shadows from the full parts, so neither changes when only the camera does.
            let parts = model.parts
            let fullBoxes = parts.map { box($0.mesh) }
            for i in parts.indices {
                let bounds = fullBoxes[i]
                let casts = model.castsShadow && parts[i].material.castsShadow && !parts[i].material.isUnlit
                allBounds.formUnion(bounds)
                if casts { casterBounds.formUnion(bounds) }
                // A blended surface casts as much as it is opaque (the renderer dithers it); a
                // transmissive one casts in full (Sprout's shadows are not coloured; a path tracer's
                // glass casts a faint, tinted one, nearer full than none).
                let isCaster = casts && !parts[i].material.drawsOnTop
                guard isCaster || fullDetail else { continue }
                let item = DrawItem(mesh: parts[i].mesh, material: parts[i].material, world: world, worldBounds: bounds, deformation: deformation)
                if fullDetail { add(item, to: &full) }
                if isCaster { casters.append(item) }
            }
            var drawn = parts, drawnBoxes = fullBoxes
            if let detail, !model.levelsOfDetail.isEmpty {
                drawn = model.parts(forScreenHeight: detail.screenHeight(of: model.bounds(deformedBy: deformation).transformed(by: world)))
                // A level's meshes are other meshes: their own boxes (the full parts' are reused).
                if !drawn.elementsEqual(parts, by: { $0.mesh === $1.mesh }) { drawnBoxes = drawn.map { box($0.mesh) } }
            }
            for i in drawn.indices {
                add(
                    DrawItem(mesh: drawn[i].mesh, material: drawn[i].material, world: world, worldBounds: drawnBoxes[i], deformation: deformation),
                    to: &layer)
            }
            return true
        }
        return (layer, full)
    }
}

/// How large a model looks: the fraction of the view's height its bounding sphere spans.
struct DetailSelector {
    let viewMatrix: Matrix4
    /// The camera's projection (how tall the view is at a depth).
    let projection: Projection

    func screenHeight(of bounds: BoundingBox) -> Float {
        let radius = bounds.boundingRadius
        let center = viewMatrix * Vec4(bounds.center, 1)
        // From inside the sphere (or nearly) the model fills the view.
        let depth = max(-center.z, radius, 1e-4)
        return radius / max(projection.halfHeight(atDepth: depth), 1e-4 * depth)
    }
}
