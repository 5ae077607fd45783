import Foundation
import SproutScene
import SproutTesting
import Testing
@testable import SproutImage

/// Images are measured before they are decoded or read (issue 30, items 9 and 10): a small PNG
/// that declares billions of pixels, a FIFO named as a picture.
@Suite struct ImageBombTests {
    /// A PNG header (signature and IHDR) declaring `width` x `height` RGBA pixels, then an empty IDAT and IEND.
    func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(width)
        header.appendBigEndian(height)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGEncoder.appendChunk("IHDR", header + [8, 6, 0, 0, 0], to: &png)
        PNGEncoder.appendChunk("IDAT", [], to: &png)
        PNGEncoder.appendChunk("IEND", [], to: &png)
        return png
    }

    @Test func aHeaderDeclaringTooManyPixelsIsRefusedBeforeDecoding() {
        let bomb = pngHeader(width: 16_000, height: 16_000)   // 1 GB of RGBA from 57 bytes (stb itself stops at 2 GB)
        #expect(throws: ImageCodec.Failure.undecodable(source: "bomb.png", reason: "16000 x 16000 pixels, more than the limit of 67108864")) {
            try ImageCodec.decode(bomb, source: "bomb.png")
        }
        #expect(throws: ImageCodec.Failure.undecodable(source: "t.png", reason: "64 x 64 pixels, more than the limit of 1000")) {
            try ImageCodec.decode(pngHeader(width: 64, height: 64), source: "t.png", maximumPixels: 1000)
        }
    }

    @Test func aFIFOOrAFolderIsNotAPicture() throws {
        let dir = try Fixtures.temporaryDirectory("image-fifo")
        #expect(mkfifo(dir + "/golden.png", 0o644) == 0)
        #expect(throws: ImageCodec.Failure.undecodable(source: dir + "/golden.png", reason: "not a regular file")) {
            try ImageFile.read(path: dir + "/golden.png")
        }
        #expect(throws: ImageCodec.Failure.undecodable(source: dir, reason: "not a regular file")) { try ImageFile.read(path: dir) }
    }
}

/// A paletted PNG whose pixels index past its palette (issue 30, item 9): stb_image would read
/// the palette's unfilled stack entries; Sprout pads PLTE to 256 zero entries first, so such a
/// pixel is opaque black, the same every run.
@Suite struct PaletteIndexTests {
    /// A 4 x 1 paletted PNG (bit depth 8) with a one-entry palette (red) and pixels 0, 1, 200, 255,
    /// its IDAT one stored (uncompressed) deflate block.
    static func png() -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(4)
        header.appendBigEndian(1)
        let row: [UInt8] = [0, 0, 1, 200, 255]   // filter byte 0, then four indices
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in row { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(row.count), 0, ~UInt8(row.count), 0xFF] + row
        zlib.appendBigEndian(b << 16 | a)
        var png = PNGPalette.signature
        PNGEncoder.appendChunk("IHDR", header + [8, 3, 0, 0, 0], to: &png)
        PNGEncoder.appendChunk("PLTE", [255, 0, 0], to: &png)
        PNGEncoder.appendChunk("IDAT", zlib, to: &png)
        PNGEncoder.appendChunk("IEND", [], to: &png)
        return png
    }

    @Test func indicesPastThePaletteAreOpaqueBlack() throws {
        for _ in 0..<3 {
            let image = try ImageCodec.decode(Self.png(), source: "palette.png")
            #expect(image.width == 4 && image.height == 1)
            #expect(image.pixels == [255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])
        }
    }

    @Test func aFullPaletteAndOtherImagesAreLeftAsTheyAre() {
        #expect(PNGPalette.padded(Array("not a png".utf8)) == nil)
        let padded = PNGPalette.padded(Self.png())
        #expect(padded.map { PNGPalette.padded($0) == nil } == true)   // already 256 entries
        #expect(padded.map { $0.count - Self.png().count } == PNGPalette.fullLength - 3)
    }
}

/// Inputs the `image` fuzz target found (Tests/SproutImageTests/Regressions/).
@Suite struct ImageFuzzRegressionTests {
    /// JPEGs stb_image crashed on, each refused by name before stb reads it:
    /// - 510 bytes whose DC Huffman table holds the symbol 37: Debian 12's stb indexed past its
    ///   bit masks with it;
    /// - 331 bytes whose scan names DC Huffman table 3, which no DHT segment defines: stb decoded
    ///   through its uninitialised table (crashing as the heap left it);
    /// - the same behind 23 fill bytes (0xFF) before the start marker, which stb skips as it
    ///   skips them before any marker: the checks read the file as stb does.
    @Test(arguments: [
        ("jpeg-dc-symbol-past-15.jpg", "a DC Huffman table has the symbol 37, past the 15 bits a coefficient may have"),
        ("jpeg-undefined-dc-table.jpg", "a scan uses DC Huffman table 3, which no DHT segment before it defines"),
        ("jpeg-fill-before-start.jpg", "a scan uses DC Huffman table 3, which no DHT segment before it defines")
    ])
    func aJPEGStbCrashedOnIsRefusedByName(file: String, reason: String) throws {
        let path = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Regressions/" + file
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        #expect(throws: ImageCodec.Failure.undecodable(source: "fuzz.jpg", reason: reason)) {
            try ImageCodec.decode(bytes, source: "fuzz.jpg")
        }
    }

    /// Baseline and progressive JPEGs (whose later scans use the tables defined between them)
    /// pass the checks and decode.
    @Test func ordinaryScansPass() throws {
        for name in ["gradient-baseline.jpg", "gradient-progressive.jpg"] {
            let bytes = try #require(FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/" + name)).map { $0 }
            #expect(JPEGTables.problem(bytes) == nil, "\(name)")
            let image = try ImageCodec.decode(bytes, source: name)
            #expect(image.width == 24 && image.height == 16)
        }
    }

    @Test func ordinaryJPEGTablesPass() throws {
        for jpeg in try FileManager.default.contentsOfDirectory(atPath: Fixtures.sharedModel("SpiderOBJ")).filter({ $0.hasSuffix(".jpg") }) {
            let bytes = try #require(FileManager.default.contents(atPath: Fixtures.sharedModel("SpiderOBJ/" + jpeg))).map { $0 }
            #expect(JPEGTables.problem(bytes) == nil, "\(jpeg)")
        }
    }
}
