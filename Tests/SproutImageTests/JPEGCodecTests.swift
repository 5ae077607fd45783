import SproutScene
import SproutTesting
import Testing

@testable import SproutImage

/// JPEGs through libjpeg-turbo: 16 x 16 images of four flat 8 x 8 quadrants (200, 40, 40),
/// (40, 200, 40), (40, 40, 200) and (128, 128, 128) at quality 100 without chroma subsampling,
/// which decode to those colours (Fixtures/README.md says how each was written).
@Suite struct JPEGCodecTests {
    static let directory = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
    static let quadrants: [[UInt8]] = [[200, 40, 40], [40, 200, 40], [40, 40, 200], [128, 128, 128]]

    /// Each quadrant's centre texel, (4, 4), (12, 4), (4, 12), (12, 12).
    private func centres(_ image: Image) -> [[UInt8]] {
        [(4, 4), (12, 4), (4, 12), (12, 12)].map { x, y in
            let texel = image[x, y]
            return [texel.r, texel.g, texel.b, texel.a]
        }
    }

    /// Baseline and progressive files decode to the quadrants' colours, each within one level
    /// (a decoder's inverse transform rounds), alpha 255.
    @Test(arguments: ["jpeg-quadrants.jpg", "jpeg-quadrants-progressive.jpg"])
    func quadrantsDecodeToTheirColours(name: String) throws {
        let image = try JPEGCodec.decode(try Fixtures.read(Self.directory + name), maximumPixels: 1_000)
        #expect(image.width == 16 && image.height == 16)
        for (texel, colour) in zip(centres(image), Self.quadrants) {
            #expect(zip(texel, colour + [255]).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(texel) against \(colour)")
        }
    }

    /// Grey (the green quadrants' channel: 40, 200, 40, 128) is replicated into red, green and blue.
    @Test func greyIsReplicated() throws {
        let image = try JPEGCodec.decode(try Fixtures.read(Self.directory + "jpeg-gray.jpg"), maximumPixels: 1_000)
        for (texel, grey) in zip(centres(image), [40, 200, 40, 128]) {
            #expect(texel[0] == texel[1] && texel[1] == texel[2] && abs(Int(texel[0]) - grey) <= 1 && texel[3] == 255)
        }
    }

    /// CMYK is refused by libjpeg's reader and decoded by stb's, as before; a size past the
    /// limit is refused from the header; a file cut short decodes its rows libjpeg can read
    /// (the rest grey, as libjpeg fills a premature end) or fails, and never traps.
    @Test func whatLibjpegCannotReadGoesOnToStb() throws {
        let cmyk = try Fixtures.read(Self.directory + "jpeg-cmyk.jpg")
        #expect(throws: RGBALibraryDecoding.Failure.self) { try JPEGCodec.decode(cmyk, maximumPixels: 1_000) }
        let image = try ImageCodec.decode(cmyk, source: "jpeg-cmyk.jpg")
        for (texel, colour) in zip(centres(image), Self.quadrants) {
            #expect(zip(texel, colour + [255]).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(texel) against \(colour)")
        }
        let quadrants = try Fixtures.read(Self.directory + "jpeg-quadrants.jpg")
        #expect(throws: RGBALibraryDecoding.Failure.self) { try JPEGCodec.decode(quadrants, maximumPixels: 255) }
        for length in stride(from: 4, to: quadrants.count, by: 37) {
            _ = try? ImageCodec.decode(Array(quadrants.prefix(length)), source: "cut.jpg")
        }
    }

    /// Each progressive scan is a pass over the whole image, so a small file of thousands of
    /// them would take minutes on a large one: past 1,000 (here the progressive file's last
    /// scan repeated 1,001 times) the file is refused, and not handed on to stb either.
    @Test func tooManyScansAreRefusedForGood() throws {
        let progressive = try Fixtures.read(Self.directory + "jpeg-quadrants-progressive.jpg")
        let lastScan = try #require((0..<(progressive.count - 1)).last { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA })
        #expect(Array(progressive.suffix(2)) == [0xFF, 0xD9])
        let scan = progressive[lastScan..<(progressive.count - 2)]
        let many = Array(progressive.prefix(progressive.count - 2)) + Array(repeating: scan, count: 1_001).flatMap { $0 } + [0xFF, 0xD9]
        #expect {
            try ImageCodec.decode(many, source: "scans.jpg")
        } throws: { error in
            "\(error)".hasPrefix("scans.jpg") && "\(error)".contains("more than 1000 progressive scans")
        }
    }
}
