#if canImport(Glibc)
import Glibc
#endif

/// The lists in a PLY file's body (a face's vertex indices), measured before Assimp reads them.
/// Assimp 5.2 allocates for each list's declared length, so one face claiming 300,000,000
/// indices in a 200-byte file took 4 GB (found by mutation under AddressSanitizer): each list
/// may claim no more values than the bytes left after its count could hold, one byte each in
/// binary (the smallest type), two in ASCII (a digit and a separator). And Assimp takes a
/// face's vertex indices on trust: an index past the vertices, or an ASCII face whose list
/// count is not a whole number or whose line ends before its values (Assimp then makes a face
/// of no corners), crashed it later in post-processing (a bus error, found by mutation), so
/// those are refused, as is a body that ends before the instances its header declares.
enum PLYLists {
    /// How a property's values are stored, for reading a vertex index.
    enum ValueKind { case unsigned, signed, float }

    /// One property of an element: a value of `bytes` (binary), or a list whose count takes
    /// `countBytes` and whose values take `bytes` each.
    struct Property {
        var isList: Bool
        var countBytes: Int
        var bytes: Int
        /// The property's name in the header (`vertex_indices`).
        var name: Substring = ""
        /// How its values (a list's values) are stored.
        var values: ValueKind = .unsigned
        /// Whether a list's count is of a signed type: Assimp reads a negative one as 2^32 less it.
        var countSigned = false
    }

    /// An element of the header, with its instance count and properties in order.
    struct Element {
        var name: Substring
        var count: Int
        var properties: [Property] = []
    }

    /// The body's format.
    enum Format { case ascii, binaryLittleEndian, binaryBigEndian }

    /// The property names Assimp reads as a face's vertex indices (its `EST_VertexIndex`).
    static let vertexIndexNames: Set<Substring> = ["vertex_index", "vertex_indices"]

    /// The smallest vertex index `element`'s `property` may hold, or nil when its values are no
    /// vertex indices: a face's from 0; a triangle strip's from -1, which restarts the strip.
    static func smallestIndex(_ element: Element, _ property: Property) -> Int? {
        guard property.isList, property.values != .float, vertexIndexNames.contains(property.name) else { return nil }
        switch element.name {
        case "face": return 0
        case "tristrips": return -1
        default: return nil
        }
    }

    /// Whether `property` is a face's texture coordinates (Assimp's `texcoord` list).
    static func isTextureCoordinates(_ element: Element, _ property: Property) -> Bool {
        element.name == "face" && property.isList && property.name == "texcoord"
    }

    /// What is wrong with a face of `corners` vertex indices (nil: none listed) and `coordinates`
    /// texture coordinates, for Assimp 5.2: with 6 to 8 of them it reads a corner for every two,
    /// without looking whether the face has that many (a face without corners: a null pointer).
    static func coordinatesProblem(_ element: Element, corners: Int?, coordinates: Int) -> String? {
        guard element.name == "face", coordinates / 3 == 2, (corners ?? 0) < (coordinates + 1) / 2 else { return nil }
        return "has \(coordinates) texture coordinates for \(corners ?? 0) corners (Assimp 5.2 reads a corner for every two)"
    }

    /// Throws at the first list (in the body from byte `start`) claiming more values than the
    /// rest of the file can hold, the first vertex index outside the `vertex` element's count,
    /// the first ASCII list that is malformed, or when the body ends before its instances.
    static func check(_ bytes: FileBytes, from start: Int, elements: [Element], format: Format, buffer: LineBuffer = LineBuffer(), shown: String)
        throws(ModelImportError)
    {
        var scan = Scan(bytes: bytes, offset: start, format: format, shown: shown)
        scan.buffer = buffer
        scan.vertexCount = elements.first { $0.name == "vertex" }?.count ?? 0
        for element in elements {
            let hasList = element.properties.contains(where: \.isList)
            if format != .ascii && !hasList {
                // Fixed-size instances: skip them all at once.
                let size = element.properties.reduce(0) { $0 + $1.bytes }, left = bytes.count - scan.offset
                let (total, overflow) = element.count.multipliedReportingOverflow(by: size)
                guard !overflow, total <= left else { throw scan.endsEarly(element, instance: left / max(size, 1)) }
                scan.offset += total
                continue
            }
            for instance in 0..<element.count {
                if format == .ascii {
                    try scan.asciiInstance(element, instance, hasList: hasList)
                } else {
                    guard scan.offset < bytes.count else { throw scan.endsEarly(element, instance: instance) }
                    try scan.binaryInstance(element, instance)
                }
            }
        }
    }
}

