#if canImport(Glibc)
import Glibc
#endif

/// An FBX file's records, measured before Assimp reads them, in one walk of either encoding
/// (binary here, ASCII by `FBXASCIIScan`) for every check. How deep they nest: Assimp 5.2's FBX
/// parsers (binary and ASCII) descend into nested records by recursion, so a file of 50,000
/// records each inside the last (1.3 MB binary, 200 KB ASCII) ends the process with a stack
/// overflow, where a real file nests a handful deep (`Objects` > `Model` > `Properties70` > `P`).
/// A binary file's compressed arrays, which must not declare more values than they hold. And on
/// the way, what the other checks read: animation curves (`FBXCurves`), connections
/// (`FBXConnections`), geometry layers (`FBXLayers`).
enum FBXRecords {
    /// The deepest nesting admitted: far above any exporter's, far below what exhausts the stack.
    static let maximumDepth = 256

    /// What the walk found for the checks made after it.
    struct Findings {
        var links = FBXConnections.Links()
        /// What Assimp drops without a word, one line each.
        var warnings: [String] = []
    }

    /// Throws when records nest deeper than `maximumDepth`, a binary file's compressed array
    /// claims more values than it can hold (`checkArrays`), a top-level binary record ends
    /// outside the file, or a check made on the way refuses. A binary file is walked record by
    /// record (each says where it ends; a nested record whose end is out of place stops the
    /// walk, for Assimp to refuse), an ASCII one token by token.
    static func check(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) -> Findings {
        fseeko(file, 0, SEEK_SET)
        var findings = Findings()
        let depth: Int
        if let bytes = FileBytes(file, size: size), bytes.count >= 27,
            (0..<FBXConnections.binaryMagicCompared).allSatisfy({ bytes[$0] == FBXConnections.binaryMagic[$0] })
        {
            let version = UInt32(bytes[23]) | UInt32(bytes[24]) << 8 | UInt32(bytes[25]) << 16 | UInt32(bytes[26]) << 24
            depth = try binaryWalk(bytes, wide: version >= 7500, stopAt: maximumDepth + 1, shown: shown, findings: &findings)
        } else {
            var scan = FBXASCIIScan(shown: shown, stopAt: maximumDepth + 1)
            try scan.scan(file)
            depth = scan.deepest
            findings.links = scan.links
            findings.warnings = scan.layers.warnings
        }
        guard depth <= maximumDepth else {
            throw .exceedsLimit(path: shown, what: "its records nest more than \(maximumDepth) deep (Assimp reads them by recursion)")
        }
        return findings
    }

