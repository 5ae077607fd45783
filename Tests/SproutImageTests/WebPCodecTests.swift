import SproutScene
import Testing
@testable import SproutImage

/// WebP (glTF's EXT_texture_webp) decodes through `ImageCodec` like PNG and JPEG.
@Suite struct WebPCodecTests {
    /// Three by two pixels, each its own colour and alpha (none fully transparent: lossless WebP
    /// keeps no colour under alpha 0 unless asked to).
    let image = Image(width: 3, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 1, 10, 20, 30, 40, 250, 240, 230, 220, 1, 2, 3, 4])

    @Test func losslessWebPDecodesToItsPixels() throws {
        let webp = try WebPCodec.encodeLossless(image)
        let png = try ImageCodec.encodePNG(image)
        #expect(WebPCodec.isWebP(webp) && !WebPCodec.isWebP(png))
        let decoded = try ImageCodec.decode(webp, source: "three.webp")
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func theSizeIsCheckedBeforeDecoding() throws {
        let webp = try WebPCodec.encodeLossless(image)
        #expect(throws: ImageCodec.Failure.undecodable(source: "three.webp", reason: "3 x 2 pixels, more than the limit of 5")) {
            try ImageCodec.decode(webp, source: "three.webp", maximumPixels: 5)
        }
    }

    @Test func brokenWebPIsNamed() throws {
        let webp = try WebPCodec.encodeLossless(image)
        #expect(throws: ImageCodec.Failure.undecodable(source: "cut.webp", reason: "not a WebP image libwebp can read")) {
            try ImageCodec.decode(Array(webp.prefix(16)), source: "cut.webp")
        }
    }
}
