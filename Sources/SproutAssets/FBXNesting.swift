#if canImport(Glibc)
import Glibc
#endif

/// How deep an FBX file's records nest, measured before Assimp reads them: Assimp 5.2's FBX
/// parsers (binary and ASCII) descend into nested records by recursion, so a file of 50,000
/// records each inside the last (1.3 MB binary, 200 KB ASCII) ends the process with a stack
/// overflow. A real file nests a handful deep (`Objects` > `Model` > `Properties70` > `P`).
enum FBXNesting {
    /// The deepest nesting admitted: far above any exporter's, far below what exhausts the stack.
    static let maximumDepth = 256

    /// Throws when records nest deeper than `maximumDepth`. A binary file is walked record by
    /// record (each says where it ends; a record whose end is out of place stops the walk, for
    /// Assimp to refuse), an ASCII one by its braces outside strings and comments.
    static func check(_ file: UnsafeMutablePointer<FILE>, size: Int, shown: String) throws(ModelImportError) {
        fseeko(file, 0, SEEK_SET)
        let depth: Int
        if let bytes = FileBytes(file, size: size), bytes.count >= 27, (0..<21).allSatisfy({ bytes[$0] == FBXConnections.binaryMagic[$0] }) {
            let version = UInt32(bytes[23]) | UInt32(bytes[24]) << 8 | UInt32(bytes[25]) << 16 | UInt32(bytes[26]) << 24
            depth = binaryDepth(bytes, wide: version >= 7500, stopAt: maximumDepth + 1)
        } else {
            fseeko(file, 0, SEEK_SET)
            depth = asciiDepth(file, stopAt: maximumDepth + 1)
        }
        guard depth <= maximumDepth else {
            throw .exceedsLimit(path: shown, what: "its records nest more than \(maximumDepth) deep (Assimp reads them by recursion)")
        }
    }

    /// The deepest nesting of binary records from byte 27, or `stopAt` once reached. Each
    /// record's header is its end (a file offset), its property count and byte length (words of
    /// 4 bytes, 8 from version 7500) and its name's length; nested records follow its
    /// properties, closed by a null record.
    static func binaryDepth(_ bytes: FileBytes, wide: Bool, stopAt: Int) -> Int {
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
            let nested = offset + header + Int(bytes[offset + 3 * word]) + propertyBytes
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

/// A file's bytes mapped read-only (the walk reads headers scattered through it; mapping reads
/// only the pages it touches, whatever the file's size).
final class FileBytes {
    private let base: UnsafeRawPointer
    let count: Int

    init?(_ file: UnsafeMutablePointer<FILE>, size: Int) {
        guard size > 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fileno(file), 0), mapped != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(mapped)
        count = size
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }

    subscript(index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }

    /// A little-endian unsigned integer of `width` bytes at `offset` (bytes past the end read as 0).
    func integer(at offset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<width).reversed() where offset + i < count { value = value << 8 | UInt64(self[offset + i]) }
        return value
    }
}