    /// Walks binary records from byte 27 as Assimp 5.2's tokenizer does (`ReadScope`), and returns
    /// their deepest nesting, or `stopAt` once reached. Each record's header is its end (a file
    /// offset), its property count and byte length (words of 4 bytes, 8 from version 7500) and
    /// its name's length; nested records follow its properties, read while before the null
    /// record that closes them, each ending within it. The top-level list ends at its null
    /// record (a footer follows, which Assimp does not read either); a null word inside a list
    /// is skipped word by word, as Assimp skips it. Where Assimp would stop with an error before
    /// reading deeper, so does the walk (quietly, for Assimp to refuse). Each record's arrays
    /// are checked on the way, and what the other checks read is collected into `findings`.
    static func binaryWalk(_ bytes: FileBytes, wide: Bool, stopAt: Int, shown: String, findings: inout Findings) throws(ModelImportError) -> Int {
        var curves = FBXCurves()
        var layers = FBXLayers(shown: shown)
        let word = wide ? 8 : 4, header = 3 * word + 1
        var ends: [Int] = []   // the records open around `offset`
        var deepest = 0, offset = 27
        var inConnections = false, inObjects = false
        walk: while true {
            // A list of nested records ends where its parent's closing null record begins: Assimp
            // reads children while before it (each within it), then expects it.
            while let last = ends.last, offset >= last - header {
                guard offset == last - header else { break walk }   // Assimp: "scope length not reached"
                offset = last
                ends.removeLast()
            }
            let limit = ends.last.map { $0 - header } ?? bytes.count
            guard offset + word <= limit else { break }
            let end = Int(clamping: bytes.integer(at: offset, width: word))
            if end == 0 {
                // A null record: at the top the file's list ends (a footer follows); inside a
                // list Assimp reads on from the next word, so a record may follow.
                if ends.isEmpty { break }
                offset += word
                continue
            }
            guard end >= offset + word, end <= limit else {
                guard ends.isEmpty else { break }   // Assimp: "block offset is out of range"
                throw .malformed(path: shown, reason: "an FBX record at byte \(offset) says it ends at \(end), outside the file (\(bytes.count) bytes)")
            }
            guard offset + header <= limit else { break }
            let propertyCount = Int(clamping: bytes.integer(at: offset + word, width: word))
            let propertyBytes = Int(clamping: bytes.integer(at: offset + 2 * word, width: word))
            let nameLength = Int(bytes[offset + 3 * word])
            let properties = offset + header + nameLength
            // Assimp: "property length out of bounds", then "scope length not reached".
            guard properties <= limit, propertyBytes <= limit - properties, properties + propertyBytes <= end else { break }
            let propertiesEnd = properties + propertyBytes
            try checkArrays(bytes, from: properties, to: propertiesEnd, shown: shown)
            let name = UnsafeRawBufferPointer(start: bytes.base + offset + header, count: nameLength)
            if ends.isEmpty {
                inConnections = name.elementsEqual("Connections".utf8)
                inObjects = name.elementsEqual("Objects".utf8)
            } else if ends.count == 1, inObjects, let (id, objectName, classTag) = objectProperties(bytes, from: properties, to: propertiesEnd) {
                findings.links.object(key: String(decoding: name, as: UTF8.self), id: id, name: objectName, classTag: classTag)
            }
            if name.elementsEqual(FBXCurves.keyValuesName) {
                try curves.add(binaryArray: bytes, at: properties, before: propertiesEnd, shown: shown)
            } else if ends.count == 1, inConnections, nameLength == 1, name[0] == UInt8(ascii: "C") {
                FBXConnections.addLink(bytes, from: properties, propertyCount: propertyCount, before: propertiesEnd, to: &findings.links)
            }
            try layers.enter(depth: ends.count)
            if FBXLayers.reads(name) {
                let (string, arrayCount) = firstStringAndArray(bytes, from: properties, to: propertiesEnd)
                // A first property of type I (Assimp's ParseTokenAsInt reads no other), as an integer.
                let integer =
                    propertiesEnd - properties >= 5 && bytes[properties] == UInt8(ascii: "I")
                    ? Int(Int32(bitPattern: UInt32(bytes.integer(at: properties + 1, width: 4)))) : nil
                try layers.element(
                    String(decoding: name, as: UTF8.self), depth: ends.count, string: string, arrayCount: arrayCount, tokens: propertyCount, integer: integer)
            }
            if propertiesEnd < end {
                guard end - propertiesEnd >= header else { break }   // Assimp: "insufficient padding bytes"
                ends.append(end)
                deepest = max(deepest, ends.count)
                if deepest >= stopAt { return deepest }
                offset = propertiesEnd
            } else {
                offset = end
            }
        }
        try layers.finish()
        findings.warnings += layers.warnings
        return deepest
    }

    /// An object's id, name and class (its properties L, S, S), as Assimp reads them.
    static func objectProperties(_ bytes: FileBytes, from start: Int, to end: Int) -> (Int64, String, String)? {
        var id: Int64?, strings: [String] = []
        var index = 0
        eachProperty(bytes, from: start, to: end) { type, value in
            if index == 0, type == UInt8(ascii: "L"), value + 8 <= end { id = Int64(bitPattern: bytes.integer(at: value, width: 8)) }
            if index > 0, type == UInt8(ascii: "S") {
                let length = min(Int(bytes.integer(at: value, width: 4)), 256, max(0, end - value - 4))
                strings.append(String(decoding: UnsafeRawBufferPointer(start: bytes.base + value + 4, count: length), as: UTF8.self))
            }
            index += 1
            return index < 3
        }
        guard let id, strings.count == 2 else { return nil }
        // Binary names are "Name\0\u{1}Class"; Assimp turns them into "Class::Name", as ASCII has them.
        let parts = strings[0].split(separator: "\0\u{1}", maxSplits: 1, omittingEmptySubsequences: false)
        return (id, parts.count == 2 ? parts[1] + "::" + parts[0] : strings[0], strings[1])
    }

