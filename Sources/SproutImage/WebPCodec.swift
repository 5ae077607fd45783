internal import CWebP
import SproutScene

/// WebP images (glTF's EXT_texture_webp) through libwebp, opened on first use (`CWebP`).
enum WebPCodec {
    /// The library, opened once; nil with the reason when it cannot be.
    nonisolated(unsafe) private static let api = LibraryOpening.open(sprout_webp(), file: "libwebp.so.7", name: "libwebp", with: sprout_webp_open)

    /// Whether `bytes` start as a WebP file does ("RIFF", a size, "WEBP").
    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    /// The width and height the WebP `bytes` declare; nil when libwebp cannot be opened or read them.
    static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let api = try? api.get() else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ api.getInfo($0.baseAddress, $0.count, &width, &height) }) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// RGBA8 of the WebP `bytes`; the size in the header is checked against `maximumPixels` first.
    static func decode(_ bytes: [UInt8], source: String, maximumPixels: Int) throws(ImageCodec.Failure) -> Image {
        let api = try api.get()
        var width: Int32 = 0, height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ api.getInfo($0.baseAddress, $0.count, &width, &height) }) != 0, width > 0, height > 0 else {
            throw .undecodable(source: source, reason: "not a WebP image libwebp can read")
        }
        guard Int(width) * Int(height) <= maximumPixels else {
            throw .undecodable(source: source, reason: "\(width) x \(height) pixels, more than the limit of \(maximumPixels)")
        }
        guard let pixels = bytes.withUnsafeBufferPointer({ api.decodeRGBA($0.baseAddress, $0.count, &width, &height) }) else {
            throw .undecodable(source: source, reason: "its WebP data does not decode")
        }
        defer { api.free(pixels) }
        return Image(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }

    /// `image` as a lossless WebP file (Sprout's tests write WebP textures with it).
    static func encodeLossless(_ image: Image) throws(ImageCodec.Failure) -> [UInt8] {
        let api = try api.get()
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer {
            api.encodeLosslessRGBA($0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        guard let output, size > 0 else { throw .unencodable(destination: "WebP", reason: "libwebp could not encode it") }
        defer { api.free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
