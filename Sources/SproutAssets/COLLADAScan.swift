import SproutFiles

#if canImport(Glibc)
import Glibc
#endif

/// A COLLADA file streamed once before Assimp 5.2 reads it, for what its parser would crash or
/// hang on. Its `<node>`s are read by recursion, so elements may nest at most so deep. A token
/// of `<p>`, `<v>`, `<vcount>` or `<h>` that is not a whole number is read as no progress and
/// loops, allocating, until memory runs out (`0 nan 2`); a `count`, `stride`, `offset` or `set`
/// attribute that is not a whole number is read as 0 or 1 and written past (`count="inf"`), and
/// one no file of this size could hold is allocated for; an `<accessor>` reading more values
/// than its array declares stops it on an assertion (`pos < pData.mValues.size()`, an abort).
/// The last three were found by mutating a COLLADA file under AddressSanitizer. Comments,
/// CDATA, declarations and processing instructions are skipped; nothing is parsed.
enum COLLADAScan {
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

    /// Refuses elements nested deeper than `depthLimit`, the first index list or counting
    /// attribute that is not a whole number or counts more than the file has bytes, an
    /// accessor reading past its array (offset + count x stride values of one that declares
    /// fewer), naming its line, and what `COLLADAReferences` refuses: nodes, controllers or
    /// effect parameters that refer to themselves, more than `instanceLimit` node instances;
    /// more than `ModelPreflight.maximumCamerasAndLights` cameras and lights placed.
    static func check(
        _ file: UnsafeMutablePointer<FILE>, bytes: Int, shown: String, depthLimit: Int, instanceLimit: Int = ModelLimits.standard.maximumNodeInstances
    ) throws(ModelImportError) {
        enum State {
            case text, tagName, attributes, attributeName, afterName, closeTag, bang, comment, cdata, declaration, instruction
            case quoted(UInt8)
        }
        var state = State.text, line = 1, depth = 0, left = bytes
        var name: [UInt8] = [], attribute: [UInt8] = [], value: [UInt8] = []
        var inIndexList = false, previous: UInt8 = 0
        var attributes: [String: String] = [:]   // the open tag's, for arrays and accessors
        var arrayCounts: [String: Int] = [:], accessors: [Accessor] = []
        var references = COLLADAReferences()
        var camerasAndLights = 0
        var recent: [UInt8] = []   // the last bytes seen, to recognise `-->`, `]]>`, `?>`
        var bang: [UInt8] = []   // what follows `<!` so far: `--` opens a comment, `[CDATA[` a section
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func refuse(_ what: String) -> ModelImportError {
            .malformed(path: shown, reason: "line \(line): \(PrintableText.escaped(what, limit: 120))")
        }
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        func ends(with tail: String) -> Bool { recent.count >= tail.utf8.count && recent.suffix(tail.utf8.count).elementsEqual(tail.utf8) }
        // The open tag ended: `<a/>` closes at once; an index list's text follows; an array's
        // declared count is kept by id, an accessor's reach checked once every array is known.
        func opened() {
            state = .text
            let element = text(name)
            references.opened(element, attributes: attributes, depth: depth, line: line, closes: previous == 0x2F)
            if element == "instance_camera" || element == "instance_light" { camerasAndLights += 1 }
            if previous == 0x2F { depth -= 1; return }
            inIndexList = indexLists.contains(element)
            if arrays.contains(element), let id = attributes["id"], let count = attributes["count"].flatMap({ Int($0) }) {
                arrayCounts[id] = count
            } else if element == "accessor", let source = attributes["source"], let count = attributes["count"].flatMap({ Int($0) }) {
                let stride = attributes["stride"].flatMap { Int($0) } ?? 1, offset = attributes["offset"].flatMap { Int($0) } ?? 0
                // Each at most the file's size (checked as it was read): no overflow.
                accessors.append(Accessor(line: line, source: source.hasPrefix("#") ? String(source.dropFirst()) : source, reads: offset + count * stride))
            }
        }
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, min($0.count, left), file) }
            guard n > 0 else { break }
            left -= n
            for c in buffer[0..<n] {
                if c == 0x0A { line += 1 }
                recent.append(c)
                if recent.count > 9 { recent.removeFirst(recent.count - 9) }
                defer { previous = c }
                switch state {
                case .text:
                    if c == 0x3C {
                        state = .tagName; name = []; inIndexList = false; attributes = [:]
                    } else {
                        references.text(c)
                    }
                    if c != 0x3C && inIndexList && !isDigit(c) && !isSpace(c) {
                        throw refuse("<\(text(name))> holds something other than whole numbers (first: '\(String(decoding: [c], as: UTF8.self))')")
                    }
                case .tagName:
                    if name.isEmpty && c == 0x2F {
                        state = .closeTag
                    } else if name.isEmpty && c == 0x21 {
                        state = .bang; bang = []
                    } else if name.isEmpty && c == 0x3F {
                        state = .instruction
                    } else {
                        if name.isEmpty && previous == 0x3C {   // an element opens
                            depth += 1
                            if depth > depthLimit { throw .exceedsLimit(path: shown, what: "its XML nests deeper than \(depthLimit) elements") }
                        }
                        if c == 0x3E { opened() } else if isSpace(c) { state = .attributes } else { name.append(c) }
                    }
                case .attributes:
                    if c == 0x3E {
                        opened()
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
                    let key = text(attribute)
                    attributes[key] = text(value)
                    guard wholeNumberAttributes.contains(key) else { continue }
                    guard !value.isEmpty, value.count <= 18, value.allSatisfy(isDigit), let number = Int(text(value)) else {
                        throw refuse("<\(text(name))> has \(key)=\"\(text(value))\", not a whole number")
                    }
                    guard number <= bytes else {
                        throw refuse("<\(text(name))> has \(key)=\"\(number)\", more than the file's \(bytes) bytes could hold")
                    }
                case .closeTag:
                    if c == 0x3E {
                        depth -= 1
                        state = .text
                        references.closed(toDepth: depth)
                    }
                case .bang:
                    bang.append(c)
                    if bang.elementsEqual("--".utf8) {
                        state = .comment
                    } else if bang.elementsEqual("[CDATA[".utf8) {
                        state = .cdata
                    } else if c == 0x3E {
                        state = .text
                    } else if !"--".utf8.starts(with: bang), !"[CDATA[".utf8.starts(with: bang) {
                        state = .declaration   // <!DOCTYPE ...>, <!ELEMENT ...>
                    }
                case .comment:
                    if ends(with: "-->") { state = .text }
                case .cdata:
                    if ends(with: "]]>") { state = .text }
                case .declaration:
                    if c == 0x3E { state = .text }
                case .instruction:
                    if ends(with: "?>") { state = .text }
                }
            }
        }
        if let problem = references.problem(instanceLimit: instanceLimit) { throw .exceedsLimit(path: shown, what: problem) }
        if camerasAndLights > ModelPreflight.maximumCamerasAndLights {
            throw .exceedsLimit(path: shown, what: "it places \(camerasAndLights) cameras and lights, more than \(ModelPreflight.maximumCamerasAndLights)")
        }
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
