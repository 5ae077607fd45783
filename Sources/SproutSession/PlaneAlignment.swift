/// Which way a plane lies: `horizontal` faces up (floors, tables), `vertical` is a wall.
public enum PlaneAlignment: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical
}
