import SproutScene

/// Reads KTX 2.0 textures: Basis Universal ETC1S images with BasisLZ supercompression and UASTC
/// images, plain or under Zstandard (what glTF's `KHR_texture_basisu` carries, as `basisu -ktx2`,
/// `toktx` and gltfpack write them), and uncompressed RGBA8, plain or under Zstandard, into RGBA8
/// pixels, rows turned top down where `KTXorientation` says they run up. Only mip level 0, layer 0, face 0 is read. The bytes are
/// untrusted: every count and offset is checked before use, so a damaged file throws rather than traps.
public enum KTX2Codec {
    // KTX 2.0, identifier: «KTX 20» and line-ending and end-of-file bytes that catch text transfers.
    private static let identifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` begin with the KTX 2.0 identifier.
    public static func isKTX2(_ bytes: [UInt8]) -> Bool {
        bytes.count >= identifier.count && Array(bytes[0..<identifier.count]) == identifier
    }

    /// Level 0 (layer 0, face 0) as RGBA8, row 0 at the top, the values as stored: sRGB or linear
    /// as `isSRGB` says, the caller decides. The declared size is checked against `maximumPixels`
    /// before anything is allocated. Throws `ImageCodec.Failure.undecodable(source:reason:)` naming
    /// what is wrong with the file or what it uses that Sprout does not decode (ZLIB
    /// supercompression, a vkFormat other than R8G8B8A8 37/43 without Basis Universal's, a 3D texture).
    public static func decode(_ bytes: [UInt8], source: String, maximumPixels: Int) throws -> Image {
        do {
            return try decodeImage(bytes, maximumPixels: maximumPixels)
        } catch let error as ImageDataError {
            throw ImageCodec.Failure.undecodable(source: source, reason: error.reason)
        }
    }

    /// Level 0's width and height as the header declares them (pixelWidth and pixelHeight, at
    /// bytes 20 and 24); nil when `bytes` are not KTX 2.0 or the header is cut short.
    static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard isKTX2(bytes), bytes.count >= 80 else { return nil }
        return (bytes.littleEndian32(at: 20), bytes.littleEndian32(at: 24))
    }

    private static func decodeImage(_ bytes: [UInt8], maximumPixels: Int) throws -> Image {
        guard isKTX2(bytes) else { throw ImageDataError(reason: "not a KTX 2.0 texture") }
        guard let (width, height) = declaredSize(bytes) else { throw ImageDataError(reason: "KTX2 header is cut short (\(bytes.count) bytes)") }
        // KTX 2.0, File Structure: nine 32-bit fields after the identifier, then the index (dfd, kvd,
        // sgd offsets and lengths) up to byte 80, where the level index begins (24 bytes a level).
        let vkFormat = bytes.littleEndian32(at: 12)
        let depth = bytes.littleEndian32(at: 28)
        let layers = max(bytes.littleEndian32(at: 32), 1)
        let faces = bytes.littleEndian32(at: 36)
        let levels = max(bytes.littleEndian32(at: 40), 1)
        let scheme = bytes.littleEndian32(at: 44)
        guard width > 0, height > 0 else { throw ImageDataError(reason: "KTX2 texture of \(width) x \(height) pixels") }
        guard depth == 0 else { throw ImageDataError(reason: "KTX2 3D texture (depth \(depth)), which Sprout does not decode") }
        guard (1...6).contains(faces) else { throw ImageDataError(reason: "KTX2 texture with \(faces) faces") }
        guard levels <= 32, layers <= 65536 else { throw ImageDataError(reason: "KTX2 texture with \(levels) levels and \(layers) layers") }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels, width <= 1 << 20, height <= 1 << 20
        else {
            throw ImageDataError(reason: "\(width) x \(height) pixels, more than the limit of \(maximumPixels)")
        }
        guard bytes.count >= 80 + levels * 24 else { throw ImageDataError(reason: "KTX2 level index is cut short") }
        // KTX 2.0, Level Index: byteOffset, byteLength, uncompressedByteLength of level 0 (the largest).
        let levelStart = u64(bytes, 80)
        let levelLength = u64(bytes, 88)
        guard levelStart <= bytes.count, levelLength <= bytes.count - levelStart else {
            throw ImageDataError(reason: "KTX2 level 0 lies outside the file")
        }
        let level = levelStart..<(levelStart + levelLength)
        let image: Image
        switch scheme {
        case 0:
            let imageBytes = try imageByteCount(vkFormat: vkFormat, model: colorModel(bytes), width: width, height: height)
            guard level.count >= imageBytes else {
                throw ImageDataError(reason: "KTX2 level 0 holds \(level.count) bytes, not \(imageBytes)")
            }
            image = try firstImage(
                bytes, at: level.lowerBound..<(level.lowerBound + imageBytes), vkFormat: vkFormat, width: width, height: height)
        case 1:
            guard vkFormat == 0 else { throw ImageDataError(reason: "KTX2 BasisLZ texture with vkFormat \(vkFormat), not 0") }
            image = try basisLZ(
                bytes, level: level, width: width, height: height, imageCount: levels * layers * faces)
        case 2:
            let model = colorModel(bytes)
            let imageBytes = try imageByteCount(vkFormat: vkFormat, model: model, width: width, height: height)
            // Level 0 holds every layer's and face's image; only the first is drawn, but the frame
            // inflates whole. Its size is held to the bytes of the pixel limit's RGBA before any
            // allocation, so a small file cannot claim gigabytes.
            let inflatedBytes = u64(bytes, 96)
            let images = layers * faces
            guard inflatedBytes == imageBytes * images, inflatedBytes <= maximumPixels * 4 else {
                // u64 reads a length of 4 GiB or more as Int32.max.
                let said = inflatedBytes == Int(Int32.max) ? "4 GiB or more" : "\(inflatedBytes) bytes"
                throw ImageDataError(
                    reason: "KTX2 level 0 says it inflates to \(said), not \(images) image(s) of \(imageBytes) bytes within the pixel limit")
            }
            let inflated = try Zstandard.decompress(bytes, range: level, expectedBytes: inflatedBytes)
            image = try firstImage(inflated, at: 0..<imageBytes, vkFormat: vkFormat, width: width, height: height)
        case 3:
            throw ImageDataError(reason: "KTX2 supercompression scheme 3 (ZLIB), which Sprout does not decode (only BasisLZ and Zstandard)")
        default:
            throw ImageDataError(reason: "KTX2 supercompression scheme \(scheme), which Sprout does not decode (only BasisLZ and Zstandard)")
        }
        return rowsRunUp(bytes) ? image.flippedVertically() : image
    }

    /// The bytes of one image of level 0 as stored without supercompression: 16 a 4 x 4 block of
    /// UASTC, 4 a pixel of R8G8B8A8. Throws naming a format Sprout does not decode.
    private static func imageByteCount(vkFormat: Int, model: Int?, width: Int, height: Int) throws -> Int {
        if vkFormat == 37 || vkFormat == 43 { return width * height * 4 }
        if vkFormat == 0, model == 166 { return ((width + 3) / 4) * ((height + 3) / 4) * 16 }
        let named = model.map { " (color model \($0))" } ?? ""
        throw ImageDataError(
            reason: "KTX2 vkFormat \(vkFormat)\(named), which Sprout does not decode (only ETC1S, UASTC, or R8G8B8A8 37/43)")
    }

    /// Level 0's first image, `bytes[image]` (after any Zstandard inflation; `imageByteCount` of
    /// them): UASTC blocks (vkFormat 0) or R8G8B8A8 pixels.
    private static func firstImage(_ bytes: [UInt8], at image: Range<Int>, vkFormat: Int, width: Int, height: Int) throws -> Image {
        let pixels = vkFormat == 0 ? try UASTCImage.decode(bytes, range: image, width: width, height: height) : Array(bytes[image])
        return Image(width: width, height: height, pixels: pixels)
    }

    private static func basisLZ(
        _ bytes: [UInt8], level: Range<Int>, width: Int, height: Int, imageCount: Int
    ) throws -> Image {
        guard let model = colorModel(bytes) else { throw ImageDataError(reason: "KTX2 data format descriptor is missing") }
        guard model == 163 else { throw ImageDataError(reason: "KTX2 BasisLZ texture with color model \(model), not ETC1S (163)") }
        let globalStart = u64(bytes, 64)
        let globalLength = u64(bytes, 72)
        guard globalStart <= bytes.count, globalLength <= bytes.count - globalStart, globalLength >= 20 else {
            throw ImageDataError(reason: "KTX2 BasisLZ global data lies outside the file")
        }
        let g = globalStart
        let endpointCount = bytes.littleEndian16(at: g)
        let selectorCount = bytes.littleEndian16(at: g + 2)
        let endpointsLength = bytes.littleEndian32(at: g + 4)
        let selectorsLength = bytes.littleEndian32(at: g + 8)
        let tablesLength = bytes.littleEndian32(at: g + 12)
        let extendedLength = bytes.littleEndian32(at: g + 16)
        let descriptors = g + 20
        let endpointsStart = descriptors + imageCount * 20
        let selectorsStart = endpointsStart + endpointsLength
        let tablesStart = selectorsStart + selectorsLength
        let needed = tablesStart + tablesLength + extendedLength - g
        guard needed <= globalLength else {
            throw ImageDataError(reason: "KTX2 BasisLZ global data needs \(needed) bytes but holds \(globalLength)")
        }
        let codebooks = try BasisLZCodebooks(
            bytes, endpointCount: endpointCount, endpointsAt: endpointsStart..<selectorsStart, selectorCount: selectorCount,
            selectorsAt: selectorsStart..<tablesStart, tablesAt: tablesStart..<(tablesStart + tablesLength))
        // imageDescs[0]: mip level 0, layer 0, face 0.
        let flags = bytes.littleEndian32(at: descriptors)
        guard flags & 2 == 0 else { throw ImageDataError(reason: "KTX2 level 0 is a P-frame of texture video") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let color = try slice(bytes, level: level, offset: bytes.littleEndian32(at: descriptors + 4), length: bytes.littleEndian32(at: descriptors + 8))
        try BasisLZSlice.decode(
            bytes, range: color, codebooks: codebooks, width: width, height: height, target: .color, into: &pixels)
        let alphaLength = bytes.littleEndian32(at: descriptors + 16)
        if alphaLength > 0 {
            let alpha = try slice(bytes, level: level, offset: bytes.littleEndian32(at: descriptors + 12), length: alphaLength)
            try BasisLZSlice.decode(
                bytes, range: alpha, codebooks: codebooks, width: width, height: height, target: .alpha, into: &pixels)
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private static func slice(_ bytes: [UInt8], level: Range<Int>, offset: Int, length: Int) throws -> Range<Int> {
        guard length > 0, offset <= level.count, length <= level.count - offset else {
            throw ImageDataError(reason: "KTX2 ETC1S slice (\(length) bytes at \(offset)) lies outside level 0")
        }
        return (level.lowerBound + offset)..<(level.lowerBound + offset + length)
    }

    /// Whether the key/value data's `KTXorientation` says rows run up the image (its second
    /// letter `u`; KTX 2.0, KTXorientation: `rd`, rows down, is the default and what `basisu`,
    /// `toktx` and gltfpack write). A missing, short or damaged key/value block reads as the default.
    static func rowsRunUp(_ bytes: [UInt8]) -> Bool {
        // KTX 2.0, Index: kvdByteOffset and kvdByteLength follow the DFD's.
        let start = bytes.littleEndian32(at: 56)
        let length = bytes.littleEndian32(at: 60)
        guard start <= bytes.count, length <= bytes.count - start else { return false }
        let key = Array("KTXorientation".utf8) + [0]
        var entry = start
        // Each entry: a 32-bit length, the key and value it counts, padding to 4 bytes.
        while entry + 4 <= start + length {
            let pairLength = bytes.littleEndian32(at: entry)
            let pair = entry + 4
            guard pairLength <= start + length - pair else { return false }
            if pairLength > key.count, bytes[pair..<(pair + key.count)].elementsEqual(key) {
                return pairLength > key.count + 1 && bytes[pair + key.count + 1] == UInt8(ascii: "u")
            }
            entry = pair + (pairLength + 3) / 4 * 4
        }
        return false
    }

    /// Whether the file's data format descriptor says sRGB transfer (KHR_DF_TRANSFER_SRGB = 2);
    /// false for a linear texture and for bytes whose descriptor cannot be found.
    public static func isSRGB(_ bytes: [UInt8]) -> Bool {
        guard isKTX2(bytes) else { return false }
        return basicDescriptorByte(bytes, at: 2) == 2
    }

    /// The data format descriptor's color model (163 ETC1S, 166 UASTC), if the descriptor is there.
    private static func colorModel(_ bytes: [UInt8]) -> Int? {
        basicDescriptorByte(bytes, at: 0)
    }

    /// Byte `field` of the basic descriptor block's model fields (Khronos Data Format 1.3, basic
    /// descriptor block: 0 colorModel, 1 colorPrimaries, 2 transferFunction, 3 flags), which follow
    /// the 4-byte dfdTotalSize and the block's two header words.
    private static func basicDescriptorByte(_ bytes: [UInt8], at field: Int) -> Int? {
        // KTX 2.0, Index: dfdByteOffset and dfdByteLength follow the 48-byte header.
        let start = bytes.littleEndian32(at: 48)
        let length = bytes.littleEndian32(at: 52)
        guard length >= 16, start <= bytes.count, length <= bytes.count - start else { return nil }
        return Int(bytes[start + 12 + field])
    }

    /// A 64-bit little-endian field, as an `Int` clamped so that later sums cannot overflow.
    private static func u64(_ bytes: [UInt8], _ at: Int) -> Int {
        let high = bytes.littleEndian32(at: at + 4)
        return high == 0 ? bytes.littleEndian32(at: at) : Int(Int32.max)
    }
}
