#if canImport(Glibc)
import Glibc
#endif

/// The lists in a PLY file's body (a face's vertex indices), measured before Assimp reads them:
/// Assimp 5.2 allocates for each list's declared length, so one face claiming 300,000,000
/// indices in a 200-byte file took 4 GB (found by mutation under AddressSanitizer). Each list
/// may claim no more values than the bytes left after its count could hold: one byte each in
/// binary (the smallest type), two in ASCII (a digit and a separator).
enum PLYLists {
    /// One property of an element: a value of `bytes` (binary), or a list whose count takes
    /// `countBytes` and whose values take `bytes` each.
    struct Property {
        var isList: Bool
        var countBytes: Int
        var bytes: Int
    }

    /// An element of the header, with its instance count and properties in order.
    struct Element {
        var name: Substring
        var count: Int
        var properties: [Property] = []
    }

    /// The body's format.
    enum Format { case ascii, binaryLittleEndian, binaryBigEndian }

    /// Throws at the first list (in the body from byte `start`) claiming more values than the
    /// rest of the file can hold. A body it cannot follow (a count that is not a number, too
    /// few bytes) ends the scan quietly, for Assimp to refuse.
    static func check(_ bytes: FileBytes, from start: Int, elements: [Element], format: Format, shown: String) throws(ModelImportError) {
        var p = start
        var lastList: [Substring: Int] = [:]
        for element in elements { lastList[element.name] = element.properties.lastIndex(where: \.isList) }
        for element in elements {
            let hasList = element.properties.contains(where: \.isList)
            if format != .ascii && !hasList {
                // Fixed-size instances: skip them all at once.
                let (total, overflow) = element.count.multipliedReportingOverflow(by: element.properties.reduce(0) { $0 + $1.bytes })
                guard !overflow, total <= bytes.count - p else { return }
                p += total
                continue
            }
            for instance in 0..<element.count {
                guard p < bytes.count else { return }
                if format == .ascii {
                    let lineEnd = bytes.index(of: 0x0A, from: p) ?? bytes.count
                    if hasList {
                        var cursor = p
                        for (index, property) in element.properties.enumerated() {
                            guard let (token, next) = bytes.token(from: cursor, before: lineEnd) else { break }
                            cursor = next
                            guard property.isList else { continue }
                            guard let claimed = Int(token) else { return }
                            if claimed > (bytes.count - cursor) / 2 { throw tooLong(element, instance, claimed, left: bytes.count - cursor, shown) }
                            if index == lastList[element.name] { break }   // the rest of the line holds no other count
                            for _ in 0..<claimed {
                                guard let (_, after) = bytes.token(from: cursor, before: lineEnd) else { break }
                                cursor = after
                            }
                        }
                    }
                    p = lineEnd + 1
                } else {
                    for property in element.properties {
                        guard p + property.countBytes <= bytes.count else { return }
                        guard property.isList else {
                            p += property.bytes
                            continue
                        }
                        let claimed = Int(clamping: bytes.integer(at: p, width: property.countBytes, bigEndian: format == .binaryBigEndian))
                        p += property.countBytes
                        if claimed > (bytes.count - p) / max(property.bytes, 1) { throw tooLong(element, instance, claimed, left: bytes.count - p, shown) }
                        p += claimed * property.bytes
                    }
                }
            }
        }
    }

    private static func tooLong(_ element: Element, _ instance: Int, _ claimed: Int, left: Int, _ shown: String) -> ModelImportError {
        .malformed(
            path: shown, reason: "'\(element.name.prefix(32))' \(instance) has a list of \(claimed) values, more than the \(left) bytes after it can hold")
    }
}

extension FileBytes {
    /// The index of the first `byte` at or after `start`, or nil.
    func index(of byte: UInt8, from start: Int) -> Int? {
        guard start < count, let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// The whitespace-separated token starting at or after `start` and ending before `end`, and
    /// where the scan goes on; nil when there is none.
    func token(from start: Int, before end: Int) -> (Substring, Int)? {
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        var i = start
        while i < end, blank(self[i]) { i += 1 }
        guard i < end else { return nil }
        var j = i
        while j < end, !blank(self[j]), j - i < 32 { j += 1 }
        let text = String(decoding: (i..<j).map { self[$0] }, as: UTF8.self)
        while j < end, !blank(self[j]) { j += 1 }
        return (Substring(text), j)
    }

    /// An unsigned integer of `width` bytes at `offset`, little- or big-endian.
    func integer(at offset: Int, width: Int, bigEndian: Bool) -> UInt64 {
        guard bigEndian else { return integer(at: offset, width: width) }
        var value: UInt64 = 0
        for i in 0..<width where offset + i < count { value = value << 8 | UInt64(self[offset + i]) }
        return value
    }
}
