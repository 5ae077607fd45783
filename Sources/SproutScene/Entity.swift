import SproutMath

/// A node of the scene graph: a transform relative to its parent, children, and optional components.
///
/// The vocabulary follows three.js and RealityKit: `addChild`, `removeFromParent`,
/// `setParent(_:preservingWorldTransform:)`, `visit`, `convert(position:from:)`.
/// Hierarchy lives here; drawing, anchoring and animation are components or systems beside it.
open class Entity {
    /// A label, used by `findEntity(named:)`, traces and debugging; need not be unique and may be empty.
    public var name: String
    /// Local transform, relative to the parent: the model value, which rules read. During a
    /// transaction animation it already holds the animation's target (as a SceneKit node's
    /// `position` does), while `presentation` moves towards it.
    public var transform: Transform { didSet { transformChanged() } }
    /// What is drawn and hit-tested while a transaction animation runs (SceneKit's presentation
    /// node): the local transform on its way to `transform`. nil when nothing animates it.
    public internal(set) var presentation: Transform? { didSet { transformChanged() } }
    /// Counts changes of `transform` and `presentation`, so caches of derived values (world
    /// boxes) know when to recompute without comparing matrices.
    public private(set) var transformVersion: UInt64 = 0
    /// The parent, which owns this entity. Not `weak`: a weak reference gives its target a side
    /// table, and every retain of a side-tabled object takes Swift's slow path (hit tests over
    /// a thousand objects spent most of their time there). A parent holds its children strongly
    /// and clears their `parent` when it goes (`deinit`), so the reference never dangles.
    public private(set) unowned(unsafe) var parent: Entity?
    /// The children in the order they were added; change them with `addChild` and `removeChild`.
    public private(set) var children: [Entity] = []
    /// Disabled entities and their descendants are neither drawn nor hit.
    public var isEnabled = true
    /// Unselectable entities and their descendants are drawn but skipped by hit tests: a tap
    /// passes through them to what lies behind (a glTF node's KHR_node_selectability
    /// `selectable: false`; an object's box for taps covers only its selectable parts).
    public var isSelectable = true
    /// What to draw, if anything.
    public var model: ModelComponent?
    /// A light here, shining along this entity's -Z, if any (a glTF node's KHR_lights_punctual light).
    public var light: PunctualLight?
    /// A camera here, looking down this entity's -Z, if any (a glTF node's camera): how it sees.
    public var cameraLens: CameraLens?
    /// Animation clips whose paths start here (an imported model's clips are on its root), for an `AnimationPlayer`.
    public var animationClips: [AnimationClip] = []
    /// The names of the material variants of the model rooted here (glTF KHR_materials_variants),
    /// in its file's order: an imported model's root has them. `selectMaterialVariant(_:)` picks one.
    public var materialVariants: [String] = []
    /// The variant `selectMaterialVariant(_:)` last chose here; nil: the default materials.
    public internal(set) var materialVariant: String?

    /// An entity with no parent, the given local transform and, optionally, something to draw.
    public init(name: String = "", transform: Transform = .identity, model: ModelComponent? = nil) {
        self.name = name
        self.transform = transform
        self.model = model
    }

    deinit {
        for child in children { child.parent = nil }
    }

    /// Called after `transform` or `presentation` changes (subclasses that track moves override it).
    open func transformChanged() { transformVersion &+= 1 }

    /// Called when something below this entity changed shape or pose without this entity's
    /// transform changing (an `AnimationPlayer` posed its model; call it after setting morph
    /// weights by hand): passes the word up, so an ancestor that caches its bounds (a placed
    /// object) can recompute them.
    open func contentChanged() { parent?.contentChanged() }

    // MARK: Hierarchy

    /// Adds `child` (removing it from its old parent first); its local transform is kept.
    public func addChild(_ child: Entity) {
        precondition(child !== self && !child.isAncestor(of: self), "addChild would create a cycle")
        child.removeFromParent()
        child.parent = self
        children.append(child)
    }

