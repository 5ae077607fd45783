@preconcurrency internal import CStb
import SproutScene

/// Decoding and encoding of PNG and JPEG through stb_image (Debian's libstb).
public enum ImageCodec {
    /// An image that cannot be decoded or encoded, with stb's reason.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case undecodable(source: String, reason: String)
        case unencodable(destination: String, reason: String)

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

    /// PNG bytes of `image`. `compressionLevel` trades size for speed (zlib's 1...9; stb's default is 8).
    public static func encodePNG(_ image: Image, compressionLevel: Int32 = 1) throws -> [UInt8] {
        try encodePNG(pixels: image.pixels, width: image.width, height: image.height, compressionLevel: compressionLevel)
    }

    /// PNG bytes of raw RGBA8 rows (top row first), without copying them into an `Image`.
    public static func encodePNG(pixels: [UInt8], width: Int, height: Int, compressionLevel: Int32 = 1) throws -> [UInt8] {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw Failure.unencodable(destination: "memory", reason: "image is \(width)x\(height) with \(pixels.count) bytes")
        }
        // stb keeps these settings in globals; Sprout only encodes from one thread at a time.
        stbi_write_png_compression_level = compressionLevel
        stbi_write_force_png_filter = 2   // "up": fast and compresses rendered frames well
        let sink = ByteSink()
        let ok = pixels.withUnsafeBufferPointer { buf in
            stbi_write_png_to_func({ context, data, size in
                guard let context, let data else { return }
                let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
            }, Unmanaged.passUnretained(sink).toOpaque(), Int32(width), Int32(height), 4, buf.baseAddress, Int32(width * 4))
        }
        guard ok != 0 else { throw Failure.unencodable(destination: "memory", reason: "encoder failed") }
        return sink.bytes
    }
}

/// Collects what stb's PNG writer emits.
private final class ByteSink {
    var bytes: [UInt8] = []
}
