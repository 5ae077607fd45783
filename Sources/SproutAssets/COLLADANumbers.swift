import SproutFiles

#if canImport(Glibc)
import Glibc
#endif

/// COLLADA's index lists and counts, checked before Assimp 5.2 reads them. Its parser reads a
/// token of `<p>`, `<v>`, `<vcount>` or `<h>` that is not a whole number as no progress, and
/// loops, allocating, until memory runs out (`0 nan 2`); it reads a `count`, `stride`, `offset`
/// or `set` attribute that is not a whole number as 0 or 1 and then writes past what it
/// allocated (`count="inf"`), or allocates for a count no file of this size could hold; and an
/// `<accessor>` reading more values than its array declares stops it on an assertion
/// (`pos < pData.mValues.size()`, an abort). Each was found by mutating a COLLADA file under
/// AddressSanitizer. Streamed: nothing is parsed.
enum COLLADANumbers {
    /// The elements whose text is a list of whole numbers.
    static let indexLists: Set<String> = ["p", "v", "vcount", "h"]
    /// The attributes that are whole numbers.
    static let wholeNumberAttributes: Set<String> = ["count", "stride", "offset", "set"]
    /// The elements holding a source's values (`count` of them), which accessors read.
    static let arrays: Set<String> = ["float_array", "int_array", "bool_array", "Name_array", "IDREF_array", "SIDREF_array", "token_array"]

    /// An `<accessor>`: where it is, the array it names and how many values it reads.
    private struct Accessor {
        let line: Int
        let source: String
        let reads: Int
    }

    /// Refuses the first index list or counting attribute that is not a whole number, or that
    /// counts more than the file has bytes, and an accessor reading past its array (offset +
    /// count x stride values of one that declares fewer), naming its line.
    static func check(_ file: UnsafeMutablePointer<FILE>, bytes: Int, shown: String) throws(ModelImportError) {
        enum State {
            case text, tagName, attributes, attributeName, afterName, closeTag, skipped
            case quoted(UInt8)
        }
        var state = State.text, line = 1, left = bytes
        var name: [UInt8] = [], attribute: [UInt8] = [], value: [UInt8] = []
        var inIndexList = false, previous: UInt8 = 0
        var attributes: [String: String] = [:]   // the open tag's, for arrays and accessors
        var arrayCounts: [String: Int] = [:], accessors: [Accessor] = []
        var skipEnd: [UInt8] = []   // what ends a comment, CDATA, declaration or instruction
        var recent: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func refuse(_ what: String) -> ModelImportError {
            .malformed(path: shown, reason: "line \(line): \(PrintableText.escaped(what, limit: 120))")
        }
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        // An array's declared count by id; an accessor's reach, checked once every array is known.
        func opened() throws(ModelImportError) {
            let element = text(name)
            if arrays.contains(element), let id = attributes["id"], let count = attributes["count"].flatMap({ Int($0) }) {
                arrayCounts[id] = count
            } else if element == "accessor", let source = attributes["source"], let count = attributes["count"].flatMap({ Int($0) }) {
                let stride = attributes["stride"].flatMap { Int($0) } ?? 1, offset = attributes["offset"].flatMap { Int($0) } ?? 0
                // Each at most the file's size (checked above): no overflow.
                accessors.append(Accessor(line: line, source: source.hasPrefix("#") ? String(source.dropFirst()) : source, reads: offset + count * stride))
            }
        }
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, min($0.count, left), file) }
            guard n > 0 else { break }
            left -= n
            for c in buffer[0..<n] {
                if c == 0x0A { line += 1 }
                defer { previous = c }
                switch state {
                case .text:
                    if c == 0x3C {
                        state = .tagName; name = []; inIndexList = false; attributes = [:]
                    } else if inIndexList && !isDigit(c) && !isSpace(c) {
                        throw refuse("<\(text(name))> holds something other than whole numbers (first: '\(String(decoding: [c], as: UTF8.self))')")
                    }
                case .tagName:
                    if name.isEmpty && c == 0x2F {
                        state = .closeTag
                    } else if name.isEmpty && (c == 0x21 || c == 0x3F) {
                        // `<!--`, `<![CDATA[`, `<!DOCTYPE`, `<?xml`: skipped to their end.
                        state = .skipped; recent = [c]; skipEnd = c == 0x3F ? Array("?>".utf8) : []
                    } else if isSpace(c) {
                        state = .attributes
                    } else if c == 0x3E {
                        inIndexList = previous != 0x2F && indexLists.contains(text(name))
                        state = .text
                        try opened()
                    } else {
                        name.append(c)
                    }
                case .attributes:
                    if c == 0x3E {
                        inIndexList = previous != 0x2F && indexLists.contains(text(name))
                        state = .text
                        try opened()
                    } else if !isSpace(c) && c != 0x2F {
                        state = .attributeName; attribute = [c]
                    }
                case .attributeName:
                    if c == 0x3D { state = .afterName } else if !isSpace(c) { attribute.append(c) }
                case .afterName:
                    if c == 0x22 || c == 0x27 { state = .quoted(c); value = [] }
                case .quoted(let quote):
                    if c != quote {
                        if value.count < 256 { value.append(c) }
                        continue
                    }
                    state = .attributes
                    attributes[text(attribute)] = text(value)
                    guard wholeNumberAttributes.contains(text(attribute)) else { continue }
                    guard !value.isEmpty, value.count <= 18, value.allSatisfy(isDigit), let number = Int(text(value)) else {
                        throw refuse("<\(text(name))> has \(text(attribute))=\"\(text(value))\", not a whole number")
                    }
                    guard number <= bytes else {
                        throw refuse("<\(text(name))> has \(text(attribute))=\"\(number)\", more than the file's \(bytes) bytes could hold")
                    }
                case .closeTag:
                    if c == 0x3E { state = .text }
                case .skipped:
                    recent.append(c)
                    if recent.count > 9 { recent.removeFirst(recent.count - 9) }
                    if skipEnd.isEmpty && recent.count >= 3 {
                        // After `<!`: a comment ends at `-->`, a CDATA section at `]]>`, a declaration at `>`.
                        skipEnd =
                            recent.starts(with: Array("!--".utf8))
                            ? Array("-->".utf8) : recent.starts(with: Array("![".utf8)) ? Array("]]>".utf8) : Array(">".utf8)
                    }
                    if !skipEnd.isEmpty && recent.count > 1 && recent.suffix(skipEnd.count).elementsEqual(skipEnd) { state = .text }
                }
            }
        }
        try checkAccessors(accessors, arrayCounts: arrayCounts, shown: shown)
    }

    /// An accessor reading more values than the array it names declares.
    private static func checkAccessors(_ accessors: [Accessor], arrayCounts: [String: Int], shown: String) throws(ModelImportError) {
        for accessor in accessors {
            guard let count = arrayCounts[accessor.source], accessor.reads > count else { continue }
            throw .malformed(
                path: shown,
                reason:
                    "line \(accessor.line): <accessor> reads \(accessor.reads) values of '\(PrintableText.escaped(accessor.source, limit: 120))', which declares \(count)"
            )
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
