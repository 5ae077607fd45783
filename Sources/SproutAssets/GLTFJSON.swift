#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A glTF file's JSON as plain values, read leniently: a field of the wrong type reads as absent
/// (Assimp has already accepted or refused the file; this only adds what Assimp does not keep).
indirect enum GLTFJSON: Codable, Sendable {
    case object([String: GLTFJSON])
    case array([GLTFJSON])
    case number(Double)
    case string(String)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([GLTFJSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: GLTFJSON].self))
        }
    }

    /// Written back as the JSON it was read from (numbers as doubles: integral ones are written
    /// without a fraction, which Assimp reads as the integers glTF asks for).
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .object(let o): try c.encode(o)
        case .array(let a): try c.encode(a)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .bool(let b): try c.encode(b)
        case .null: try c.encodeNil()
        }
    }

    subscript(_ key: String) -> GLTFJSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    subscript(_ index: Int) -> GLTFJSON? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    var number: Double? { if case .number(let n) = self { return n.isFinite ? n : nil }; return nil }
    var float: Float? { number.map(Float.init) }
    var int: Int? { number.flatMap { $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil } }
    var string: String? { if case .string(let s) = self { return s }; return nil }
    var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    var array: [GLTFJSON] { if case .array(let a) = self { return a }; return [] }
    var strings: [String] { array.compactMap(\.string) }
    /// The names of every `extensions` object's members, anywhere in the document.
    var extensionNamesPresent: Set<String> {
        var names = Set<String>()
        var stack = [self]
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                if case .object(let extensions)? = members["extensions"] { names.formUnion(extensions.keys) }
                stack.append(contentsOf: members.values)
            case .array(let items):
                stack.append(contentsOf: items)
            default:
                break
            }
        }
        return names
    }

    /// A fixed-length list of numbers, or nil.
    func floats(count: Int) -> [Float]? {
        let values = array.compactMap(\.float)
        return values.count == count && array.count == count ? values : nil
    }

    /// A binary glTF file (glTF 2.0, 4.4) of `json` and one `binary` chunk: the JSON written
    /// with sorted keys (the same document gives the same bytes) and padded with spaces, the
    /// binary with zeros.
    static func glb(_ json: GLTFJSON, binary: [UInt8]) throws -> [UInt8] {
        let layout = try GLBLayout(json, binaryCount: binary.count)
        return [UInt8](unsafeUninitializedCapacity: layout.size) { buffer, count in
            layout.write(binary: binary, into: UnsafeMutableRawBufferPointer(buffer))
            count = layout.size
        }
    }

    /// A GLB's chunks laid out: the JSON text (sorted keys, padded with spaces) and where the
    /// binary goes, so that the file is written once into memory of its final size (a rewritten
    /// file near the 1 GiB limit is not copied again on the way).
    struct GLBLayout {
        /// The JSON chunk's bytes, padded to 4 with spaces (glTF 4.4.3.1).
        let text: [UInt8]
        /// The binary chunk's bytes before padding.
        let binaryCount: Int

        /// The layout of `json` with a binary chunk of `binaryCount` bytes.
        init(_ json: GLTFJSON, binaryCount: Int) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var text = [UInt8](try encoder.encode(json))
            text += Array(repeating: 0x20, count: (4 - text.count % 4) % 4)
            self.text = text
            self.binaryCount = binaryCount
        }

        /// The binary chunk's length, padded to 4 with zeros.
        var paddedBinaryCount: Int { binaryCount + (4 - binaryCount % 4) % 4 }
        /// The whole file's bytes.
        var size: Int { 12 + 8 + text.count + 8 + paddedBinaryCount }

        /// Writes the file, `binary` (`binaryCount` bytes) as its second chunk, into `out` (`size` bytes).
        func write(binary: [UInt8], into out: UnsafeMutableRawBufferPointer) {
            precondition(out.count >= size && binary.count == binaryCount, "GLBLayout: the buffer or the binary is not the size laid out")
            var at = 0
            func put(_ bytes: some Collection<UInt8>) {
                UnsafeMutableRawBufferPointer(rebasing: out[at..<at + bytes.count]).copyBytes(from: bytes)
                at += bytes.count
            }
            func word(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { put($0) } }
            put("glTF".utf8); word(2); word(size)
            word(text.count); put("JSON".utf8); put(text)
            word(paddedBinaryCount); put([0x42, 0x49, 0x4E, 0x00]); put(binary)   // "BIN\0"
            put(repeatElement(0, count: paddedBinaryCount - binaryCount))
        }
    }

    /// Why a glTF file's JSON cannot be read: where its text first breaks JSON's grammar.
    struct Unreadable: Error {
        let reason: String
    }

    /// The JSON of a `.gltf` file, or of a `.glb`'s first chunk (the preflight has checked its
    /// structure and depth already); nil when the file cannot be opened; `Unreadable` naming the
    /// line and column where the text is not JSON. Scanned before it is decoded, since the
    /// decoder lets a trailing comma pass that Assimp's parser refuses ("No suitable reader
    /// found"), and Sprout's own checks come before Assimp's: about 0.4 ns a byte, 16 ms of a
    /// 44 MB file's 270 ms import. A UTF-8 byte order mark before the text, which glTF's
    /// writers must not add and its readers may ignore (glTF 2.0, "JSON encoding"; a hand-edited file
    /// saved by some editors has it), is passed over, and said (`byteOrderMark`): Assimp 5.2
    /// refuses it, so such a file is read rewritten.
    static func read(path: String, fileExtension: String) throws(Unreadable) -> (json: GLTFJSON, byteOrderMark: Bool)? {
        guard var json = text(path: path, fileExtension: fileExtension) else { return nil }
        let byteOrderMark = json.starts(with: [0xEF, 0xBB, 0xBF])
        if byteOrderMark { json.removeFirst(3) }
        let subject = fileExtension == "glb" ? "its JSON chunk" : "the file"
        // An editor's "Unicode" is UTF-16, which its byte order mark tells.
        if json.starts(with: [0xFF, 0xFE]) || json.starts(with: [0xFE, 0xFF]) {
            throw Unreadable(reason: "\(subject) is UTF-16 text (it begins with UTF-16's byte order mark); glTF's JSON is UTF-8")
        }
        if let fault = JSONSyntax.firstFault(in: json) { throw Unreadable(reason: "\(subject) is not valid JSON at \(fault)") }
        do {
            return (try JSONDecoder().decode(GLTFJSON.self, from: Data(json)), byteOrderMark)
        } catch {
            throw Unreadable(reason: "\(subject) cannot be decoded (text that is not UTF-8, or a string with half a surrogate pair)")
        }
    }

    /// The JSON text of a `.gltf` file or a `.glb`'s first chunk; nil when it cannot be read.
    private static func text(path: String, fileExtension: String) -> [UInt8]? {
        guard let (file, size) = ConfinedFileSystem.openRegularFile(path) else { return nil }
        defer { fclose(file) }
        var length = size, offset = 0
        if fileExtension == "glb" {
            var header = [UInt8](repeating: 0, count: 20)
            guard size >= 20, fread(&header, 1, 20, file) == 20 else { return nil }
            length = header[12..<16].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            offset = 20
            guard offset + length <= size else { return nil }
        }
        var json = [UInt8](repeating: 0, count: length)
        guard fseeko(file, off_t(offset), SEEK_SET) == 0, json.withUnsafeMutableBytes({ fread($0.baseAddress, 1, length, file) }) == length else {
            return nil
        }
        return json
    }
}
