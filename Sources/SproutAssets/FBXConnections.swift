#if canImport(Glibc)
import Glibc
#endif

/// The object hierarchy of an FBX file, read before Assimp sees it (issue 30, item 6): FBX keeps
/// its node tree as connections (`C: "OO", child, parent`) that Assimp 5.2 turns into nodes by
/// recursion, so a chain 50,000 deep in a few hundred kilobytes ends the process inside Assimp.
/// Only the `Connections` section is read (binary FBX: its records; ASCII FBX: its `C:` lines);
/// the longest chain from an object up to the root must stay within the node-depth limit (with
/// room for the geometry, material and texture links that hang below the deepest model).
enum FBXConnections {
    /// Links below a model that are not nodes (geometry, deformer, material, texture, video).
    static let slack = 8
    static let binaryMagic = Array("Kaydara FBX Binary  ".utf8) + [0]

    /// A connection's property naming a blend shape channel's weight: an animation curve
    /// linked to it (`C: "OP", curveNode, channel, "DeformPercent"`) animates a morph target,
    /// which Assimp 5.2 does not read.
    static let morphWeightProperty = "DeformPercent"

    /// Object links, and how many of them animate a blend shape's weight.
    struct Links {
        var links: [(child: Int64, parent: Int64)] = []
        /// The object-to-object ("OO") links among `links`: the node tree, skins and materials.
        var objectLinks: [(child: Int64, parent: Int64)] = []
        var morphAnimations = 0
    }

