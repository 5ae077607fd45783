@preconcurrency internal import CStb
import SproutScene

/// Decoding of PNG and JPEG through stb_image (Debian's libstb); PNG encoding through zlib (`PNGEncoder`).
public enum ImageCodec {
    /// An image that cannot be decoded or encoded, with stb's reason.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// The bytes named `source` are not a PNG or JPEG stb can decode (or are empty).
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

    /// Decodes PNG or JPEG bytes into RGBA8; `source` names them in errors.
    public static func decode(_ bytes: [UInt8], source: String) throws -> Image {
        guard !bytes.isEmpty else { throw Failure.undecodable(source: source, reason: "no data") }
        var w: Int32 = 0, h: Int32 = 0, channels: Int32 = 0
        let pixels = bytes.withUnsafeBufferPointer { buf in
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

