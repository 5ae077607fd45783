import SproutMath

/// Identifies an anchor for the lifetime of a session; deterministic (issued by a counter),
/// so traces are reproducible.
public struct AnchorIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "anchor-\(rawValue)" }
}

/// A fixed pose in the world that the session tracks. The session subclasses it for planes,
/// images, codes and geographic locations; the scene only needs the pose.
open class Anchor {
    public let identifier: AnchorIdentifier
    public var name: String
    /// Anchor-to-world.
    public var transform: Matrix4

    public init(identifier: AnchorIdentifier, name: String = "", transform: Matrix4) {
        self.identifier = identifier
        self.name = name
        self.transform = transform
    }
}

/// An entity pinned to an anchor: `Scene.update` copies the anchor's pose into it each frame,
/// so content added under it moves when the session refines the anchor.
public final class AnchorEntity: Entity {
    public let anchor: Anchor

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
