#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A glTF file's buffers and the accessors that read them (glTF 2.0, 3.6), for what Sprout takes
/// from the file itself rather than from Assimp: animation keyframes, inverse bind matrices.
/// Every read is checked against the buffer it reads: a hostile accessor reads as absent.
/// A buffer is read on its first use: a model without keyframes, skins or MSFT_lod levels costs
/// no second read of its bytes (Assimp has read them already).
final class GLTFBuffers {
    /// The document whose buffers these are.
    let json: GLTFJSON
    private let path: String
    private let fileExtension: String
    /// Where buffer files beside the model are admitted from.
    let fileSystem: ConfinedFileSystem
    /// The most bytes one buffer (or an image file beside the model) may hold.
    let maximumBytes: Int
    /// The buffers read so far, by index (nil: declared but unreadable).
    private var loaded: [Int: [UInt8]?] = [:]

    /// The buffers of `json`: a `.glb`'s binary chunk (buffer 0 without a `uri`), `data:` URIs,
    /// and files beside the model admitted by `fileSystem`. One that cannot be read reads as empty.
    init(json: GLTFJSON, path: String, fileExtension: String, fileSystem: ConfinedFileSystem, maximumBytes: Int) {
        self.json = json
        self.path = path
        self.fileExtension = fileExtension
        self.fileSystem = fileSystem
        self.maximumBytes = maximumBytes
    }

    /// The buffers of a GLB held in memory (`GLTFRewrite`): buffer 0 is `binary`.
    convenience init(json: GLTFJSON, binary: [UInt8], fileSystem: ConfinedFileSystem, maximumBytes: Int) {
        self.init(json: json, path: "", fileExtension: "glb", fileSystem: fileSystem, maximumBytes: maximumBytes)
        loaded[0] = .some(binary)
    }

    /// Buffer `index`, read the first time it is asked for; nil when it cannot be read or is
    /// shorter than its `byteLength`.
    func buffer(_ index: Int) -> [UInt8]? {
        if let known = loaded[index] { return known }
        let bytes = read(buffer: index)
        loaded[index] = .some(bytes)
        return bytes
    }

    private func read(buffer index: Int) -> [UInt8]? {
        guard let buffer = json["buffers"]?[index], let length = buffer["byteLength"]?.int, length >= 0, length <= maximumBytes else { return nil }
        let bytes: [UInt8]?
        if let uri = buffer["uri"]?.string {
            if uri.hasPrefix("data:") {
                bytes = Self.dataURI(uri)
            } else {
                let file = Self.percentDecoded(uri)
                bytes = file.isEmpty ? nil : fileSystem.admit(file).flatMap { ConfinedFileSystem.readAll($0, limit: maximumBytes) }
            }
        } else if index == 0, fileExtension == "glb" {
            bytes = Self.binaryChunk(path: path, limit: maximumBytes)
        } else {
            bytes = nil
        }
        guard let bytes, bytes.count >= length else { return nil }
        return bytes
    }

    /// The bytes of a base64 `data:` URI; nil when it is not one.
    static func dataURI(_ uri: String) -> [UInt8]? {
        guard uri.hasPrefix("data:") else { return nil }
        return uri.firstRange(of: ";base64,").flatMap { Data(base64Encoded: String(uri[$0.upperBound...])) }.map { [UInt8]($0) }
    }

    /// Buffer view `index`'s bytes; nil when the view or its buffer cannot be read.
    func bytes(ofView index: Int) -> ArraySlice<UInt8>? {
        guard let view = json["bufferViews"]?[index], let buffer = view["buffer"]?.int.flatMap(buffer), let length = view["byteLength"]?.int
        else { return nil }
        let offset = view["byteOffset"]?.int ?? 0
        guard offset >= 0, length >= 0, offset <= buffer.count - length else { return nil }
        return buffer[offset..<(offset + length)]
    }

    /// A URI reference's path with its %XX escapes decoded (glTF URIs are RFC 3986); a malformed escape stays as written.
    static func percentDecoded(_ uri: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(uri.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let value = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `.glb`'s second chunk when it is `BIN`.
    private static func binaryChunk(path: String, limit: Int) -> [UInt8]? {
        guard let all = ConfinedFileSystem.readAll(path, limit: limit), all.count >= 28 else { return nil }
        func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(all[at + $1]) << (8 * $1) } }
        let jsonLength = word(12)
        let chunk = 20 + jsonLength
        guard chunk + 8 <= all.count, word(chunk + 4) == 0x004E_4942 else { return nil }   // "BIN\0"
        let length = word(chunk)
        guard chunk + 8 + length <= all.count else { return nil }
        return Array(all[(chunk + 8)..<(chunk + 8 + length)])
    }

