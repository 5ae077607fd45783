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

    /// The image in `bytes`, at most `maximumPixels` pixels (checked from the header before
    /// its memory is taken); errors name the problem in libpng's words.
    static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(RGBALibraryDecoding.Failure) -> Image {
        try RGBALibraryDecoding.decode(bytes, maximumPixels: maximumPixels, size: sprout_png_size, decode: sprout_png_decode)
    }
}