    /// A record's first string property (at most 256 bytes of it) and its first array's value
    /// count, among its properties from `start` to `end`.
    static func firstStringAndArray(_ bytes: FileBytes, from start: Int, to end: Int) -> (String?, Int?) {
        var string: String?, arrayCount: Int?
        eachProperty(bytes, from: start, to: end) { type, value in
            if type == UInt8(ascii: "S"), string == nil {
                let length = Int(bytes.integer(at: value, width: 4))
                string = String(
                    decoding: UnsafeRawBufferPointer(start: bytes.base + value + 4, count: max(0, min(length, 256, end - value - 4))), as: UTF8.self)
            } else if arrayValueBytes[type] != nil {
                arrayCount = Int(bytes.integer(at: value, width: 4))
                return false
            }
            return true
        }
        return (string, arrayCount)
    }

    /// Calls `body` with each property's type code and the offset of its value, among a binary
    /// record's properties from `start` to `end`, while it returns true and the next property's
    /// length can be read (a string's or an array's header lies before `end`).
    static func eachProperty<Failure: Error>(
        _ bytes: FileBytes, from start: Int, to end: Int, _ body: (_ type: UInt8, _ value: Int) throws(Failure) -> Bool
    ) throws(Failure) {
        var p = start
        while p < end {
            let type = bytes[p], value = p + 1
            switch type {
            case UInt8(ascii: "Y"): p = value + 2
            case UInt8(ascii: "C"): p = value + 1
            case UInt8(ascii: "I"), UInt8(ascii: "F"): p = value + 4
            case UInt8(ascii: "D"), UInt8(ascii: "L"): p = value + 8
            case UInt8(ascii: "S"), UInt8(ascii: "R"):
                guard value + 4 <= end else { return }
                p = value + 4 + Int(bytes.integer(at: value, width: 4))
            default:
                guard arrayValueBytes[type] != nil, value + 12 <= end else { return }
                p = value + 12 + Int(bytes.integer(at: value + 8, width: 4))
            }
            guard try body(type, value) else { return }
        }
    }

    /// Bytes a value of each array property type holds (FBX binary: f, d, l, i, b).
    static let arrayValueBytes: [UInt8: Int] = [0x66: 4, 0x64: 8, 0x6C: 8, 0x69: 4, 0x62: 1]
    /// The most deflate expands its input: a 258-byte match costs at least 2 bits, about 1,032
    /// to 1 (zlib's technical notes); with room for a tiny stream's header.
    static let deflateMaximumRatio = 1032, deflateSlack = 64

    /// Throws when a compressed array among the properties from `start` to `end` declares more
    /// values than its compressed bytes can expand to: Assimp 5.2 allocates for the declared
    /// count (2^32 - 1 values in a 15 KB file took 4 GB, found by mutation). Stops quietly at
    /// anything it cannot read, for Assimp to refuse.
    static func checkArrays(_ bytes: FileBytes, from start: Int, to end: Int, shown: String) throws(ModelImportError) {
        try eachProperty(bytes, from: start, to: end) { type, value throws(ModelImportError) in
            guard let valueBytes = arrayValueBytes[type] else { return true }
            let count = Int(bytes.integer(at: value, width: 4)), encoding = bytes.integer(at: value + 4, width: 4)
            let stored = Int(bytes.integer(at: value + 8, width: 4))
            if encoding == 1, count * valueBytes > stored * deflateMaximumRatio + deflateSlack {
                throw .malformed(
                    path: shown, reason: "an array at byte \(value - 1) declares \(count) values, more than its \(stored) compressed bytes can hold")
            }
            return true
        }
    }
}
