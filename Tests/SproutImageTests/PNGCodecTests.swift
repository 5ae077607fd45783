import SproutScene
import Testing

@testable import SproutImage

/// PNGs of each colour type written by hand (stored deflate blocks), read through libpng: the
/// texels are the stored values made RGBA, worked out from the bytes written.
@Suite struct PNGCodecTests {
    /// A PNG of `width` x `height`, bit `depth` and colour `type` whose rows (each its filter
    /// byte, 0, and its bytes) are `rows`, with `chunks` between the header and the data, and
    /// Adam7 interlacing when `interlaced` (the rows then being the passes' rows).
    private func png(
        width: Int, height: Int, depth: UInt8, type: UInt8, rows: [[UInt8]], chunks: [(String, [UInt8])] = [], interlaced: Bool = false
    ) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [depth, type, 0, 0, interlaced ? 1 : 0]
        var bytes = PNGCodec.signature
        PNGEncoder.appendChunk("IHDR", header, to: &bytes)
        for (name, data) in chunks { PNGEncoder.appendChunk(name, data, to: &bytes) }
        PNGEncoder.appendChunk("IDAT", zlibStored(rows.flatMap { [0] + $0 }), to: &bytes)
        PNGEncoder.appendChunk("IEND", [], to: &bytes)
        return bytes
    }

    /// A zlib stream (RFC 1950) of one stored deflate block (RFC 1951, 3.2.4) and its Adler-32.
    private func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        var stream: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + data
        stream.appendBigEndian(b << 16 | a)
        return stream
    }

    @Test func eightBitRGBAIsReadAsStored() throws {
        let bytes = png(width: 2, height: 1, depth: 8, type: 6, rows: [[10, 20, 30, 40, 50, 60, 70, 80]])
        #expect(try PNGCodec.decode(bytes, maximumPixels: 100) == Image(width: 2, height: 1, pixels: [10, 20, 30, 40, 50, 60, 70, 80]))
    }

    /// A palette of red and green, red's alpha 128 in `tRNS` (green's, not listed, 255).
    @Test func aPaletteWithTransparencyBecomesRGBA() throws {
        let bytes = png(
            width: 2, height: 1, depth: 8, type: 3, rows: [[0, 1]], chunks: [("PLTE", [255, 0, 0, 0, 255, 0]), ("tRNS", [128])])
        #expect(try PNGCodec.decode(bytes, maximumPixels: 100) == Image(width: 2, height: 1, pixels: [255, 0, 0, 128, 0, 255, 0, 255]))
    }

    /// One-bit grey: 1 is white (255), 0 black; the row's 8 pixels in one byte, 0b1010_0000.
    @Test func oneBitGreyScalesToFullRange() throws {
        let bytes = png(width: 8, height: 1, depth: 1, type: 0, rows: [[0b1010_0000]])
        let expected = [255, 0, 255, 0, 0, 0, 0, 0].flatMap { v -> [UInt8] in [UInt8(v), UInt8(v), UInt8(v), 255] }
        #expect(try PNGCodec.decode(bytes, maximumPixels: 100) == Image(width: 8, height: 1, pixels: expected))
    }

    /// Sixteen-bit RGB keeps each sample's high byte (0x12AB -> 0x12, as stb did); an RGB
    /// colour key in `tRNS` (0x0000 0x0000 0x0000) makes its pixel's alpha 0; a gamma of 1.0 in
    /// `gAMA` changes nothing (glTF's textures are read as stored).
    @Test func sixteenBitsKeyAndGammaAsStored() throws {
        let rows: [[UInt8]] = [[0x12, 0xAB, 0x80, 0x00, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0]]
        let bytes = png(width: 2, height: 1, depth: 16, type: 2, rows: rows, chunks: [("gAMA", [0, 1, 0x86, 0xA0]), ("tRNS", [0, 0, 0, 0, 0, 0])])
        #expect(try PNGCodec.decode(bytes, maximumPixels: 100) == Image(width: 2, height: 1, pixels: [0x12, 0x80, 0xFF, 255, 0, 0, 0, 0]))
    }

    /// Grey with alpha: (grey, alpha) -> (grey, grey, grey, alpha).
    @Test func greyWithAlphaIsReplicated() throws {
        let bytes = png(width: 1, height: 2, depth: 8, type: 4, rows: [[90, 200], [7, 0]])
        #expect(try PNGCodec.decode(bytes, maximumPixels: 100) == Image(width: 1, height: 2, pixels: [90, 90, 90, 200, 7, 7, 7, 0]))
    }

    /// Adam7: a 2 x 2 image is pass 1's (0, 0), pass 6's (1, 0), then pass 7's row (0, 1), (1, 1).
    @Test func interlacedRowsLandInPlace() throws {
        let bytes = png(width: 2, height: 2, depth: 8, type: 0, rows: [[1], [2], [3, 4]], interlaced: true)
        let expected = [1, 2, 3, 4].flatMap { v -> [UInt8] in [UInt8(v), UInt8(v), UInt8(v), 255] }
        #expect(try PNGCodec.decode(bytes, maximumPixels: 100) == Image(width: 2, height: 2, pixels: expected))
    }

    /// The header's size is checked before the texels' memory is taken.
    @Test func aSizePastTheLimitIsRefusedFromTheHeader() {
        let bytes = png(width: 2, height: 1, depth: 8, type: 6, rows: [[1, 2, 3, 4, 5, 6, 7, 8]])
        #expect(throws: RGBALibraryDecoding.Failure.self) { try PNGCodec.decode(bytes, maximumPixels: 1) }
    }

    /// libpng refuses image data whose CRC is wrong and a file cut inside its data; ImageCodec
    /// then reads what stb reads, as before: the damaged CRC's picture, and stb's own error for
    /// the cut file, naming its source.
    @Test func whatLibpngRefusesGoesOnToStb() throws {
        let good = png(width: 2, height: 1, depth: 8, type: 6, rows: [[10, 20, 30, 40, 50, 60, 70, 80]])
        var damaged = good
        let idat = try #require((0..<(damaged.count - 4)).first { damaged[$0..<($0 + 4)].elementsEqual("IDAT".utf8) })
        let crc = idat + 4 + Int(UInt32(damaged[idat - 4]) << 24 | UInt32(damaged[idat - 3]) << 16 | UInt32(damaged[idat - 2]) << 8 | UInt32(damaged[idat - 1]))
        damaged[crc] ^= 0xFF
        #expect(throws: RGBALibraryDecoding.Failure.self) { try PNGCodec.decode(damaged, maximumPixels: 100) }
        #expect(try ImageCodec.decode(damaged, source: "damaged.png") == Image(width: 2, height: 1, pixels: [10, 20, 30, 40, 50, 60, 70, 80]))
        let cut = Array(good.prefix(idat + 10))
        #expect(throws: RGBALibraryDecoding.Failure.self) { try PNGCodec.decode(cut, maximumPixels: 100) }
        #expect {
            try ImageCodec.decode(cut, source: "cut.png")
        } throws: { error in
            "\(error)".hasPrefix("cut.png")
        }
    }
}
