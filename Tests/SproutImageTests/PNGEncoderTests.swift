import SproutScene
import Testing
@testable import SproutImage

@Suite struct PNGEncoderTests {
    /// Pixels whose rows go down as well as up, so the "up" filter's differences wrap around.
    static func noise(width: Int, height: Int) -> Image {
        var state: UInt32 = 12345
        let pixels = (0..<width * height * 4).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [0, 1, 6, 9] as [Int32])
    func everyLevelRoundTripsThroughAnotherDecoder(level: Int32) throws {
        let image = Self.noise(width: 37, height: 23)
        let png = try ImageCodec.encodePNG(image, compressionLevel: level)
        #expect(try ImageCodec.decode(png, source: "memory") == image)   // stb's decoder, not ours
    }

    @Test func headerSaysEightBitRGBAAndChunksCarryTheirCRC() throws {
        let png = try #require(PNGEncoder.encode(pixels: Self.noise(width: 300, height: 2).pixels, width: 300, height: 2, level: 1))
        #expect(Array(png[8..<16]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])   // IHDR, 13 bytes
        #expect(Array(png[16..<29]) == [0, 0, 0x01, 0x2C, 0, 0, 0, 2, 8, 6, 0, 0, 0])   // 300 x 2, 8-bit RGBA
        #expect(Array(png[29..<33]) == Self.crc(Array(png[12..<29])))
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])   // IEND
    }

    @Test func oneRowAndOnePixelImagesEncode() throws {
        for (w, h) in [(1, 1), (64, 1), (1, 64)] {
            let image = Self.noise(width: w, height: h)
            #expect(try ImageCodec.decode(try ImageCodec.encodePNG(image), source: "memory") == image)
        }
        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.encodePNG(pixels: [1, 2, 3], width: 1, height: 1) }
    }

    /// CRC-32 (ISO 3309, as PNG uses) written out bit by bit, independent of zlib's.
    static func crc(_ bytes: [UInt8]) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        return [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
    }
}
