import SproutScene
import SproutTesting
import Testing

@testable import SproutImage

/// KTX 2.0's Zstandard supercompression (scheme 2) around UASTC and RGBA8 levels, and
/// `KTXorientation`: the level inflates to exactly the bytes its index says, within the pixel
/// limit, and damaged frames throw naming libzstd's reason.
@Suite struct KTX2SupercompressionTests {
    /// A Zstandard frame holding `content` in one raw block, written by hand from RFC 8878: the
    /// magic number 0xFD2FB528; a frame header descriptor with only Single_Segment_Flag (bit 5), so
    /// a one-byte Frame_Content_Size follows; a block header of Last_Block 1, Block_Type 0 (raw)
    /// and Block_Size in bits 3 to 23.
    static func rawFrame(_ content: [UInt8]) -> [UInt8] {
        precondition(content.count < 256)
        let header = 1 | content.count << 3
        return [0x28, 0xB5, 0x2F, 0xFD, 0x20, UInt8(content.count)]
            + [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16)] + content
    }

    static let pixels: [UInt8] = (0..<(3 * 2 * 4)).map { UInt8($0 * 10) }

    @Test func rgba8UnderZstandardReadsBack() throws {
        let file = KTX2CodecTests.uncompressed(
            vkFormat: 37, width: 3, height: 2, scheme: 2, inflatedLength: 24, data: Self.rawFrame(Self.pixels))
        let image = try KTX2Codec.decode(file, source: "z", maximumPixels: 100)
        #expect(image.width == 3 && image.height == 2 && image.pixels == Self.pixels)
    }

    /// The UASTC fixture, plain and under Zstandard, decodes to what `basisu -unpack` wrote.
    @Test(arguments: ["uastc-raw", "uastc-zstd"])
    func uastcMatchesTheReferenceTranscoder(name: String) throws {
        let image = try KTX2Codec.decode(try KTX2CodecTests.fixture(name + ".ktx2"), source: name, maximumPixels: 1 << 20)
        let expected = try ImageCodec.decode(try KTX2CodecTests.fixture("uastc.expected.png"), source: "uastc.expected.png")
        #expect(image.width == 8 && image.height == 8)
        #expect(image.pixels == expected.pixels)
    }

    /// A frame that inflates to fewer or more bytes than the level index says, an index that says
    /// more than the pixel limit allows, and bytes that are not a Zstandard frame: each refused.
    @Test func aLevelThatDoesNotInflateToItsLengthIsRefused() throws {
        func reason(_ file: [UInt8], limit: Int = 100) -> String {
            do {
                _ = try KTX2Codec.decode(file, source: "z", maximumPixels: limit)
                return "decoded"
            } catch let ImageCodec.Failure.undecodable(_, reason) {
                return reason
            } catch {
                return "other error"
            }
        }
        let short = KTX2CodecTests.uncompressed(
            vkFormat: 37, width: 3, height: 2, scheme: 2, inflatedLength: 24, data: Self.rawFrame(Array(Self.pixels.prefix(20))))
        #expect(reason(short) == "its Zstandard data inflates to 20 bytes, not the 24 the level needs")
        let long = KTX2CodecTests.uncompressed(
            vkFormat: 37, width: 3, height: 2, scheme: 2, inflatedLength: 24, data: Self.rawFrame(Self.pixels + [1, 2, 3, 4]))
        #expect(reason(long).hasPrefix("its Zstandard data does not inflate (libzstd: "))
        let claimed = KTX2CodecTests.uncompressed(
            vkFormat: 37, width: 3, height: 2, scheme: 2, inflatedLength: 1 << 40, data: Self.rawFrame(Self.pixels))
        #expect(reason(claimed) == "KTX2 level 0 says it inflates to 4 GiB or more, not 1 image(s) of 24 bytes within the pixel limit")
        var garbage = Self.rawFrame(Self.pixels)
        garbage[0] = 0
        let notZstandard = KTX2CodecTests.uncompressed(vkFormat: 37, width: 3, height: 2, scheme: 2, inflatedLength: 24, data: garbage)
        #expect(reason(notZstandard) == "its Zstandard data does not inflate (libzstd: Unknown frame descriptor)")
        let zlib = KTX2CodecTests.uncompressed(vkFormat: 37, width: 3, height: 2, scheme: 3, data: Self.pixels)
        #expect(reason(zlib).contains("scheme 3 (ZLIB), which Sprout does not decode"))
    }

    /// Every byte of the Zstandard fixture's level changed in turn decodes or throws; none traps.
    @Test func everyChangedByteOfAFrameThrowsOrDecodes() throws {
        let bytes = try KTX2CodecTests.fixture("uastc-zstd.ktx2")
        let start = Int(bytes[80]) | Int(bytes[81]) << 8
        var thrown = 0
        for at in start..<bytes.count {
            for value: UInt8 in [0, 0xFF, bytes[at] ^ 0x10] where value != bytes[at] {
                var changed = bytes
                changed[at] = value
                do {
                    let image = try KTX2Codec.decode(changed, source: "c", maximumPixels: 1 << 10)
                    #expect(image.pixels.count == 8 * 8 * 4)
                } catch {
                    thrown += 1
                }
            }
        }
        #expect(thrown > 0)
    }

    /// `KTXorientation` `ru` (rows up) turns the rows over; `rd`, a missing key, or one cut off
    /// by the key/value data's end leaves them.
    @Test func rowsRunningUpAreTurnedTopDown() throws {
        let rowsUp = KTX2CodecTests.uncompressed(
            vkFormat: 37, width: 3, height: 2, keyValues: [("KTXwriter", "test"), ("KTXorientation", "ru")], data: Self.pixels)
        #expect(KTX2Codec.rowsRunUp(rowsUp))
        let image = try KTX2Codec.decode(rowsUp, source: "u", maximumPixels: 100)
        #expect(image.pixels == Array(Self.pixels[12..<24] + Self.pixels[0..<12]))
        let rowsDown = KTX2CodecTests.uncompressed(vkFormat: 37, width: 3, height: 2, keyValues: [("KTXorientation", "rd")], data: Self.pixels)
        #expect(!KTX2Codec.rowsRunUp(rowsDown))
        #expect(try KTX2Codec.decode(rowsDown, source: "d", maximumPixels: 100).pixels == Self.pixels)
        #expect(!KTX2Codec.rowsRunUp(KTX2CodecTests.uncompressed(vkFormat: 37, width: 3, height: 2, data: Self.pixels)))
        // The entry's length reaches past the key/value data: read as no orientation, not trusted.
        var cut = rowsUp
        cut[104] = 0xFF
        #expect(!KTX2Codec.rowsRunUp(cut))
        #expect(!KTX2Codec.rowsRunUp(try KTX2CodecTests.fixture("uastc-zstd.ktx2")))
    }
}
