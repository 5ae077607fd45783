import FuzzSupport
import SproutImage

/// Image bytes (PNG, JPEG, WebP, AVIF, KTX 2.0): the header's size checked before decoding (a small bound here, so a
/// declared bomb is refused, never allocated), then decoded or refused; a decoded image has the
/// size it says and re-encodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, count)
    guard let image = try? ImageCodec.decode(bytes, source: "fuzz.png", maximumPixels: 1 << 20) else { return 0 }
    if image.pixels.count != image.width * image.height * 4 || image.width * image.height > 1 << 20 {
        fatalError("a decoded image is not the size it says, or past the bound")
    }
    _ = try? ImageCodec.encodePNG(image)
    return 0
}
