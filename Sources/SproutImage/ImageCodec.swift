@preconcurrency internal import CStb
import SproutScene

/// Decoding of PNG and JPEG through stb_image (Debian's libstb), of WebP through libwebp
/// (`WebPCodec`) and of AVIF through libavif (`AVIFCodec`), each opened on the first image it
/// decodes; PNG encoding through zlib (`PNGEncoder`).
public enum ImageCodec {
    /// An image that cannot be decoded or encoded, with stb's reason.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// The bytes named `source` are not a PNG, JPEG, WebP or AVIF image that can be decoded (or are empty).
        case undecodable(source: String, reason: String)
        /// The pixels could not be encoded as a PNG (a size that does not match the bytes, or zlib failed).
        case unencodable(destination: String, reason: String)

        /// What was being decoded or encoded and why it failed, in one line.
        public var description: String {
            switch self {
            case let .undecodable(source, reason): "\(source): cannot decode image: \(reason)"
            case let .unencodable(destination, reason): "\(destination): cannot write PNG: \(reason)"
            }
        }
    }

    /// The most pixels `decode` makes by default: 8,192 x 8,192, the largest picture Sprout
    /// renders (a golden or a texture larger than that is refused before it is decoded).
    public static let defaultMaximumPixels = 1 << 26

    /// Decodes PNG (libpng, else stb), JPEG (libjpeg-turbo, else stb), WebP, AVIF, KTX 2.0 (ETC1S, UASTC) or DDS (BC1...BC5, BC7, uncompressed) bytes into RGBA8; `source` names them in errors. The size in
    /// the header is checked against `maximumPixels` before anything is decoded: a 64 KB PNG can
    /// declare 2 GB of pixels.
    public static func decode(_ bytes: [UInt8], source: String, maximumPixels: Int = defaultMaximumPixels) throws -> Image {
        guard !bytes.isEmpty else { throw Failure.undecodable(source: source, reason: "no data") }
        guard bytes.count < Int(Int32.max) else {
            throw Failure.undecodable(source: source, reason: "\(bytes.count) bytes, more than an image may have (2 GiB)")
        }
        if WebPCodec.isWebP(bytes) { return try WebPCodec.decode(bytes, source: source, maximumPixels: maximumPixels) }
        if AVIFCodec.isAVIF(bytes) { return try AVIFCodec.decode(bytes, source: source, maximumPixels: maximumPixels) }
        if KTX2Codec.isKTX2(bytes) { return try KTX2Codec.decode(bytes, source: source, maximumPixels: maximumPixels) }
        if DDSCodec.isDDS(bytes) { return try DDSCodec.decode(bytes, source: source, maximumPixels: maximumPixels) }
        var w: Int32 = 0, h: Int32 = 0, channels: Int32 = 0
        let known = bytes.withUnsafeBufferPointer { buf in stbi_info_from_memory(buf.baseAddress, Int32(buf.count), &w, &h, &channels) }
        if known != 0, Int(w) * Int(h) > maximumPixels {
            throw Failure.undecodable(source: source, reason: "\(w) x \(h) pixels, more than the limit of \(maximumPixels)")
        }
        // libpng first; a file it refuses (a damaged CRC, Apple's CgBI variant) goes on to stb,
        // which reads what it can, as before.
        if PNGCodec.isPNG(bytes), let image = try? PNGCodec.decode(bytes, maximumPixels: maximumPixels) { return image }
        if let problem = JPEGTables.problem(bytes) { throw Failure.undecodable(source: source, reason: problem) }
        // libjpeg-turbo likewise, after the tables stb would crash on are refused as before;
        // a file it refuses for good (too many scans) is not handed to stb.
        if JPEGCodec.isJPEG(bytes) {
            do {
                return try JPEGCodec.decode(bytes, maximumPixels: maximumPixels)
            } catch {
                if error.isFinal { throw Failure.undecodable(source: source, reason: error.reason) }
            }
        }
        let safe = PNGPalette.padded(bytes) ?? bytes
        let pixels = safe.withUnsafeBufferPointer { buf in
            stbi_load_from_memory(buf.baseAddress, Int32(buf.count), &w, &h, &channels, 4)
        }
        guard let pixels else {
            let reason = stbi_failure_reason().map { String(cString: $0) } ?? "unknown format"
            throw Failure.undecodable(source: source, reason: reason)
        }
        defer { stbi_image_free(pixels) }
        let count = Int(w) * Int(h) * 4
        return Image(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// The pixels an image file's header declares: a PNG's or JPEG's (stb's reading of it, as
    /// `decode` checks it), a WebP's (libwebp's), a KTX 2.0 texture's or a DDS file's level 0,
    /// each as its codec reads it; nil for AVIF or a header that cannot be read. What an import
    /// may decode ahead of time is measured by it (`ImagePrefetch`).
    public static func declaredPixelCount(_ bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty, bytes.count < Int(Int32.max), !AVIFCodec.isAVIF(bytes) else { return nil }
        let size: (width: Int, height: Int)?
        if KTX2Codec.isKTX2(bytes) {
            size = KTX2Codec.declaredSize(bytes)
        } else if DDSCodec.isDDS(bytes) {
            size = DDSCodec.declaredSize(bytes)
        } else if WebPCodec.isWebP(bytes) {
            size = WebPCodec.declaredSize(bytes)
        } else {
            var w: Int32 = 0, h: Int32 = 0, channels: Int32 = 0
            let known = bytes.withUnsafeBufferPointer { buf in stbi_info_from_memory(buf.baseAddress, Int32(buf.count), &w, &h, &channels) }
            size = known != 0 ? (Int(w), Int(h)) : nil
        }
        return size.map { size in
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            return overflow ? .max : pixels
        }
    }

    /// PNG bytes of `image`. `compressionLevel` trades size for speed (zlib's 0...9).
    public static func encodePNG(_ image: Image, compressionLevel: Int32 = 1) throws -> [UInt8] {
        try encodePNG(pixels: image.pixels, width: image.width, height: image.height, compressionLevel: compressionLevel)
    }

    /// PNG bytes of raw RGBA8 rows (top row first), without copying them into an `Image`.
    public static func encodePNG(pixels: [UInt8], width: Int, height: Int, compressionLevel: Int32 = 1) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 24, height <= 1 << 24, pixels.count == width * height * 4 else {
            throw Failure.unencodable(destination: "memory", reason: "image is \(width)x\(height) with \(pixels.count) bytes")
        }
        guard let png = PNGEncoder.encode(pixels: pixels, width: width, height: height, level: compressionLevel) else {
            throw Failure.unencodable(destination: "memory", reason: "zlib could not compress it (out of memory?)")
        }
        return png
    }
}
