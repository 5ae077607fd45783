/// Decodes the UASTC LDR 4x4 blocks of one texture level (Basis Universal's UASTC format, which
/// glTF's `KHR_texture_basisu` carries in KTX 2.0 files) to RGBA8: exactly the bytes Basis
/// Universal's transcoder gives when it transcodes UASTC to RGBA32 (`unpack_uastc` with `srgb`
/// false, the path `basisu -unpack` takes). The bytes are untrusted: a range too short for the
/// blocks, or a block the reference unpacker refuses, throws rather than traps.
enum UASTCImage {
    /// The bytes of one block.
    static let blockBytes = 16

    /// Level data of `width` x `height` pixels: ((width+3)/4) x ((height+3)/4) blocks of 16 bytes,
    /// row-major, in bytes[range]; returns RGBA8 width*height*4, row 0 at the top (blocks' texels
    /// past the image's right/bottom edge dropped). Bytes past the blocks are ignored.
    ///
    /// Throws `ImageDataError` for a range outside `bytes` or too short for the blocks, and for a
    /// block that uses the reserved mode code or a partition pattern past its mode's table: the
    /// reference transcoder fails the whole level on such a block (it has no error colour for
    /// UASTC), so this does too, naming the block.
    static func decode(_ bytes: [UInt8], range: Range<Int>, width: Int, height: Int) throws -> [UInt8] {
        guard width >= 0, height >= 0, width <= 1 << 24, height <= 1 << 24 else {
            throw ImageDataError(reason: "UASTC image of \(width) x \(height) pixels")
        }
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw ImageDataError(reason: "UASTC level data (bytes \(range.lowerBound)..<\(range.upperBound)) lies outside the \(bytes.count) bytes")
        }
        let blocksWide = (width + 3) / 4
        let blocksHigh = (height + 3) / 4
        let (needed, overflow) = (blocksWide * blocksHigh).multipliedReportingOverflow(by: blockBytes)
        guard !overflow, range.count >= needed else {
            throw ImageDataError(
                reason: "UASTC level of \(width) x \(height) pixels needs \(blocksWide * blocksHigh) blocks of 16 bytes but holds \(range.count) bytes")
        }
        guard !(width * height).multipliedReportingOverflow(by: 4).overflow else {
            throw ImageDataError(reason: "UASTC image of \(width) x \(height) pixels is too large")
        }
        let modes = UASTCMode.all
        return try BlockImage.decode(bytes, from: range.lowerBound, width: width, height: height, blockBytes: blockBytes) {
            block, texels, rowBytes, column, row in
            var decoder = UASTCBlock(block)
            do throws(UASTCBlock.Invalid) {
                try decoder.decode(modes: modes, into: texels, rowBytes: rowBytes)
            } catch {
                throw ImageDataError(reason: "UASTC block \(row * blocksWide + column) (column \(column), row \(row)) \(error.reason)")
            }
        }
    }
}
