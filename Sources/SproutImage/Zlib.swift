internal import CZlib

/// zlib streams read back (this module is Sprout's one edge to zlib): an FBX file's compressed
/// arrays, measured before Assimp reads them.
public enum Zlib {
    /// `bytes` (a zlib stream) inflated to exactly `expectedBytes`; nil when the stream is
    /// broken or holds another amount.
    public static func inflate(_ bytes: UnsafeRawBufferPointer, expectedBytes: Int) -> [UInt8]? {
        guard expectedBytes > 0, let source = bytes.baseAddress else { return expectedBytes == 0 ? [] : nil }
        var output = [UInt8](repeating: 0, count: expectedBytes)
        var written = uLongf(expectedBytes)
        let status = output.withUnsafeMutableBytes { out in
            uncompress(out.baseAddress!.assumingMemoryBound(to: Bytef.self), &written, source.assumingMemoryBound(to: Bytef.self), uLong(bytes.count))
        }
        return status == Z_OK && Int(written) == expectedBytes ? output : nil
    }
}
