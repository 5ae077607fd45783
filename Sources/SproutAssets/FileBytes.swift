#if canImport(Glibc)
import Glibc
#endif

/// A file's bytes mapped read-only, for the scans that read headers scattered through a model
/// (`FBXRecords`, `PLYLists`): mapping reads only the pages touched, whatever the file's size.
final class FileBytes {
    /// The first byte.
    let base: UnsafeRawPointer
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
