import SproutScene
import Testing
@testable import SproutImage

/// Radiance .hdr files for image-based light: what is written reads back, and what is not an
/// HDR image (or is too large) is refused by name.
@Suite struct HDRCodecTests {
    /// Powers of two and their small multiples are exact in RGBE (a shared exponent, 8-bit mantissas).
    @Test func flatRGBEReadsBackExactly() throws {
        let image = HDRImage(width: 3, height: 2, pixels: [0.25, 0.5, 1, 2, 4, 0, 0, 0, 0, 0.125, 0.125, 0.125, 8, 1, 0.5, 0.75, 0.25, 0.5])
        let decoded = try HDRCodec.decode(HDRCodec.encode(image), source: "t.hdr")
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func whatIsNotAnHDRImageIsRefused() throws {
        #expect(throws: ImageCodec.Failure.undecodable(source: "x.hdr", reason: "not a Radiance .hdr image")) {
            try HDRCodec.decode(Array("#?NOT\n".utf8), source: "x.hdr")
        }
        let huge = Array("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 4096 +X 8192\n".utf8) + [UInt8](repeating: 0, count: 64)
        #expect(throws: ImageCodec.Failure.undecodable(source: "big.hdr", reason: "8192x4096 pixels, more than the limit of \(HDRCodec.maximumPixels)")) {
            try HDRCodec.decode(huge, source: "big.hdr")
        }
        #expect(throws: ImageCodec.Failure.undecodable(source: "/no/such.hdr", reason: "no such file")) {
            try HDRCodec.read(path: "/no/such.hdr")
        }
    }
}
