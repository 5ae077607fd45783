import SproutDocument

/// Which way a plane lies: `horizontal` faces up (floors, tables), `vertical` is a wall.
public enum PlaneAlignment: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical
}

extension PlaneAlignment {
    /// The alignments an object accepts, as scripts, scenes and the catalog write them:
    /// `horizontal`, `vertical` or `any` (both; the sample's sticky note).
    public static func allowed(_ v: DocumentValue) throws(DocumentError) -> Set<PlaneAlignment> {
        switch try v.choice(["horizontal", "vertical", "any"]) {
        case "horizontal": [.horizontal]
        case "vertical": [.vertical]
        default: [.horizontal, .vertical]
        }
    }
}