    /// Components per element of an accessor `type`.
    private static func components(_ type: String?) -> Int? {
        switch type {
        case "SCALAR": 1
        case "VEC2": 2
        case "VEC3": 3
        case "VEC4": 4
        case "MAT4": 16
        default: nil
        }
    }

    /// The most values an accessor without a buffer view is read as (all zeros, 64 MB).
    static let maximumZeroValues = 1 << 24

    /// Accessor `index` as floats (`count` x components, in order): float components as they
    /// are, normalised integers mapped to 0...1 or -1...1 (glTF 3.11), other integers as their
    /// values; sparse substitutions applied. nil when it is malformed or reads outside its buffer.
    func floats(accessor index: Int) -> (values: [Float], components: Int)? {
        guard let accessor = json["accessors"]?[index], let count = accessor["count"]?.int, count >= 0,
            let componentType = accessor["componentType"]?.int, let width = Self.components(accessor["type"]?.string)
        else { return nil }
        let normalized = accessor["normalized"]?.bool ?? false
        var values: [Float]
        if let view = accessor["bufferView"]?.int {
            guard
                let read = read(
                    view: view, offset: accessor["byteOffset"]?.int ?? 0, count: count, width: width,
                    componentType: componentType, normalized: normalized)
            else { return nil }
            values = read
        } else {
            // No buffer view: zeros (a sparse accessor's base). At most 2^24 values (64 MB), which
            // no file's bytes bound: a count of 2^26 MAT4s had been 4 GB of zeros.
            let (zeros, overflow) = count.multipliedReportingOverflow(by: width)
            guard !overflow, zeros <= Self.maximumZeroValues else { return nil }
            values = Array(repeating: 0, count: zeros)
        }
        if let sparse = accessor["sparse"] {
            guard let n = sparse["count"]?.int, n >= 0, n <= count,
                let indexView = sparse["indices"]?["bufferView"]?.int, let indexType = sparse["indices"]?["componentType"]?.int,
                let valueView = sparse["values"]?["bufferView"]?.int,
                let indices = read(
                    view: indexView, offset: sparse["indices"]?["byteOffset"]?.int ?? 0, count: n, width: 1,
                    componentType: indexType, normalized: false),
                let substitutes = read(
                    view: valueView, offset: sparse["values"]?["byteOffset"]?.int ?? 0, count: n, width: width,
                    componentType: componentType, normalized: normalized)
            else { return nil }
            for (k, target) in indices.enumerated() {
                let i = Int(target)
                guard i >= 0, i < count else { return nil }
                for c in 0..<width { values[i * width + c] = substitutes[k * width + c] }
            }
        }
        return (values, width)
    }

    private func read(view viewIndex: Int, offset: Int, count: Int, width: Int, componentType: Int, normalized: Bool) -> [Float]? {
        guard let view = json["bufferViews"]?[viewIndex], let bufferIndex = view["buffer"]?.int,
            let buffer = buffer(bufferIndex), offset >= 0
        else { return nil }
        let size: Int
        switch componentType {
        case 5120, 5121: size = 1   // BYTE, UNSIGNED_BYTE
        case 5122, 5123: size = 2   // SHORT, UNSIGNED_SHORT
        case 5125, 5126: size = 4   // UNSIGNED_INT, FLOAT
        default: return nil
        }
        let viewOffset = view["byteOffset"]?.int ?? 0, viewLength = view["byteLength"]?.int ?? -1
        let elementSize = size * width
        let stride = view["byteStride"]?.int ?? elementSize
        guard viewOffset >= 0, viewLength >= 0, viewOffset + viewLength <= buffer.count, stride >= elementSize, count <= viewLength else { return nil }
        guard count == 0 || offset + (count - 1) * stride + elementSize <= viewLength else { return nil }
        var result = [Float](); result.reserveCapacity(count * width)
        buffer.withUnsafeBytes { raw in
            for element in 0..<count {
                let base = viewOffset + offset + element * stride
                for c in 0..<width {
                    let at = base + c * size
                    let value: Float
                    switch componentType {
                    case 5120: let v = Float(raw.load(fromByteOffset: at, as: Int8.self)); value = normalized ? max(v / 127, -1) : v
                    case 5121: let v = Float(raw[at]); value = normalized ? v / 255 : v
                    case 5122:
                        let v = Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self))); value = normalized ? max(v / 32767, -1) : v
                    case 5123: let v = Float(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self))); value = normalized ? v / 65535 : v
                    case 5125: value = Float(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                    default: value = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                    }
                    result.append(value)
                }
            }
        }
        return result
    }
}
