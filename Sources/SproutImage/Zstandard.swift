internal import CZstd

/// Zstandard frames inflated through libzstd, opened on first use (`CZstd`): KTX 2.0's
/// supercompression scheme 2, which `basisu` and `toktx` write around UASTC levels.
enum Zstandard {
    /// The library, opened once; nil with the reason when it cannot be.
    nonisolated(unsafe) private static let api = LibraryOpening.open(sprout_zstd(), file: "libzstd.so.1", name: "libzstd", with: sprout_zstd_open)

    /// The frames in `bytes[range]` inflated to exactly `expectedBytes`, which the caller has
    /// already held to its pixel limit: a frame that holds more fails (libzstd stops at the
    /// buffer's end), so a small hostile file cannot make it allocate more. Throws naming the
    /// library's reason, or how many bytes came out instead.
    static func decompress(_ bytes: [UInt8], range: Range<Int>, expectedBytes: Int) throws -> [UInt8] {
        let api: sprout_zstd
        switch Self.api {
        case .success(let opened): api = opened
        case .failure(.undecodable(_, let reason)), .failure(.unencodable(_, let reason)):
            throw ImageDataError(reason: "a Zstandard-supercompressed KTX2 texture, and \(reason)")
        }
        var output = [UInt8](repeating: 0, count: expectedBytes)
        let written = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBytes { destination in
                api.decompress(destination.baseAddress, expectedBytes, source.baseAddress! + range.lowerBound, range.count)
            }
        }
        if api.isError(written) != 0 {
            let reason = api.errorName(written).map { String(cString: $0) } ?? "error \(written)"
            throw ImageDataError(reason: "its Zstandard data does not inflate (libzstd: \(reason))")
        }
        guard written == expectedBytes else {
            throw ImageDataError(reason: "its Zstandard data inflates to \(written) bytes, not the \(expectedBytes) the level needs")
        }
        return output
    }
}
