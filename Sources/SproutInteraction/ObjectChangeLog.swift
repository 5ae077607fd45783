/// Which placed objects moved or turned, in order, so object hit tests refresh just those
/// boxes. One per world (its `ObjectHitTester`); an object writes to the log of the world it
/// was placed in. Like the rest of a world, it belongs to one thread.
final class ObjectChangeLog {
    /// Entries kept; a reader further behind scans every object instead.
    static let limit = 4096

    private(set) var generation: UInt64 = 0
    private(set) var entries: [(generation: UInt64, object: ObjectIdentifier)] = []

    func note(_ object: VirtualObject) {
        generation &+= 1
        entries.append((generation, ObjectIdentifier(object)))
        if entries.count > Self.limit { entries.removeFirst(Self.limit / 2) }
    }
}
