/// Where an entity is relative to another, as steps through the tree: up `levelsUp` parents,
/// then down through `childIndices` (each an index into `children`). Skins and animation clips
/// name their joints and targets this way, so a clone of a model (the same shape of tree) finds
/// its own entities, and moving the whole model elsewhere changes nothing.
public struct EntityPath: Hashable, Sendable {
    /// Parents to go up first.
    public var levelsUp: Int
    /// Children to go down through, in order.
    public var childIndices: [Int]

    /// A path of `levelsUp` parents up, then down through `childIndices`.
    public init(levelsUp: Int = 0, childIndices: [Int]) {
        self.levelsUp = levelsUp
        self.childIndices = childIndices
    }

    /// The entity this path leads to from `start`; nil when a parent or child it names is missing.
    public func resolve(from start: Entity) -> Entity? {
        var entity = start
        for _ in 0..<levelsUp {
            guard let parent = entity.parent else { return nil }
            entity = parent
        }
        for index in childIndices {
            guard entity.children.indices.contains(index) else { return nil }
            entity = entity.children[index]
        }
        return entity
    }

    /// The path from `ancestor` down to `entity` (nil when `ancestor` is neither `entity` nor one
    /// of its ancestors).
    public static func down(from ancestor: Entity, to entity: Entity) -> EntityPath? {
        var indices: [Int] = []
        var e = entity
        while e !== ancestor {
            guard let parent = e.parent, let i = parent.children.firstIndex(where: { $0 === e }) else { return nil }
            indices.append(i)
            e = parent
        }
        return EntityPath(childIndices: indices.reversed())
    }
}