extension PLYLists {
    /// Where a check of the body stands.
    struct Scan {
        let bytes: FileBytes
        var offset: Int
        let format: Format
        let shown: String
        var vertexCount = 0
        var buffer = LineBuffer()

        /// One ASCII instance: the next line of Assimp's stream reader (`FileBytes.assimpLine`),
        /// each property present, each list's count a whole number and its values on the line,
        /// vertex indices among the vertices.
        mutating func asciiInstance(_ element: Element, _ instance: Int, hasList: Bool) throws(ModelImportError) {
            guard let (line, next) = try bytes.assimpLine(from: offset, shown: shown) else { throw endsEarly(element, instance: instance) }
            offset = next
            let lineBytes = UnsafeRawBufferPointer(start: bytes.base + line.lowerBound, count: line.count)
            if line.upperBound < bytes.count {
                buffer.read(lineBytes)
            } else if buffer.runsOn(length: line.count) {
                throw malformed(element, instance, "is the file's last line, with no line end, and Assimp 5.2 reads it on into the longer line before it")
            }
            let lineEnd = line.upperBound
            guard hasList else { return }
            var cursor = line.lowerBound
            var corners: Int?, coordinates = 0
            for property in element.properties {
                var tokenStart = cursor
                while tokenStart < lineEnd, bytes[tokenStart] == 0x20 || bytes[tokenStart] == 0x09 || bytes[tokenStart] == 0x0D { tokenStart += 1 }
                guard let (count, afterCount) = bytes.wholeNumber(from: cursor, before: lineEnd) else {
                    throw malformed(element, instance, "ends before its property '\(property.name.prefix(32))'")
                }
                cursor = afterCount
                guard property.isList else {
                    // Assimp reads the number a token begins with and the rest as the next
                    // value: a token that is not wholly a number of its type shifts every value
                    // after it, list counts too.
                    let token = String(decoding: (tokenStart..<min(afterCount, tokenStart + 64)).map { bytes[$0] }, as: UTF8.self)
                    guard afterCount - tokenStart <= 64, property.values == .float ? Double(token) != nil : count != nil else {
                        throw malformed(element, instance, "has '\(token)' for its property '\(property.name.prefix(32))', not a number of its type")
                    }
                    continue
                }
                guard let claimed = count, claimed >= 0 else {
                    throw malformed(element, instance, "has a list count that is not a whole number ('\(bytes.text(before: afterCount))')")
                }
                if claimed > (bytes.count - cursor) / 2 { throw tooLong(element, instance, claimed, left: bytes.count - cursor) }
                let smallest = try noteList(property, of: element, instance, claimed: claimed, corners: &corners, coordinates: &coordinates)
                for index in 0..<claimed {
                    guard let (value, after) = bytes.wholeNumber(from: cursor, before: lineEnd) else {
                        throw malformed(
                            element, instance, "ends its line after \(index) of the \(claimed) values its list '\(property.name.prefix(32))' claims")
                    }
                    cursor = after
                    if let smallest { try checkIndex(value, text: { bytes.text(before: after) }, smallest: smallest, element, instance) }
                }
            }
            if let problem = PLYLists.coordinatesProblem(element, corners: corners, coordinates: coordinates) { throw malformed(element, instance, problem) }
        }

        /// One binary instance: its lists' lengths and vertex indices.
        mutating func binaryInstance(_ element: Element, _ instance: Int) throws(ModelImportError) {
            let bigEndian = format == .binaryBigEndian
            var corners: Int?, coordinates = 0
            for property in element.properties {
                guard offset + property.countBytes <= bytes.count else { throw endsEarly(element, instance: instance) }
                guard property.isList else {
                    offset += property.bytes
                    continue
                }
                let claimed = bytes.integer(at: offset, width: property.countBytes, bigEndian: bigEndian, signed: property.countSigned)
                guard claimed >= 0 else {
                    throw malformed(element, instance, "has a list count of \(claimed) (Assimp 5.2 reads it as \(UInt32(truncatingIfNeeded: claimed)))")
                }
                offset += property.countBytes
                let size = max(property.bytes, 1)
                if claimed > (bytes.count - offset) / size { throw tooLong(element, instance, claimed, left: bytes.count - offset) }
                if let smallest = try noteList(property, of: element, instance, claimed: claimed, corners: &corners, coordinates: &coordinates) {
                    for i in 0..<claimed {
                        let value = bytes.integer(at: offset + i * size, width: size, bigEndian: bigEndian, signed: property.values == .signed)
                        try checkIndex(value, text: { "\(value)" }, smallest: smallest, element, instance)
                    }
                }
                offset += claimed * size
            }
            guard offset <= bytes.count else { throw endsEarly(element, instance: instance) }
            if let problem = PLYLists.coordinatesProblem(element, corners: corners, coordinates: coordinates) { throw malformed(element, instance, problem) }
        }

