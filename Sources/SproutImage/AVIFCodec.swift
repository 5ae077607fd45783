internal import CAvif
import SproutScene

/// AVIF images (glTF's EXT_texture_avif) through libavif, opened on first use (`CAvif`): the
/// first frame, converted to 8-bit RGBA.
enum AVIFCodec {
    /// The library, opened once; nil with the reason when it cannot be.
    nonisolated(unsafe) private static let api = LibraryOpening.open(sprout_avif(), file: "libavif.so.15", name: "libavif", with: sprout_avif_open)

    /// Whether `bytes` start as an AVIF file does: an ISO BMFF `ftyp` box whose major or a
    /// compatible brand is `avif` (a still image) or `avis` (a sequence).
    static func isAVIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(max(size, 16), bytes.count, 256)
        // The major brand at 8, the minor version at 12, compatible brands from 16.
        let brands = [8] + Array(stride(from: 16, to: end - 3, by: 4))
        return brands.contains { bytes[$0..<$0 + 4].elementsEqual("avif".utf8) || bytes[$0..<$0 + 4].elementsEqual("avis".utf8) }
    }

    /// RGBA8 of the AVIF `bytes`' first frame; its size (from the parse, which decodes no
    /// pixels) is checked against `maximumPixels` before anything is decoded, under libavif's
    /// own limit of 16,384².
    static func decode(_ bytes: [UInt8], source: String, maximumPixels: Int) throws(ImageCodec.Failure) -> Image {
        let api = try api.get()
        guard let decoder = api.decoderCreate() else { throw .undecodable(source: source, reason: "libavif could not make a decoder") }
        defer { api.decoderDestroy(decoder) }
        decoder.pointee.maxThreads = 1
        decoder.pointee.imageCountLimit = 1
        decoder.pointee.ignoreExif = AVIF_TRUE
        decoder.pointee.ignoreXMP = AVIF_TRUE
        func failed(_ result: avifResult) -> ImageCodec.Failure {
            let why = api.resultToString(result).map { String(cString: $0) } ?? "result \(result.rawValue)"
            return .undecodable(source: source, reason: "not an AVIF image libavif can read (\(why))")
        }
        // The decoder reads the bytes in place: everything happens while they are held.
        let decoded: Result<Image, ImageCodec.Failure> = bytes.withUnsafeBufferPointer { buffer in
            var result = api.decoderSetIOMemory(decoder, buffer.baseAddress, buffer.count)
            if result == AVIF_RESULT_OK { result = api.decoderParse(decoder) }
            guard result == AVIF_RESULT_OK, let image = decoder.pointee.image else { return .failure(failed(result)) }
            let width = Int(image.pointee.width), height = Int(image.pointee.height)
            guard width > 0, height > 0, width * height <= maximumPixels else {
                return .failure(.undecodable(source: source, reason: "\(width) x \(height) pixels, more than the limit of \(maximumPixels)"))
            }
            result = api.decoderNextImage(decoder)
            guard result == AVIF_RESULT_OK, let frame = decoder.pointee.image else { return .failure(failed(result)) }
            var rgb = avifRGBImage()
            api.rgbImageSetDefaults(&rgb, frame)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            rgb.rowBytes = UInt32(width * 4)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            result = pixels.withUnsafeMutableBufferPointer { out in
                rgb.pixels = out.baseAddress
                return api.imageYUVToRGB(frame, &rgb)
            }
            guard result == AVIF_RESULT_OK else { return .failure(failed(result)) }
            return .success(Image(width: width, height: height, pixels: pixels))
        }
        return try decoded.get()
    }
}
