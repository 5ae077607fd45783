import SproutMath

/// Identifies an anchor for the lifetime of a session; deterministic (issued by a counter),
/// so traces are reproducible.
public struct AnchorIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The counter value the session issued this identifier with.
    public let rawValue: Int
    /// The identifier with counter value `rawValue`.
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// Orders identifiers by counter value, that is, by the order the session issued them.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    /// `anchor-N`, as traces write it.
    public var description: String { "anchor-\(rawValue)" }
}

/// A fixed pose in the world that the session tracks. The session subclasses it for planes,
/// images, codes and geographic locations; the scene only needs the pose.
open class Anchor {
    /// The anchor's identity, fixed for the session's lifetime.
    public let identifier: AnchorIdentifier
    /// A label for people and traces; may be empty. An `AnchorEntity` takes it as its name by default.
    public var name: String
    /// Anchor-to-world.
    public var transform: Matrix4

    /// An anchor with the given identity, label and anchor-to-world pose.
    public init(identifier: AnchorIdentifier, name: String = "", transform: Matrix4) {
        self.identifier = identifier
        self.name = name
        self.transform = transform
    }
}

/// An entity pinned to an anchor: `Scene.update` copies the anchor's pose into it each frame,
/// so content added under it moves when the session refines the anchor.
public final class AnchorEntity: Entity {
    /// The anchor whose pose this entity follows.
    public let anchor: Anchor

    /// An entity at `anchor`'s current pose, named `name` or, when that is empty, after the anchor.
    /// Add it to the scene's root: its transform is taken as world space.
    public init(anchor: Anchor, name: String = "") {
        self.anchor = anchor
        super.init(name: name.isEmpty ? anchor.name : name, transform: Transform(matrix: anchor.transform))
    }

    /// Pulls the anchor's current pose (world space: anchor entities are children of the root).
    public func synchronize() {
        let pose = Transform(matrix: anchor.transform)
        if pose != transform { transform = pose }
    }

    /// What hangs under an anchor moves with it: its children hear of it too (their world
    /// boxes, cached by hit testers, are stale).
    public override func transformChanged() {
        super.transformChanged()
        for child in children { child.transformChanged() }
    }
}