    /// Throws when the chain of connections is deeper than `limits.maximumNodeDepth` + `slack`,
    /// or when a binary file's records run past its end. Returns what the file has that Assimp
    /// drops without a word (morph animations), one line each.
    static func check(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String, limits: ModelLimits) throws(ModelImportError) -> [String] {
        var head = [UInt8](repeating: 0, count: 27)
        let n = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, 27, file) }
        let found: Links
        if n == 27, Array(head[0..<21]) == binaryMagic {
            let version = UInt32(head[23]) | UInt32(head[24]) << 8 | UInt32(head[25]) << 16 | UInt32(head[26]) << 24
            found = try binaryLinks(file, size: size, wide: version >= 7500, shown: shown)
        } else {
            fseeko(file, 0, SEEK_SET)
            found = asciiLinks(file)
        }
        let links = found.links
        // Assimp follows a model's parents and a bone's by recursion: objects that are their own
        // ancestors (3000 under 3001 under 3000, found by mutation) overflowed its stack.
        if let looped = cycle(in: found.objectLinks) {
            throw .malformed(path: shown, reason: "its objects connect in a cycle (object \(looped) is its own ancestor)")
        }
        // The same object link twice (a skin's cluster, found by mutation) made Assimp free its
        // bone twice.
        var seen = Set<[Int64]>()
        for link in found.objectLinks where !seen.insert([link.child, link.parent]).inserted {
            throw .malformed(path: shown, reason: "object \(link.child) is connected to object \(link.parent) twice")
        }
        let depth = longestChain(links)
        let limit = limits.maximumNodeDepth + slack
        if depth > limit {
            throw .exceedsLimit(
                path: shown,
                what:
                    "its objects connect in a chain \(depth) deep, more than the limit of \(limits.maximumNodeDepth) levels (+\(slack) for geometry and materials)"
            )
        }
        guard found.morphAnimations > 0 else { return [] }
        return [
            "has \(found.morphAnimations) blend shape (morph target) animation curve(s), which Assimp 5.2 does not read: the shapes do not move"
        ]
    }

    /// An object on a cycle of `links` (one that is its own ancestor, or its own parent: Assimp
    /// recursed on that too); nil when they form no cycle.
    static func cycle(in links: [(child: Int64, parent: Int64)]) -> Int64? {
        if let own = links.first(where: { $0.child == $0.parent }) { return own.child }
        var found: Int64?
        walkUp(parents(links)) { up in
            found = up
            return true
        } finished: { _, _ in
        }
        return found
    }

    /// The longest parent chain, counted in links; a cycle ends a chain.
    static func longestChain(_ links: [(child: Int64, parent: Int64)]) -> Int {
        var depth: [Int64: Int] = [:]
        walkUp(parents(links.filter { $0.child != $0.parent })) { _ in
            false
        } finished: { id, ups in
            depth[id] = ups.isEmpty ? 0 : 1 + ups.map { depth[$0] ?? 0 }.max()!
        }
        return depth.values.max() ?? 0
    }

    /// Each child's parents.
    private static func parents(_ links: [(child: Int64, parent: Int64)]) -> [Int64: [Int64]] {
        var parents: [Int64: [Int64]] = [:]
        for link in links { parents[link.child, default: []].append(link.parent) }
        return parents
    }

    /// Walks up `parents` from every object, in id order (the same cycle named every run).
    private static func walkUp(_ parents: [Int64: [Int64]], onCycle: (Int64) -> Bool, finished: (Int64, [Int64]) -> Void) {
        var done: Set<Int64> = []
        GraphWalk.depthFirst(parents, from: parents.keys.sorted(), done: &done, onCycle: onCycle, finished: finished)
    }

    /// Binary FBX: top-level records from byte 27 (each says where it ends), into `Connections`.
    static func binaryLinks(_ file: UnsafeMutablePointer<FILE>, size: Int, wide: Bool, shown: String) throws(ModelImportError) -> Links {
        let word = wide ? 8 : 4
        var offset = 27
        while offset + 3 * word + 1 <= size {
            fseeko(file, off_t(offset), SEEK_SET)
            var header = [UInt8](repeating: 0, count: 3 * word + 1)
            guard header.withUnsafeMutableBytes({ fread($0.baseAddress, 1, $0.count, file) }) == header.count else { break }
            let end = Int(clamping: read(header, at: 0, word))
            if end == 0 { break }   // the list's closing null record
            guard end > offset, end <= size else {
                throw .malformed(path: shown, reason: "an FBX record at byte \(offset) says it ends at \(end), outside the file (\(size) bytes)")
            }
            let nameLength = Int(header[3 * word])
            var name = [UInt8](repeating: 0, count: nameLength)
            _ = name.withUnsafeMutableBytes { fread($0.baseAddress, 1, nameLength, file) }
            if name == Array("Connections".utf8) {
                var body = [UInt8](repeating: 0, count: end - offset)
                fseeko(file, off_t(offset), SEEK_SET)
                guard body.withUnsafeMutableBytes({ fread($0.baseAddress, 1, $0.count, file) }) == body.count else { break }
                return connections(in: body, startingAt: offset, word: word)
            }
            offset = end
        }
        return Links()
    }

    /// The `C` records nested in a `Connections` record (`body`, which starts at file offset
    /// `base`: records give their ends as file offsets): each one's first two integer properties
    /// are the child's and the parent's ids, a string property after them the parent's property
    /// the link drives.
    static func connections(in body: [UInt8], startingAt base: Int, word: Int) -> Links {
        var result = Links()
        let header = 3 * word + 1
        guard body.count >= header else { return result }
        // A property list longer than the record (up to 2^64 - 1 in an 8-byte field) would
        // overflow the offset: nothing of such a record is read.
        let propertyBytes = Int(clamping: read(body, at: 2 * word, word))
        guard propertyBytes <= body.count else { return result }
        var offset = header + Int(body[3 * word]) + propertyBytes
        while offset + header <= body.count {
            let end = Int(clamping: read(body, at: offset, word)) - base
            guard end > offset, end <= body.count else { break }   // the null record, or a malformed one
            let properties = Int(clamping: read(body, at: offset + word, word))
            let nameLength = Int(body[offset + 3 * word])
            var p = offset + header + nameLength
            var ids: [Int64] = []
            var drivesMorphWeight = false, objectToObject = false
            for _ in 0..<min(properties, 8) where p < end {
                let type = body[p]
                p += 1
                switch type {
                case UInt8(ascii: "L"): if p + 8 <= end { ids.append(Int64(bitPattern: read(body, at: p, 8))) }; p += 8
                case UInt8(ascii: "I"): if p + 4 <= end { ids.append(Int64(Int32(bitPattern: UInt32(read(body, at: p, 4))))) }; p += 4
                case UInt8(ascii: "S"), UInt8(ascii: "R"):
                    let length = p + 4 <= end ? Int(read(body, at: p, 4)) : end
                    if type == UInt8(ascii: "S"), length == Self.morphWeightBytes.count, p + 4 + length <= end,
                        body[(p + 4)..<(p + 4 + length)].elementsEqual(Self.morphWeightBytes)
                    {
                        drivesMorphWeight = true
                    }
                    if type == UInt8(ascii: "S"), ids.isEmpty, length == 2, p + 6 <= end, body[p + 4] == UInt8(ascii: "O"), body[p + 5] == UInt8(ascii: "O") {
                        objectToObject = true
                    }
                    p += 4 + length
                case UInt8(ascii: "Y"): p += 2
                case UInt8(ascii: "C"): p += 1
                case UInt8(ascii: "F"): p += 4
                case UInt8(ascii: "D"): p += 8
                default: p = end   // arrays do not appear in connections
                }
            }
            if ids.count >= 2 {
                result.links.append((ids[0], ids[1]))
                if objectToObject { result.objectLinks.append((ids[0], ids[1])) }
            }
            if drivesMorphWeight { result.morphAnimations += 1 }
            offset = end
        }
        return result
    }

    private static let morphWeightBytes = Array(morphWeightProperty.utf8)

    /// ASCII FBX: every `C: "OO",child,parent` (or `"OP"`, with its property) line, streamed.
    static func asciiLinks(_ file: UnsafeMutablePointer<FILE>) -> Links {
        var result = Links()
        _ = FileLines.each(file) { line in
            let text = line.drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("C:") else { return .next }
            let fields = text.dropFirst(2).split(separator: ",").map { $0.trimmed(of: " \t\r\"") }
            if fields.count >= 3, fields[0] == "OO" || fields[0] == "OP", let child = Int64(fields[1]), let parent = Int64(fields[2]) {
                result.links.append((child, parent))
                if fields[0] == "OO" { result.objectLinks.append((child, parent)) }
                if fields[0] == "OP", fields.count >= 4, fields[3] == Self.morphWeightProperty { result.morphAnimations += 1 }
            }
            return .next
        }
        return result
    }

    /// A little-endian unsigned integer of `width` bytes at `offset`.
    static func read(_ bytes: [UInt8], at offset: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<width).reversed() where offset + i < bytes.count { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }
}
