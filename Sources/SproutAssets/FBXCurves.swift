#if canImport(Glibc)
import Glibc
#endif
import SproutImage

/// How far an FBX file's animation curves travel, summed before Assimp reads them: Assimp 5.2
/// splits a rotation curve into a key every 180 degrees of travel, so one key of 1e9 degrees
/// made 5.5 million keys (1.4 GB) and one of 1e12 ran out of memory (found by mutation under
/// AddressSanitizer). Every curve's values (`KeyValueFloat`) are summed as if they turned, which
/// over-counts translations and scales: a real file travels far below the limit.
struct FBXCurves {
    /// The most travel admitted across all curves: 10 million of Assimp's 180-degree steps.
    static let maximumTravel = 180.0 * 10_000_000
    /// The record (binary) or key (ASCII) holding a curve's values.
    static let keyValuesName = Array("KeyValueFloat".utf8)

    private var travel = 0.0

    /// Adds one curve's `values`; throws once the total passes `maximumTravel` or a value is
    /// not a number.
    mutating func add<Values: Sequence<Double>>(_ values: Values, shown: String) throws(ModelImportError) {
        var previous: Double?
        for value in values {
            guard value.isFinite else { throw .malformed(path: shown, reason: "an animation curve holds a key that is not a finite number") }
            if let previous { travel += abs(value - previous) }
            previous = value
        }
        guard travel <= Self.maximumTravel else {
            throw .exceedsLimit(
                path: shown,
                what:
                    "its animation curves travel more than \(Int(Self.maximumTravel)) in all (Assimp 5.2 makes a rotation key every 180 degrees of it)")
        }
    }

    /// The first property of a binary `KeyValueFloat` record (from `start` to `end`): a float
    /// or double array, inflated if compressed (its length already checked by
    /// `FBXRecords.checkArrays`). Anything else is left for Assimp.
    mutating func add(binaryArray bytes: FileBytes, at start: Int, before end: Int, shown: String) throws(ModelImportError) {
        guard start + 13 <= end else { return }
        let type = bytes[start], valueBytes = type == UInt8(ascii: "f") ? 4 : type == UInt8(ascii: "d") ? 8 : 0
        guard valueBytes > 0 else { return }
        let count = Int(bytes.integer(at: start + 1, width: 4)), encoding = bytes.integer(at: start + 5, width: 4)
        let stored = Int(bytes.integer(at: start + 9, width: 4))
        guard start + 13 + stored <= end else { return }
        let raw = UnsafeRawBufferPointer(start: bytes.base + start + 13, count: stored)
        let data: [UInt8]
        switch encoding {
        case 0: data = Array(raw)
        case 1:
            guard let inflated = Zlib.inflate(raw, expectedBytes: count * valueBytes) else { return }
            data = inflated
        default: return
        }
        guard data.count >= count * valueBytes else { return }
        let values: [Double] = data.withUnsafeBytes { raw in
            (0..<count).map { i in
                valueBytes == 4
                    ? Double(Float(bitPattern: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian))
                    : Double(bitPattern: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self).littleEndian)
            }
        }
        try add(values, shown: shown)
    }
}
