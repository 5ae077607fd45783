import Foundation
import SproutScene
import SproutTesting
import Testing
@testable import SproutImage
import SproutGolden

@Suite struct ImageCodecTests {
    @Test func pngRoundTripIsLossless() throws {
        var pixels = [UInt8]()
        for y in 0..<7 { for x in 0..<5 { pixels += [UInt8(x * 40), UInt8(y * 30), 200, UInt8(255 - x)] } }
        let image = Image(width: 5, height: 7, pixels: pixels)
        let png = try ImageCodec.encodePNG(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try ImageCodec.decode(png, source: "memory") == image)
    }

    /// Rows of 148 bytes: the "up" filter runs 32 bytes at a time and then the last 20 one by
    /// one; bytes that wrap below zero (5 &- 250 = 11) come back exactly.
    @Test func wideRowsRoundTripThroughTheVectorFilter() throws {
        var state: UInt32 = 12345
        let pixels = (0..<(37 * 9 * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223   // Numerical Recipes' LCG: a fixed, varied pattern
            return UInt8(state >> 24)
        }
        let image = Image(width: 37, height: 9, pixels: pixels)
        #expect(try ImageCodec.decode(try ImageCodec.encodePNG(image), source: "memory") == image)
    }

    @Test func garbageIsRefusedWithItsSource() {
        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.decode([1, 2, 3, 4], source: "broken.png") }
        do {
            _ = try ImageCodec.decode([], source: "empty.png")
            Issue.record("empty input decoded")
        } catch {
            #expect("\(error)".contains("empty.png"))
        }
    }

    @Test func filesAreWrittenAndReadBack() throws {
        let dir = try Fixtures.temporaryDirectory("png")
        let image = Image(width: 3, height: 2, fill: (10, 20, 30, 255))
        try ImageFile.writePNG(image, to: dir + "/a.png")
        #expect(try ImageFile.read(path: dir + "/a.png") == image)
        #expect(throws: ImageCodec.Failure.self) { try ImageFile.read(path: dir + "/missing.png") }
    }

    @Test func decodesJPEG() throws {
        let image = try ImageFile.read(path: Fixtures.sharedModel("SpiderOBJ/SpiderTex.jpg"))
        #expect(image.width > 0 && image.height > 0)
        #expect(!image.hasTransparency)
    }
}

@Suite struct ImageDiffTests {
    @Test func countsPixelsOverTheChannelDelta() {
        let a = Image(width: 10, height: 10, fill: (100, 100, 100, 255))
        var pixels = a.pixels
        pixels[0] = 103   // one pixel off by 3 > 2
        pixels[4] = 102   // one pixel off by 2: within
        let b = Image(width: 10, height: 10, pixels: pixels)
        let diff = ImageDiff(actual: b, expected: a, tolerance: .strict)
        #expect(diff.failingPixels == 1)
        #expect(diff.maxDelta == 3)
        #expect(diff.firstFailures.first! == (0, 0))
        // 1 of 100 pixels fails: over the 0.1 % allowed.
        #expect(!diff.passes)
        #expect(ImageDiff(actual: a, expected: a, tolerance: .strict).passes)
    }
}

@Suite struct GIFWriterTests {
    @Test func framesDecodeBackToTheirColours() throws {
        let gif = GIFWriter(width: 64, height: 48, fps: 20)
        var red = [UInt8](repeating: 255, count: 64 * 48 * 4)
        for i in stride(from: 0, to: red.count, by: 4) { red[i + 1] = 0; red[i + 2] = 0 }
        gif.add(red)
        gif.add([UInt8](repeating: 255, count: 64 * 48 * 4))
        #expect(gif.frameCount == 2)
        let bytes = gif.finish()
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(bytes.last == 0x3B)
        // stb_image reads the first frame.
        let first = try ImageCodec.decode(bytes, source: "test.gif")
        #expect(first.width == 64 && first.height == 48)
        let p = first[10, 10]
        #expect(p.r == 255 && p.g == 0 && p.b == 0)
    }

    /// A frame with a panel of a few flat colours and text keeps them exactly (its own palette,
    /// no dithering), where the old fixed cube dithered them.
    @Test func flatColoursSurviveExactly() throws {
        let w = 64, h = 32
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                // A gradient sky above a dark panel with white text-like stripes.
                let c: (UInt8, UInt8, UInt8) = y < 16 ? (UInt8(100 + x), UInt8(150 + y), 230) : (x % 4 == 0 ? (255, 255, 255) : (38, 38, 41))
                pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2; pixels[i + 3] = 255
            }
        }
        let gif = GIFWriter(width: w, height: h, fps: 20)
        gif.add(pixels)
        let frame = try ImageCodec.decode(gif.finish(), source: "panel.gif")
        let white = frame[0, 20], panel = frame[1, 20]
        #expect(white.r == 255 && white.g == 255 && white.b == 255)
        #expect(panel.r == 38 && panel.g == 38 && panel.b == 41)
        var worst = 0
        for y in 0..<16 { for x in 0..<w { worst = max(worst, abs(Int(frame[x, y].r) - (100 + x)), abs(Int(frame[x, y].g) - (150 + y))) } }
        #expect(worst <= 4)   // the gradient: within one 5-bit step of the median cut's bins
    }

    @Test func largeFastFramesAreScaledAndThinned() {
        let gif = GIFWriter(width: 1280, height: 720, fps: 60)
        #expect(gif.width == 640 && gif.height == 360)   // 1280 / 2
        #expect(GIFWriter(width: 1280, height: 720, fps: 60, maximumWidth: 1280).width == 1280)
        #expect(GIFWriter(width: 1280, height: 720, fps: 60, maximumWidth: 480).width == 426)
        for _ in 0..<6 { gif.add([UInt8](repeating: 128, count: 1280 * 720 * 4)) }
        #expect(gif.frameCount == 2)   // every third frame at 60 fps: 20 per second
    }

    /// What an import may decode ahead is measured by the size each header declares: for every
    /// fixture that decodes (PNG, JPEG, KTX 2.0, DDS, and a WebP written here), the width times
    /// the height of its image; AVIF's is not read (nil).
    @Test func declaredPixelCountsAreTheDecodedImagesSizes() throws {
        let directory = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasSuffix(".md") }.sorted()
        var checked = 0
        for name in names {
            let bytes = try Fixtures.read(directory + name)
            if name.hasSuffix(".avif") {
                #expect(ImageCodec.declaredPixelCount(bytes) == nil)
                continue
            }
            guard let image = try? ImageCodec.decode(bytes, source: name) else { continue }
            #expect(ImageCodec.declaredPixelCount(bytes) == image.width * image.height, "\(name)")
            checked += 1
        }
        #expect(checked >= 70)
        let webp = try WebPCodec.encodeLossless(Image(width: 3, height: 5, fill: (1, 2, 3, 255)))
        #expect(ImageCodec.declaredPixelCount(webp) == 15)
    }
}
