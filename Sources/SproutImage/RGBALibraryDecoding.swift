import SproutScene

/// The shape `CPNG` and `CJPEG` share: a C function reads a file's size from its header, then
/// another writes its 8-bit RGBA texels straight into the image's memory (no copy of a
/// library's own buffer), each 0 on success and otherwise the library's message.
enum RGBALibraryDecoding {
    /// Why a library could not read a file: its own words; `isFinal` when no other reader
    /// should be given it either (the C function returned 2).
    struct Failure: Error {
        let reason: String
        var isFinal = false
    }

    typealias SizeFunction = (
        UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<CChar>?, Int
    ) -> Int32
    typealias DecodeFunction = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, UInt32, UInt32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// The image in `bytes`, at most `maximumPixels` pixels (checked from the header before its
    /// memory is taken), read by `size` and `decode`.
    static func decode(_ bytes: [UInt8], maximumPixels: Int, size: SizeFunction, decode: DecodeFunction) throws(Failure) -> Image {
        var message = [CChar](repeating: 0, count: 256)
        var width: UInt32 = 0, height: UInt32 = 0
        let read = bytes.withUnsafeBufferPointer { data in size(data.baseAddress, data.count, &width, &height, &message, message.count) }
        guard read == 0 else { throw Failure(reason: Self.text(message)) }
        let pixels = Int(width) * Int(height)
        guard pixels > 0 else { throw Failure(reason: "the image has no pixels (\(width) x \(height))") }
        guard pixels <= maximumPixels else { throw Failure(reason: "\(width) x \(height) pixels, more than the limit of \(maximumPixels)") }
        var failed = false, final = false
        let rgba = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, count in
            let status = bytes.withUnsafeBufferPointer { data in
                decode(data.baseAddress, data.count, buffer.baseAddress, width, height, &message, message.count)
            }
            failed = status != 0
            final = status == 2
            count = failed ? 0 : pixels * 4
        }
        guard !failed else { throw Failure(reason: Self.text(message), isFinal: final) }
        return Image(width: Int(width), height: Int(height), pixels: rgba)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "the library could not read it" : text
    }
}
