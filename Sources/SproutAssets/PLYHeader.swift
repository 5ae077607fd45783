/// A PLY file's header as Assimp 5.2 reads it, for `PLYLists` to measure the body by: the
/// scans had read it otherwise, and each difference let a file Assimp crashes on past them
/// (found by mutation under AddressSanitizer). Assimp reads the whole file as one stream of
/// lines (`FileBytes.assimpLine`); the format is the second line's; an element's properties are
/// the `property` lines right after it (a comment, a property without its name or any other
/// line ends them, and Assimp drops the properties after it); an element Assimp does not know by name takes its count from the
/// name's leading digits; a property type it does not know ends the list too.
struct PLYHeader {
    var format: PLYLists.Format
    var elements: [PLYLists.Element]
    /// Where the body begins: after the line end of the `end_header` line.
    var bodyStart: Int
    /// Assimp's line buffer after the header (`LineBuffer`), for the body's last line.
    var buffer = LineBuffer()

    /// The element names Assimp knows (`PLY::Element::ParseSemantic`); the others' counts it
    /// reads from their names.
    static let knownElements: Set<Substring> = ["vertex", "face", "tristrips", "edge", "material"]

    static let typeSizes: [Substring: Int] = [
        "char": 1, "uchar": 1, "int8": 1, "uint8": 1, "short": 2, "ushort": 2, "int16": 2, "uint16": 2,
        "int": 4, "uint": 4, "int32": 4, "uint32": 4, "float": 4, "float32": 4, "double": 8, "float64": 8, "double64": 8
    ]

    static func valueKind(_ type: Substring) -> PLYLists.ValueKind {
        ["char", "int8", "short", "int16", "int", "int32"].contains(type) ? .signed : type.hasPrefix("float") || type.hasPrefix("double") ? .float : .unsigned
    }

    /// The header of `bytes` (the first `cap` of them searched for its end); nil when Assimp
    /// refuses the file by itself (no `ply`, no format on the second line). Throws what the
    /// scans refuse in it.
    static func read(_ bytes: FileBytes, cap: Int, shown: String) throws(ModelImportError) -> PLYHeader? {
        var lines: [(words: [Substring], next: Int)] = []
        var position = 0
        var bodyStart: Int?
        var buffer = LineBuffer()
        let marker = Array("end_header".utf8)
        while position < min(bytes.count, cap), let (range, next) = try bytes.assimpLine(from: position, shown: shown) {
            position = next
            let line = (range.lowerBound..<range.upperBound).map { bytes[$0] }
            // A line that begins with end_header ends the header; it must be that word alone:
            // Assimp 5.2 loops forever on "end_headerx" (found by mutation).
            let text = line.drop { $0 == 0x20 || $0 == 0x09 }
            if text.starts(with: marker) {
                guard text.dropFirst(marker.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
                    throw .malformed(
                        path: shown, reason: "header line \(lines.count + 1) runs on after end_header ('\(String(decoding: line.prefix(32), as: UTF8.self))')")
                }
                bodyStart = next
                buffer.read(line)
                break
            }
            lines.append((String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }), next))
            // Its first two lines Assimp reads into other buffers.
            if lines.count > 2 { buffer.read(line) }
        }
        guard let first = lines.first?.words.first, first.lowercased().hasPrefix("ply"), let bodyStart else {
            throw .malformed(path: shown, reason: "no PLY header ending in end_header within the first \(cap) bytes")
        }
        guard lines.count >= 2, lines[1].words.count >= 2, lines[1].words[0] == "format" else { return nil }
        let kind = lines[1].words[1]
        let format: PLYLists.Format
        if kind == "ascii" {
            format = .ascii
        } else if kind.hasPrefix("binary_") {
            format = kind.dropFirst(7).hasPrefix("big") ? .binaryBigEndian : .binaryLittleEndian
        } else {
            return nil
        }
        var elements: [PLYLists.Element] = []
        var takingProperties = false
        for (number, line) in lines.enumerated().dropFirst(2) {
            let words = line.words
            if words.first == "element", words.count >= 2 {
                let name = words[1]
                let count: Int
                if knownElements.contains(name) {
                    guard words.count >= 3, let declared = Int(words[2]), declared >= 0 else {
                        throw .malformed(
                            path: shown, reason: "element '\(name.prefix(32))' has no valid count ('\((words.count >= 3 ? words[2] : "").prefix(32))')")
                    }
                    count = declared
                } else {
                    count = Int(assimpUnsigned(name))   // Assimp reads the count from the name
                }
                elements.append(PLYLists.Element(name: name, count: count))
                takingProperties = true
            } else if words.first == "property", words.count >= 2, !elements.isEmpty {
                guard takingProperties else {
                    throw .malformed(
                        path: shown,
                        reason:
                            "header line \(number + 1): a property of '\(elements[elements.count - 1].name.prefix(32))' after a line that ends its properties for Assimp 5.2"
                    )
                }
                let isList = words[1] == "list"
                let types = isList ? Array(words.dropFirst(2).prefix(2)) : [words[1]]
                guard types.count == (isList ? 2 : 1), let countBytes = typeSizes[types[0]], let valueBytes = typeSizes[types[types.count - 1]] else {
                    let named = types.first { typeSizes[$0] == nil }.map { "'\($0.prefix(32))' is not a PLY property type" } ?? "a list without its two types"
                    throw .malformed(path: shown, reason: "header line \(number + 1): \(named)")
                }
                let nameIndex = types.count + (isList ? 2 : 1)
                guard words.count > nameIndex else {
                    takingProperties = false   // a property without its name ends the list, and is not one
                    continue
                }
                elements[elements.count - 1].properties.append(
                    PLYLists.Property(
                        isList: isList, countBytes: isList ? countBytes : 0, bytes: valueBytes, name: words[nameIndex],
                        values: valueKind(types[types.count - 1]), countSigned: isList && valueKind(types[0]) == .signed))
            } else {
                takingProperties = false   // a comment, obj_info or anything else
            }
        }
        return PLYHeader(format: format, elements: elements, bodyStart: bodyStart, buffer: buffer)
    }

    /// Assimp's `strtoul10`: the decimal digits a text starts with, wrapping at 32 bits.
    static func assimpUnsigned(_ text: Substring) -> UInt32 {
        var value: UInt32 = 0
        for c in text.utf8 {
            guard c >= 0x30 && c <= 0x39 else { break }
            value = value &* 10 &+ UInt32(c - 0x30)
        }
        return value
    }
}

