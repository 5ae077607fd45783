import SproutScene
import SproutTesting
import Testing

@testable import SproutImage

/// KTX 2.0 textures (glTF's KHR_texture_basisu): ETC1S with BasisLZ decodes to exactly the pixels
/// Basis Universal's own transcoder gives, and damaged or unsupported files throw by name, never trap.
@Suite struct KTX2CodecTests {
    static let directory = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
    static let etc1sNames = ["etc1s-opaque", "etc1s-alpha", "etc1s-odd", "etc1s-mipmap", "etc1s-big", "etc1s-bigq", "etc1s-flat", "etc1s-gray"]

    static func fixture(_ name: String) throws -> [UInt8] {
        try Fixtures.read(directory + name)
    }

    /// Each ETC1S fixture decodes to exactly what `basisu -unpack` wrote as RGBA32.
    @Test(arguments: etc1sNames)
    func etc1sMatchesTheReferenceTranscoder(name: String) throws {
        let bytes = try Self.fixture(name + ".ktx2")
        #expect(KTX2Codec.isKTX2(bytes))
        let image = try KTX2Codec.decode(bytes, source: name, maximumPixels: 1 << 20)
        let expected = try ImageCodec.decode(try Self.fixture(name + ".expected.png"), source: name + ".expected.png")
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(image.pixels.count == image.width * image.height * 4)
        #expect(image.pixels == expected.pixels)
    }

    @Test func sizesAndAlphaAreAsEncoded() throws {
        let sizes = [("etc1s-opaque", 16, 12), ("etc1s-alpha", 12, 8), ("etc1s-odd", 13, 7), ("etc1s-mipmap", 16, 16)]
        for (name, width, height) in sizes {
            let image = try KTX2Codec.decode(try Self.fixture(name + ".ktx2"), source: name, maximumPixels: 1 << 20)
            #expect(image.width == width && image.height == height)
        }
        let alpha = try KTX2Codec.decode(try Self.fixture("etc1s-alpha.ktx2"), source: "a", maximumPixels: 1 << 20)
        let alphas = Set(stride(from: 3, to: alpha.pixels.count, by: 4).map { alpha.pixels[$0] })
        #expect(alphas.count > 4)
        let opaque = try KTX2Codec.decode(try Self.fixture("etc1s-opaque.ktx2"), source: "o", maximumPixels: 1 << 20)
        #expect(stride(from: 3, to: opaque.pixels.count, by: 4).allSatisfy { opaque.pixels[$0] == 255 })
    }

    /// basisu writes sRGB textures by default; a descriptor saying linear (transfer 1), a file with
    /// no descriptor or a cut-off one is not sRGB.
    @Test func transferFunctionComesFromTheDataFormatDescriptor() throws {
        var bytes = try Self.fixture("etc1s-opaque.ktx2")
        #expect(KTX2Codec.isSRGB(bytes))
        let descriptor = Int(bytes[48]) | Int(bytes[49]) << 8
        #expect(bytes[descriptor + 14] == 2)
        #expect(!KTX2Codec.isSRGB(Array(bytes.prefix(descriptor + 14))))
        bytes[descriptor + 14] = 1
        #expect(!KTX2Codec.isSRGB(bytes))
        let linear = try KTX2Codec.decode(bytes, source: "linear", maximumPixels: 1 << 20)
        let srgb = try KTX2Codec.decode(try Self.fixture("etc1s-opaque.ktx2"), source: "srgb", maximumPixels: 1 << 20)
        #expect(linear.pixels == srgb.pixels)
        #expect(!KTX2Codec.isSRGB(Self.uncompressed(vkFormat: 43, width: 1, height: 1, data: [1, 2, 3, 4])))
        #expect(!KTX2Codec.isSRGB(Array("not a texture".utf8)))
    }

    /// A minimal KTX2 file: the header, one level index entry, `keyValues` as the key/value data
    /// (each a NUL-terminated key and value, padded to 4 bytes) and `data` as level 0, whose
    /// uncompressed length is `inflatedLength` (default `data`'s).
    static func uncompressed(
        vkFormat: UInt32, width: UInt32, height: UInt32, scheme: UInt32 = 0, keyValues: [(String, String)] = [],
        inflatedLength: UInt64? = nil, data: [UInt8]
    ) -> [UInt8] {
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        var pairs: [UInt8] = []
        for (key, value) in keyValues {
            let pair = Array(key.utf8) + [0] + Array(value.utf8) + [0]
            pairs += le32(UInt32(pair.count)) + pair + repeatElement(0, count: (4 - pair.count % 4) % 4)
        }
        var bytes: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += le32(vkFormat) + le32(1) + le32(width) + le32(height) + le32(0) + le32(0) + le32(1) + le32(1) + le32(scheme)
        // The index: no descriptor, the key/value data after the level index, no global data.
        let dataStart = 104 + pairs.count
        bytes += le32(0) + le32(0) + le32(pairs.isEmpty ? 0 : 104) + le32(UInt32(pairs.count)) + le64(0) + le64(0)
        bytes += le64(UInt64(dataStart)) + le64(UInt64(data.count)) + le64(inflatedLength ?? UInt64(data.count))
        return bytes + pairs + data
    }

