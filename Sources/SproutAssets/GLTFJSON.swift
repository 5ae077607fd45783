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
indirect enum GLTFJSON: Decodable, Sendable {
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

    /// The JSON of a `.gltf` file, or of a `.glb`'s first chunk (the preflight has checked its
    /// structure and depth already); nil when there is none to read.
    static func read(path: String, fileExtension: String) -> GLTFJSON? {
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
        return try? JSONDecoder().decode(GLTFJSON.self, from: Data(json))
    }
}