        /// Notes a list of `claimed` values: a face's corners (refused when there are none) or
        /// its texture coordinates. Returns the smallest vertex index its values may hold, nil
        /// when they are no vertex indices.
        private func noteList(
            _ property: Property, of element: Element, _ instance: Int, claimed: Int, corners: inout Int?, coordinates: inout Int
        ) throws(ModelImportError) -> Int? {
            let smallest = PLYLists.smallestIndex(element, property)
            if smallest == 0 {
                if claimed == 0 { throw malformed(element, instance, "has no corners") }
                corners = claimed
            }
            if PLYLists.isTextureCoordinates(element, property) { coordinates = claimed }
            return smallest
        }

        private func checkIndex(_ value: Int?, text: () -> String, smallest: Int, _ element: Element, _ instance: Int) throws(ModelImportError) {
            guard let value, value >= smallest, value < vertexCount else {
                throw malformed(element, instance, "names vertex \(text()), outside the file's \(vertexCount) vertices")
            }
        }

        func endsEarly(_ element: Element, instance: Int) -> ModelImportError {
            .malformed(path: shown, reason: "the file ends after \(instance) of the \(element.count) '\(element.name.prefix(32))' elements its header declares")
        }

        private func malformed(_ element: Element, _ instance: Int, _ what: String) -> ModelImportError {
            .malformed(path: shown, reason: "'\(element.name.prefix(32))' \(instance) \(what)")
        }

        private func tooLong(_ element: Element, _ instance: Int, _ claimed: Int, left: Int) -> ModelImportError {
            malformed(element, instance, "has a list of \(claimed) values, more than the \(left) bytes after it can hold")
        }
    }
}

extension FileBytes {
    /// The index of the first `byte` at or after `start`, or nil.
    func index(of byte: UInt8, from start: Int) -> Int? {
        guard start < count, let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// The whitespace-separated token starting at or after `start` and ending before `end` as a
    /// whole number (nil when it is not one: a sign and at most 18 digits), and where the scan
    /// goes on; nil when there is no token.
    func wholeNumber(from start: Int, before end: Int) -> (Int?, Int)? {
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        var i = start
        while i < end, blank(self[i]) { i += 1 }
        guard i < end else { return nil }
        let negative = self[i] == UInt8(ascii: "-")
        if negative || self[i] == UInt8(ascii: "+") { i += 1 }
        var value = 0, digits = 0
        while i < end, (0x30...0x39).contains(self[i]) {
            if digits < 18 { value = value * 10 + Int(self[i] - 0x30) }
            digits += 1
            i += 1
        }
        let whole = digits > 0 && digits <= 18 && (i == end || blank(self[i]))
        while i < end, !blank(self[i]) { i += 1 }
        return (whole ? (negative ? -value : value) : nil, i)
    }

    /// The token ending at `end` (its last 32 bytes at most), for a message.
    func text(before end: Int) -> String {
        var start = end
        while start > 0, end - start < 32, ![0x20, 0x09, 0x0A, 0x0D].contains(self[start - 1]) { start -= 1 }
        return String(decoding: (start..<end).map { self[$0] }, as: UTF8.self)
    }

    /// An integer of `width` bytes at `offset`, little- or big-endian, `signed` (its top bit
    /// its sign) or not (clamped to `Int`).
    func integer(at offset: Int, width: Int, bigEndian: Bool, signed: Bool) -> Int {
        let raw = integer(at: offset, width: width, bigEndian: bigEndian), shift = 64 - 8 * width
        return signed ? Int(bitPattern: UInt(raw << shift)) >> shift : Int(clamping: raw)
    }

    /// An unsigned integer of `width` bytes at `offset`, little- or big-endian.
    func integer(at offset: Int, width: Int, bigEndian: Bool) -> UInt64 {
        guard bigEndian else { return integer(at: offset, width: width) }
        var value: UInt64 = 0
        for i in 0..<width where offset + i < count { value = value << 8 | UInt64(self[offset + i]) }
        return value
    }
}