    @Test func uncompressedRGBA8ReadsBack() throws {
        let data: [UInt8] = (0..<(3 * 2 * 4)).map { UInt8($0 * 10) }
        for format: UInt32 in [37, 43] {
            let image = try KTX2Codec.decode(
                Self.uncompressed(vkFormat: format, width: 3, height: 2, data: data), source: "u", maximumPixels: 100)
            #expect(image.width == 3 && image.height == 2 && image.pixels == data)
        }
        #expect(throws: ImageCodec.Failure.self) {
            try KTX2Codec.decode(
                Self.uncompressed(vkFormat: 37, width: 3, height: 2, data: Array(data.prefix(20))), source: "u", maximumPixels: 100)
        }
    }

    @Test func unsupportedTexturesAreRefusedByName() throws {
        func reason(_ bytes: [UInt8]) -> String {
            do {
                _ = try KTX2Codec.decode(bytes, source: "t.ktx2", maximumPixels: 1 << 20)
                return "decoded"
            } catch let ImageCodec.Failure.undecodable(source, reason) {
                return source == "t.ktx2" ? reason : "wrong source"
            } catch {
                return "other error"
            }
        }
        // vkFormat 0 (Basis Universal's) without a data format descriptor naming ETC1S or UASTC.
        #expect(reason(Self.uncompressed(vkFormat: 0, width: 1, height: 1, data: [1, 2, 3, 4])).contains("vkFormat 0, which Sprout does not decode"))
        #expect(reason(Self.uncompressed(vkFormat: 44, width: 1, height: 1, data: [1, 2, 3, 4])).contains("vkFormat 44"))
        #expect(reason(Array("not a texture".utf8)) == "not a KTX 2.0 texture")
        #expect(!KTX2Codec.isKTX2(Array("\u{AB}KTX 11".utf8)))
    }

    @Test func hugeDeclaredSizesAreRefusedBeforeAllocating() throws {
        var bytes = try Self.fixture("etc1s-opaque.ktx2")
        for at in [20, 24] {
            bytes[at] = 0xA0
            bytes[at + 1] = 0x86
            bytes[at + 2] = 0x01
            bytes[at + 3] = 0
        }
        #expect(throws: ImageCodec.Failure.undecodable(source: "h", reason: "100000 x 100000 pixels, more than the limit of 67108864")) {
            try KTX2Codec.decode(bytes, source: "h", maximumPixels: 1 << 26)
        }
        let raw = Self.uncompressed(vkFormat: 37, width: 0xFFFF_FFFF, height: 0xFFFF_FFFF, data: [])
        #expect(throws: ImageCodec.Failure.self) { try KTX2Codec.decode(raw, source: "h", maximumPixels: Int.max) }
    }

    /// Every prefix of every fixture decodes or throws; none traps.
    @Test func everyTruncationThrowsOrDecodes() throws {
        var thrown = 0
        for name in Self.etc1sNames.map({ $0 + ".ktx2" }) + ["uastc-raw.ktx2"] {
            let bytes = try Self.fixture(name)
            for length in 0..<bytes.count {
                do {
                    _ = try KTX2Codec.decode(Array(bytes.prefix(length)), source: name, maximumPixels: 1 << 20)
                } catch {
                    thrown += 1
                }
            }
        }
        #expect(thrown > 1000)
    }

    /// Every shorter length declared for the BasisLZ global data (codebooks, Huffman tables) and for
    /// level 0 (the slices) is refused or decoded without reading past it: cut short inside the file,
    /// the bit readers meet the declared end, not the file's.
    @Test func everyShortenedSectionThrowsOrDecodes() throws {
        var thrown = 0
        for name in Self.etc1sNames {
            let bytes = try Self.fixture(name + ".ktx2")
            // KTX 2.0, Index: sgdByteLength at 72, levels[0].byteLength at 88.
            for field in [72, 88] {
                let length = Int(bytes[field]) | Int(bytes[field + 1]) << 8 | Int(bytes[field + 2]) << 16
                for shorter in 0..<length {
                    var cut = bytes
                    cut[field] = UInt8(shorter & 0xFF)
                    cut[field + 1] = UInt8(shorter >> 8 & 0xFF)
                    cut[field + 2] = UInt8(shorter >> 16)
                    do {
                        _ = try KTX2Codec.decode(cut, source: name, maximumPixels: 1 << 20)
                    } catch {
                        thrown += 1
                    }
                }
            }
        }
        #expect(thrown > 5000)
    }

    /// Thousands of seeded random corruptions decode or throw; none traps.
    @Test func randomCorruptionsThrowOrDecode() throws {
        var random = SeededRandom(seed: 0x4B54_5832)
        let files = try Self.etc1sNames.map { try Self.fixture($0 + ".ktx2") }
        var decoded = 0
        for round in 0..<4000 {
            var bytes = files[round % files.count]
            let changes = 1 + Int(random.next() % 4)
            for _ in 0..<changes {
                let at = Int(random.next() % UInt64(bytes.count))
                // Mostly the BasisLZ data past the 80-byte header, sometimes the header too.
                let index = round % 5 == 0 ? at : 80 + at % (bytes.count - 80)
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
            if let image = try? KTX2Codec.decode(bytes, source: "c", maximumPixels: 1 << 16) {
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            }
        }
        #expect(decoded < 4000)
    }
}