extension FileBytes {
    /// Whether Assimp's text readers end a line at `byte` (`IsLineEnd`).
    static func endsLine(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0 }

    /// The block Assimp's PLY reader streams a file through (`PlyLoader.cpp`: an
    /// `IOStreamBuffer` of 1024 * 1024 bytes).
    static let assimpBlock = 1 << 20

    /// The line Assimp's stream reader (`IOStreamBuffer::getNextLine`) returns from `start`,
    /// and where it goes on: a line end where a line should begin makes it skip to the next
    /// `\n` (a second `\r` skips a whole line); the line runs to the next line end, which is
    /// passed over. Nil at the end of the file. Throws where that skip would leave the block
    /// Assimp holds: it searches its buffer with no bound, so in a file of a block or more a
    /// `\n` only in a later block makes it read past the buffer (a file under a block sits in a
    /// buffer filled with `\n` beyond it, where the search stops).
    func assimpLine(from start: Int, shown: String) throws(ModelImportError) -> (Range<Int>, Int)? {
        var p = start
        guard p < count else { return nil }
        if Self.endsLine(self[p]) {
            let block = Self.assimpBlock
            let blockEnd = count < block ? count : min(count, (p / block + 1) * block)
            guard let newline = index(of: 0x0A, from: p), newline < blockEnd else {
                guard count < block else {
                    throw .malformed(
                        path: shown,
                        reason: "a line end at byte \(p) begins a line with no \\n after it in its 1 MiB block, where Assimp 5.2 searches on past the block")
                }
                return nil
            }
            p = newline + 1
            guard p < count else { return nil }
        }
        var end = p
        while end < count, !Self.endsLine(self[end]) { end += 1 }
        return (p..<end, end + 1)
    }
}

/// Assimp's reused line buffer (`IOStreamBuffer::getNextLine`): each line is copied over the
/// last and ended with a `\n`, the rest kept. The file's last line, when nothing ends it, is
/// copied without its `\n`, so Assimp reads it on into what an earlier, longer line left
/// there (found by a fifth mutation round: a face "0" read as "06 0 0 3 ...").
struct LineBuffer {
    /// The buffer's first bytes (lines longer than this are not followed).
    static let kept = 1 << 16
    private(set) var bytes: [UInt8] = []

    /// Copies a line ended by a line end over the buffer.
    mutating func read<Line: Collection<UInt8>>(_ line: Line) {
        guard line.count < Self.kept else { return }
        if bytes.count < line.count + 1 { bytes += [UInt8](repeating: 0, count: line.count + 1 - bytes.count) }
        bytes.replaceSubrange(0..<line.count, with: line)
        bytes[line.count] = 0x0A
    }

    /// Whether a last line of `length` bytes, not ended, would be read on into older bytes.
    func runsOn(length: Int) -> Bool { length < bytes.count && !FileBytes.endsLine(bytes[length]) }
}
