#if canImport(Glibc)
import Glibc
#endif

/// An FBX file's records, measured before Assimp reads them. How deep they nest: Assimp 5.2's
/// FBX parsers (binary and ASCII) descend into nested records by recursion, so a file of 50,000
/// records each inside the last (1.3 MB binary, 200 KB ASCII) ends the process with a stack
/// overflow, where a real file nests a handful deep (`Objects` > `Model` > `Properties70` > `P`).
/// And a binary file's compressed arrays, which must not declare more values than they hold.
enum FBXRecords {
    /// The deepest nesting admitted: far above any exporter's, far below what exhausts the stack.
    static let maximumDepth = 256

    /// Throws when records nest deeper than `maximumDepth`, or a binary file's compressed array
    /// claims more values than it can hold (`checkArrays`). A binary file is walked record by
    /// record (each says where it ends; a record whose end is out of place stops the walk, for
    /// Assimp to refuse), an ASCII one by its braces outside strings and comments.
    static func check(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) {
        fseeko(file, 0, SEEK_SET)
        let depth: Int
        if let bytes = FileBytes(file, size: size), bytes.count >= 27, (0..<21).allSatisfy({ bytes[$0] == FBXConnections.binaryMagic[$0] }) {
            let version = UInt32(bytes[23]) | UInt32(bytes[24]) << 8 | UInt32(bytes[25]) << 16 | UInt32(bytes[26]) << 24
            depth = try binaryDepth(bytes, wide: version >= 7500, stopAt: maximumDepth + 1, shown: shown)
        } else {
            fseeko(file, 0, SEEK_SET)
            depth = asciiDepth(file, stopAt: maximumDepth + 1)
            fseeko(file, 0, SEEK_SET)
            try FBXCurves.checkASCII(file, shown: shown)
        }
        guard depth <= maximumDepth else {
            throw .exceedsLimit(path: shown, what: "its records nest more than \(maximumDepth) deep (Assimp reads them by recursion)")
        }
    }

    /// The deepest nesting of binary records from byte 27, or `stopAt` once reached. Each
    /// record's header is its end (a file offset), its property count and byte length (words of
    /// 4 bytes, 8 from version 7500) and its name's length; nested records follow its
    /// properties, closed by a null record. Each record's arrays are checked on the way.
    static func binaryDepth(_ bytes: FileBytes, wide: Bool, stopAt: Int, shown: String) throws(ModelImportError) -> Int {
        var curves = FBXCurves()
        let word = wide ? 8 : 4, header = 3 * word + 1
        var ends: [Int] = []   // the records open around `offset`
        var deepest = 0, offset = 27
        while offset + header <= bytes.count {
            while let last = ends.last, offset >= last { ends.removeLast() }
            let end = Int(clamping: bytes.integer(at: offset, width: word))
            if end == 0 {   // a null record closes a list of nested records
                offset += header
                continue
            }
            guard end > offset, end <= (ends.last ?? bytes.count) else { break }
            let propertyBytes = Int(clamping: bytes.integer(at: offset + 2 * word, width: word))
            guard propertyBytes < end else { break }
            let nameLength = Int(bytes[offset + 3 * word])
            let properties = offset + header + nameLength
            try checkArrays(bytes, from: properties, to: min(properties + propertyBytes, end), shown: shown)
            if nameLength == FBXCurves.keyValuesName.count, (0..<nameLength).allSatisfy({ bytes[offset + header + $0] == FBXCurves.keyValuesName[$0] }) {
                try curves.add(binaryArray: bytes, at: properties, before: min(properties + propertyBytes, end), shown: shown)
            }
            let nested = properties + propertyBytes
            if nested < end {
                ends.append(end)
                deepest = max(deepest, ends.count)
                if deepest >= stopAt { return deepest }
                offset = nested
            } else {
                offset = end
            }
        }
        return deepest
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
        var p = start
        while p < end {
            let type = bytes[p]
            p += 1
            switch type {
            case UInt8(ascii: "Y"): p += 2
            case UInt8(ascii: "C"): p += 1
            case UInt8(ascii: "I"), UInt8(ascii: "F"): p += 4
            case UInt8(ascii: "D"), UInt8(ascii: "L"): p += 8
            case UInt8(ascii: "S"), UInt8(ascii: "R"):
                guard p + 4 <= end else { return }
                p += 4 + Int(bytes.integer(at: p, width: 4))
            default:
                guard let valueBytes = arrayValueBytes[type], p + 12 <= end else { return }
                let count = Int(bytes.integer(at: p, width: 4)), encoding = bytes.integer(at: p + 4, width: 4)
                let stored = Int(bytes.integer(at: p + 8, width: 4))
                if encoding == 1, count * valueBytes > stored * deflateMaximumRatio + deflateSlack {
                    throw .malformed(
                        path: shown, reason: "an array at byte \(p - 1) declares \(count) values, more than its \(stored) compressed bytes can hold")
                }
                p += 12 + stored
            }
        }
    }

    /// The deepest brace nesting of an ASCII file, streamed: braces inside "strings" and after
    /// a `;` (a comment, to the end of its line) do not count.
    static func asciiDepth(_ file: UnsafeMutablePointer<FILE>, stopAt: Int) -> Int {
        var depth = 0, deepest = 0
        var inString = false, inComment = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard n > 0 else { break }
            for i in 0..<n {
                let c = buffer[i]
                if inComment {
                    if c == 0x0A { inComment = false }
                } else if inString {
                    if c == 0x22 || c == 0x0A { inString = false }
                } else {
                    switch c {
                    case 0x22: inString = true
                    case 0x3B: inComment = true
                    case 0x7B:
                        depth += 1
                        deepest = max(deepest, depth)
                        if deepest >= stopAt { return deepest }
                    case 0x7D: depth = max(0, depth - 1)
                    default: break
                    }
                }
            }
        }
        return deepest
    }
}