    /// Detaches `child`, which keeps its local transform; does nothing when it is not a child of this entity.
    public func removeChild(_ child: Entity) {
        guard let i = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: i)
        child.parent = nil
    }

    /// Detaches this entity from its parent, if it has one; its local transform is kept.
    public func removeFromParent() { parent?.removeChild(self) }

    /// Reparents; with `preservingWorldTransform` the entity stays where it is in the world
    /// (three.js `attach`).
    public func setParent(_ newParent: Entity?, preservingWorldTransform: Bool = false) {
        let world = worldMatrix
        if let newParent { newParent.addChild(self) } else { removeFromParent() }
        if preservingWorldTransform { setWorldMatrix(world) }
    }

    /// A copy of this entity (and with `recursive`, of its subtree) as plain `Entity`s: names,
    /// transforms, enabled and selectable flags, model components, lights, camera lenses, animation clips and variant names are copied (skins
    /// and clips name entities by path, so a clone's find the clone's own); meshes, materials and textures
    /// are shared (they are immutable), so a clone costs no geometry and no GPU memory.
    /// State of subclasses (anchors, virtual objects) is not copied.
    public final func clone(recursive: Bool = true) -> Entity {
        let copy = Entity(name: name, transform: transform, model: model)
        copy.isEnabled = isEnabled
        copy.isSelectable = isSelectable
        copy.light = light
        copy.cameraLens = cameraLens
        copy.animationClips = animationClips
        copy.materialVariants = materialVariants
        copy.materialVariant = materialVariant
        if recursive { for child in children { copy.addChild(child.clone(recursive: true)) } }
        return copy
    }

    /// True when this entity is `other`'s parent, grandparent, and so on (false for `other` itself).
    public func isAncestor(of other: Entity) -> Bool {
        var p = other.parent
        while let e = p {
            if e === self { return true }
            p = e.parent
        }
        return false
    }

    /// Depth-first, parents before children. Return `false` from `body` to skip a subtree.
    public func visit(_ body: (Entity) -> Bool) {
        guard body(self) else { return }
        for c in children { c.visit(body) }
    }

    /// Every entity of the subtree, this one first.
    public var descendants: [Entity] {
        var all: [Entity] = []
        visit {
            all.append($0); return true
        }
        return all
    }

    /// The first entity of the subtree, this one included, whose name is `name`, depth-first; nil when none is.
    public func findEntity(named name: String) -> Entity? { firstEntity { $0.name == name } }

    /// The first entity of each name in this subtree, as `findEntity(named:)` finds it, made in
    /// one walk: for looking up many names (a file's cameras, lights, animated nodes, joints)
    /// without a walk of the tree for each (32,000 of a COLLADA file's cameras had taken minutes).
    public func firstEntitiesByName() -> [String: Entity] {
        var byName: [String: Entity] = [:]
        visit { e in
            if byName[e.name] == nil { byName[e.name] = e }
            return true
        }
        return byName
    }

    /// The first entity of this subtree, this one first (depth first, children in order), that
    /// `matches`; nil when none does.
    public func firstEntity(where matches: (Entity) -> Bool) -> Entity? {
        var found: Entity?
        visit { e in
            if found == nil && matches(e) { found = e }
            return found == nil
        }
        return found
    }

    /// Enabled here and in every ancestor.
    public var isEnabledInHierarchy: Bool {
        var e: Entity? = self
        while let x = e {
            if !x.isEnabled { return false }
            e = x.parent
        }
        return true
    }

    // MARK: Transforms

    /// Local-to-world matrix (walks up the parents; trees here are shallow).
    public var worldMatrix: Matrix4 { composed { $0.transform } }

    /// The local transform as drawn: `presentation` while a transaction animation runs, else `transform`.
    public var presentedTransform: Transform { presentation ?? transform }

    /// Local-to-world matrix as drawn and hit-tested (every ancestor's presented transform too).
    public var presentedWorldMatrix: Matrix4 { composed { $0.presentedTransform } }

    /// This entity's `local` transform and every ancestor's, composed.
    @inline(__always)
    private func composed(_ local: (Entity) -> Transform) -> Matrix4 {
        var m = local(self).matrix
        var p = parent
        while let e = p {
            m = local(e).matrix * m
            p = e.parent
        }
        return m
    }

    /// Sets the local transform so that the entity's world matrix becomes `world` (an affine matrix without shear),
    /// given the parent's current world matrix; with no parent, `world` becomes the local transform.
    public func setWorldMatrix(_ world: Matrix4) {
        let parentWorld = parent?.worldMatrix ?? .identity
        transform = Transform(matrix: (parentWorld.inverse ?? .identity) * world)
    }

    /// The origin in world space. Setting it moves only the local translation (in the parent's
    /// space), leaving orientation and scale exactly as they are.
    public var worldPosition: Vec3 {
        get { worldMatrix.translation }
        set { transform.translation = parent.flatMap { $0.worldMatrix.inverse }?.transformPoint(newValue) ?? newValue }
    }

    /// A point in `other`'s space (world when nil) expressed in this entity's space.
    public func convert(position: Vec3, from other: Entity?) -> Vec3 {
        let world = other?.worldMatrix.transformPoint(position) ?? position
        return (worldMatrix.inverse ?? .identity).transformPoint(world)
    }

    /// A point in this entity's space expressed in `other`'s space (world when nil).
    public func convert(position: Vec3, to other: Entity?) -> Vec3 {
        let world = worldMatrix.transformPoint(position)
        guard let other else { return world }
        return (other.worldMatrix.inverse ?? .identity).transformPoint(world)
    }

    // MARK: Bounds

    /// Bounds of the models in this subtree as drawn, in `reference`'s space (world when nil).
    /// With `posed` false, skinned and morphed meshes count as stored (bind pose, no targets):
    /// what fitting and standing a model use, so that a clip's time never moves or rescales it.
    /// With `selectableOnly`, unselectable subtrees (`isSelectable`) are left out: what a tap hits.
    public func visualBounds(relativeTo reference: Entity? = nil, posed: Bool = true, selectableOnly: Bool = false) -> BoundingBox {
        let toReference = reference.flatMap { $0.presentedWorldMatrix.inverse } ?? .identity
        var box = BoundingBox.empty
        visit { e in
            guard e.isEnabled, e.isSelectable || !selectableOnly else { return false }
            if let model = e.model {
                box.formUnion(model.bounds(deformedBy: posed && model.isDeformable ? e.deformation : nil).transformed(by: toReference * e.presentedWorldMatrix))
            }
            return true
        }
        return box
    }
}
