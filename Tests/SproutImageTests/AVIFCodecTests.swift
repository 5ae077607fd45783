import SproutScene
import SproutTesting
import Testing
@testable import SproutImage

/// AVIF (glTF's EXT_texture_avif) decodes through `ImageCodec` like PNG, JPEG and WebP.
@Suite struct AVIFCodecTests {
    static let path = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/quad-lossless.avif"

    /// The fixture's pixels (its README): red on the left half, green bright on the top half,
    /// blue 128, alpha 255 and 128 in a checkerboard.
    static let expected: [UInt8] = (0..<8).flatMap { y in
        (0..<8).flatMap { x -> [UInt8] in [x < 4 ? 255 : 0, y < 4 ? 255 : 32, 128, (x + y) % 2 == 0 ? 255 : 128] }
    }

    @Test func losslessAVIFDecodesToItsPixels() throws {
        let avif = try Fixtures.read(Self.path)
        let png = try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [0, 0, 0, 0]))
        #expect(AVIFCodec.isAVIF(avif) && !AVIFCodec.isAVIF(png))
        let decoded = try ImageCodec.decode(avif, source: "quad.avif")
        #expect(decoded.width == 8 && decoded.height == 8)
        #expect(decoded.pixels == Self.expected)
    }

    @Test func theSizeIsCheckedBeforeDecoding() throws {
        let avif = try Fixtures.read(Self.path)
        #expect(throws: ImageCodec.Failure.undecodable(source: "quad.avif", reason: "8 x 8 pixels, more than the limit of 63")) {
            try ImageCodec.decode(avif, source: "quad.avif", maximumPixels: 63)
        }
    }

    @Test func brokenAVIFIsNamed() throws {
        let avif = try Fixtures.read(Self.path)
        #expect {
            try ImageCodec.decode(Array(avif.prefix(200)), source: "cut.avif")
        } throws: {
            "\($0)".hasPrefix("cut.avif: cannot decode image: not an AVIF image libavif can read (")
        }
    }
}
