internal import CMeshOptimizer
#if canImport(Glibc)
import Glibc
#endif

/// EXT_meshopt_compression's and KHR_meshopt_compression's codecs: a compressed buffer view
/// decoded into `count` elements of `stride` bytes, through meshoptimizer (opened on first use,
/// `CMeshOptimizer`) where its version reads the stream, and for what KHR_meshopt_compression
/// added since (version 1 attribute streams, the COLOR filter) `MeshoptAttributes` and
/// `MeshoptColorFilter`. Every size the library would assert on is checked first, so a hostile
/// view gets a reason, not an abort.
enum MeshoptCodec {
    /// Which extension compressed the view: KHR_meshopt_compression's streams may also be
    /// version 1 attribute streams and use the COLOR filter.
    enum Variant: String, CaseIterable, Sendable {
        case ext = "EXT_meshopt_compression"
        case khr = "KHR_meshopt_compression"
    }

    /// The library, opened once (shared with `TriangleOrder`); the reason when it cannot be.
    nonisolated(unsafe) static let api: Result<sprout_meshopt, MeshoptError> = {
        var api = sprout_meshopt()
        guard sprout_meshopt_open(&api) == 0 else {
            let reason = dlerror().map { String(cString: $0) } ?? "a function is missing"
            return .failure(MeshoptError("meshoptimizer (libmeshoptimizer.so.2d) cannot be opened: \(reason)"))
        }
        return .success(api)
    }()

    /// Why a view cannot be decoded.
    struct MeshoptError: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The extension's `mode`, `count`, `byteStride` and `filter` decoding `compressed`.
    static func decode(
        _ compressed: ArraySlice<UInt8>, count: Int, stride: Int, mode: String, filter: String, variant: Variant = .ext
    ) throws(MeshoptError) -> [UInt8] {
        guard count >= 0, stride > 0 else { throw MeshoptError("count \(count) and byteStride \(stride) describe no data") }
        switch mode {
        case "ATTRIBUTES":
            guard stride % 4 == 0, stride <= 256 else { throw MeshoptError("ATTRIBUTES need a byteStride that is a multiple of 4 up to 256, not \(stride)") }
        case "TRIANGLES", "INDICES":
            guard stride == 2 || stride == 4 else { throw MeshoptError("\(mode) need a byteStride of 2 or 4, not \(stride)") }
            guard mode == "INDICES" || count % 3 == 0 else { throw MeshoptError("TRIANGLES need a count that is a multiple of 3, not \(count)") }
            guard filter == "NONE" else { throw MeshoptError("\(mode) take no filter, not \(filter)") }
        default:
            throw MeshoptError("mode \(mode) is not ATTRIBUTES, TRIANGLES or INDICES")
        }
        switch filter {
        case "NONE": break
        case "OCTAHEDRAL": guard stride == 4 || stride == 8 else { throw MeshoptError("OCTAHEDRAL needs a byteStride of 4 or 8, not \(stride)") }
        case "QUATERNION": guard stride == 8 else { throw MeshoptError("QUATERNION needs a byteStride of 8, not \(stride)") }
        case "EXPONENTIAL": break   // any multiple of 4, checked above
        case "COLOR" where variant == .khr: guard stride == 4 || stride == 8 else { throw MeshoptError("COLOR needs a byteStride of 4 or 8, not \(stride)") }
        default:
            throw MeshoptError(
                "filter \(filter) is not one of \(variant.rawValue)'s (NONE, OCTAHEDRAL, QUATERNION, EXPONENTIAL\(variant == .khr ? ", COLOR" : ""))")
        }
        var decoded: [UInt8]
        if mode == "ATTRIBUTES", variant == .khr, compressed.first.map({ $0 & 0x0f != 0 }) == true {
            decoded = try MeshoptAttributes.decode(compressed, count: count, stride: stride)
        } else {
            let api = try api.get()
            decoded = [UInt8](repeating: 0, count: count * stride)
            let status = decoded.withUnsafeMutableBytes { out in
                compressed.withUnsafeBytes { source -> Int32 in
                    let input = source.bindMemory(to: UInt8.self).baseAddress
                    switch mode {
                    case "ATTRIBUTES": return api.decodeVertexBuffer(out.baseAddress, count, stride, input, source.count)
                    case "TRIANGLES": return api.decodeIndexBuffer(out.baseAddress, count, stride, input, source.count)
                    default: return api.decodeIndexSequence(out.baseAddress, count, stride, input, source.count)
                    }
                }
            }
            guard status == 0 else {
                throw MeshoptError("its \(compressed.count) bytes are not a valid \(mode) stream of \(count) elements of \(stride) bytes")
            }
        }
        if filter == "COLOR" {
            MeshoptColorFilter.decode(&decoded, count: count, stride: stride)
        } else if filter != "NONE" {
            let api = try api.get()
            decoded.withUnsafeMutableBytes { out in
                switch filter {
                case "OCTAHEDRAL": api.decodeFilterOct(out.baseAddress, count, stride)
                case "QUATERNION": api.decodeFilterQuat(out.baseAddress, count, stride)
                default: api.decodeFilterExp(out.baseAddress, count, stride)
                }
            }
        }
        return decoded
    }

    /// `vertices` (`stride` bytes each) as an ATTRIBUTES stream (Sprout's tests write compressed files with it).
    static func encode(vertices: [UInt8], stride: Int) throws(MeshoptError) -> [UInt8] {
        let api = try api.get()
        let count = vertices.count / stride
        var out = [UInt8](repeating: 0, count: api.encodeVertexBufferBound(count, stride))
        let size = out.withUnsafeMutableBytes { o in
            vertices.withUnsafeBytes { api.encodeVertexBuffer(o.bindMemory(to: UInt8.self).baseAddress, o.count, $0.baseAddress, count, stride) }
        }
        return Array(out.prefix(size))
    }

    /// `indices` (triangles over `vertexCount` vertices) as a TRIANGLES stream.
    static func encode(triangles indices: [UInt32], vertexCount: Int) throws(MeshoptError) -> [UInt8] {
        let api = try api.get()
        var out = [UInt8](repeating: 0, count: api.encodeIndexBufferBound(indices.count, vertexCount))
        let size = out.withUnsafeMutableBytes { o in
            indices.withUnsafeBufferPointer { api.encodeIndexBuffer(o.bindMemory(to: UInt8.self).baseAddress, o.count, $0.baseAddress, indices.count) }
        }
        return Array(out.prefix(size))
    }

    /// Unit vectors (x, y, z, w each) as OCTAHEDRAL-filtered signed bytes (4 a vector) of `bits` precision.
    static func encodeOctahedral(_ vectors: [Float], bits: Int32) throws(MeshoptError) -> [UInt8] {
        let api = try api.get()
        var out = [UInt8](repeating: 0, count: vectors.count)
        out.withUnsafeMutableBytes { o in vectors.withUnsafeBufferPointer { api.encodeFilterOct(o.baseAddress, vectors.count / 4, 4, bits, $0.baseAddress) } }
        return out
    }
}
