internal import CPNG
import SproutScene

/// PNG images through libpng (`CPNG`): about a quarter faster than stb's reader, and written
/// straight into the image's memory, where stb inflates the whole stream into one buffer,
/// unfilters it into a second and the image is a copy of that (three 2,048² buffers at once
/// where libpng needs one). The texels are those stored: no gamma or colour-profile transform,
/// as glTF asks (a texture's values are sRGB or linear by its use, not by its file).
enum PNGCodec {
    /// The PNG file signature (PNG specification, 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` start with the PNG signature.
    static func isPNG(_ bytes: [UInt8]) -> Bool { bytes.count >= 8 && bytes[0..<8].elementsEqual(signature) }

    /// Why libpng could not read a file: its own words.
    struct Failure: Error {
        let reason: String
    }

    /// The image in `bytes`, at most `maximumPixels` pixels (checked from the header before
    /// its memory is taken); errors name the problem in libpng's words.
    static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(Failure) -> Image {
        var message = [CChar](repeating: 0, count: 256)
        var width: UInt32 = 0, height: UInt32 = 0
        let read = bytes.withUnsafeBufferPointer { data in sprout_png_size(data.baseAddress, data.count, &width, &height, &message, message.count) }
        guard read == 0 else { throw Failure(reason: Self.text(message)) }
        let pixels = Int(width) * Int(height)
        guard pixels <= maximumPixels else { throw Failure(reason: "\(width) x \(height) pixels, more than the limit of \(maximumPixels)") }
        var failed = false
        let rgba = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, count in
            let status = bytes.withUnsafeBufferPointer { data in
                sprout_png_decode(data.baseAddress, data.count, buffer.baseAddress, width, height, &message, message.count)
            }
            failed = status != 0
            count = failed ? 0 : pixels * 4
        }
        guard !failed else { throw Failure(reason: Self.text(message)) }
        return Image(width: Int(width), height: Int(height), pixels: rgba)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "libpng could not read it" : text
    }
}
