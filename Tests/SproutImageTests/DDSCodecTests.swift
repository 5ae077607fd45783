import SproutScene
import SproutTesting
import Testing

@testable import SproutImage

/// DDS textures decode to exactly the RGBA8 that Basis Universal's and Pillow's decoders give (which
/// agree on every block fixture), uncompressed ones to the pixels they were written from, hand-made
/// blocks to texels worked out by hand, and damaged or unsupported files throw by name, never trap.
@Suite struct DDSCodecTests {
    /// Where the fixtures lie.
    static let directory = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
    /// Each `NAME.dds` with its `NAME.expected.png` (Fixtures/README.md says how each was made).
    static let names = [
        "dds-bc1", "dds-bc1-odd", "dds-bc2", "dds-bc3", "dds-bc4", "dds-bc5", "dds-bc7", "dds-bc7-noise", "dds-bc7-random", "dds-dxt1", "dds-dxt3",
        "dds-dxt5", "dds-bgra", "dds-rgb24", "dds-rgba-dx10", "dds-l8", "dds-r5g6b5"
    ]

    /// The bytes of fixture file `name`.
    static func fixture(_ name: String) throws -> [UInt8] {
        try Fixtures.read(directory + name)
    }

    /// The decoded `NAME.expected.png`.
    static func expected(_ name: String) throws -> Image {
        try ImageCodec.decode(try fixture(name + ".expected.png"), source: name + ".expected.png")
    }

    /// Decodes with the default pixel limit.
    static func decode(_ bytes: [UInt8], maximumPixels: Int = ImageCodec.defaultMaximumPixels) throws -> Image {
        try DDSCodec.decode(bytes, source: "test.dds", maximumPixels: maximumPixels)
    }

    /// The reason `bytes` are refused, nil if they decode.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try decode(bytes)
            return nil
        } catch let ImageCodec.Failure.undecodable(source, reason) {
            return source == "test.dds" ? reason : "wrong source \(source)"
        } catch {
            return "unexpected \(error)"
        }
    }

    /// Where `pixels` first differ from `expected` (texel and channel), nil if they are the same.
    static func firstDifference(_ pixels: [UInt8], _ expected: [UInt8]) -> String? {
        guard pixels.count == expected.count else { return "\(pixels.count) bytes, not \(expected.count)" }
        guard let at = pixels.indices.first(where: { pixels[$0] != expected[$0] }) else { return nil }
        return "texel \(at / 4) channel \(at % 4): \(pixels[at]), not \(expected[at])"
    }

    /// `value` as 4 little-endian bytes.
    static func le32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A DDS file of `width` x `height`: legacy header with pixel format flags, fourCC and masks,
    /// a DX10 header if `dxgi` is given (dimension 3, 2D), then `data`.
    static func file(
        width: Int, height: Int, fourCC: String = "DX10", dxgi: Int? = nil, formatFlags: Int = 0x4, bits: Int = 0, masks: [Int] = [0, 0, 0, 0],
        data: [UInt8]
    ) -> [UInt8] {
        var bytes = Array("DDS ".utf8) + le32(124) + le32(0x100F) + le32(height) + le32(width) + [UInt8](repeating: 0, count: 56)
        bytes += le32(32) + le32(formatFlags) + Array(fourCC.utf8) + le32(bits) + masks.flatMap(le32) + le32(0x1000) + [UInt8](repeating: 0, count: 16)
        if let dxgi { bytes += le32(dxgi) + le32(3) + le32(0) + le32(1) + le32(0) }
        return bytes + data
    }

    /// `bytes` (a DX10 fixture) with its DX10 header removed and legacy fourCC `fourCC` put in its place.
    static func legacy(_ bytes: [UInt8], fourCC: String) -> [UInt8] {
        var bytes = bytes
        bytes.replaceSubrange(84..<88, with: Array(fourCC.utf8))
        bytes.removeSubrange(128..<148)
        return bytes
    }

    /// The 64 bytes of 16 texels, texel i's RGBA from `color(i)`.
    static func texels(_ color: (Int) -> [UInt8]) -> [UInt8] {
        (0..<16).flatMap(color)
    }

    /// One 4 x 4 block of `format` decoded alone, as 64 RGBA bytes.
    static func block(_ format: BCFormat, _ block: [UInt8]) -> [UInt8] {
        format.decode(block, from: 0, width: 4, height: 4)
    }

    /// Each fixture decodes to exactly its expected picture: the block formats as `basisu -unpack`
    /// decoded them (Pillow's decoder gives the same pixels, see Fixtures/README.md), BC1 with its
    /// thirds rounded down as both do; the uncompressed ones to the pixels they were written from.
    @Test(arguments: names)
    func fixtureMatchesTheReference(name: String) throws {
        let image = try Self.decode(try Self.fixture(name + ".dds"))
        let expected = try Self.expected(name)
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(Self.firstDifference(image.pixels, expected.pixels) == nil)
    }

    /// The same blocks under each other header that names their format decode the same: DX10
    /// files under legacy fourCCs (DXT1...DXT5, ATI1, BC4U, ATI2, BC5U), legacy files under DX10's
    /// UNORM, sRGB and typeless formats, and extra mip levels, cube faces or array elements
    /// declared in the header change nothing (only level 0 of the first image is read).
    @Test func headerVariantsDecodeTheSame() throws {
        let variants: [(String, [String])] = [
            ("dds-bc1", ["DXT1"]), ("dds-bc2", ["DXT2", "DXT3"]), ("dds-bc3", ["DXT4", "DXT5"]), ("dds-bc4", ["ATI1", "BC4U"]), ("dds-bc5", ["ATI2", "BC5U"])
        ]
        for (name, fourCCs) in variants {
            let bytes = try Self.fixture(name + ".dds")
            let expected = try Self.decode(bytes)
            for fourCC in fourCCs { #expect(try Self.decode(Self.legacy(bytes, fourCC: fourCC)) == expected, "\(name) as \(fourCC)") }
        }
        for (name, formats) in [("dds-dxt1", [70, 71, 72]), ("dds-dxt3", [73, 74, 75]), ("dds-dxt5", [76, 77, 78])] {
            let bytes = try Self.fixture(name + ".dds")
            let expected = try Self.decode(bytes)
            for dxgi in formats {
                let dx10 = Self.file(width: 32, height: 32, dxgi: dxgi, data: Array(bytes[128...]))
                #expect(try Self.decode(dx10) == expected, "\(name) as DXGI \(dxgi)")
            }
        }
        var bytes = try Self.fixture("dds-bc7.dds")
        let expected = try Self.decode(bytes)
        bytes.replaceSubrange(28..<32, with: Self.le32(6))   // dwMipMapCount
        bytes.replaceSubrange(112..<116, with: Self.le32(0xFE00))   // DDSCAPS2_CUBEMAP and all six faces
        bytes.replaceSubrange(136..<144, with: Self.le32(4) + Self.le32(3))   // miscFlag TEXTURECUBE, arraySize 3
        #expect(try Self.decode(bytes) == expected)
        bytes.replaceSubrange(140..<144, with: Self.le32(0))   // arraySize 0, as Pillow writes it
        #expect(try Self.decode(bytes) == expected)
    }

    /// The blocks' modes, counted (a throwaway script printed the same from the files): the encoded
    /// BC7 fixtures together use all eight, `dds-bc7-random` has 16 of each; Pillow's DXT1 has
    /// three-colour blocks, 18 of which use the transparent index.
    @Test func fixturesCoverEveryMode() throws {
        /// The BC7 blocks of fixture `name`, counted by mode (8 for the reserved one).
        func histogram(_ name: String) throws -> [Int: Int] {
            let bytes = try Self.fixture(name + ".dds")
            return bytes.withUnsafeBufferPointer { buffer in
                stride(from: 148, to: bytes.count, by: 16).reduce(into: [:]) { counts, start in
                    counts[BC7Block.mode(buffer.baseAddress! + start) ?? 8, default: 0] += 1
                }
            }
        }
        #expect(try histogram("dds-bc7") == [1: 2, 3: 5, 4: 6, 5: 28, 6: 9, 7: 14])
        #expect(try histogram("dds-bc7-noise") == [0: 19, 1: 1, 2: 11, 4: 17, 6: 3, 7: 13])
        #expect(try histogram("dds-bc7-random") == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 16) }))
        let dxt1 = try Self.fixture("dds-dxt1.dds")
        let transparent = stride(from: 128, to: dxt1.count, by: 8).filter { start in
            let threeColors = Int(dxt1[start]) | Int(dxt1[start + 1]) << 8 <= Int(dxt1[start + 2]) | Int(dxt1[start + 3]) << 8
            let indices = dxt1[(start + 4)..<(start + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            return threeColors && (0..<16).contains { (indices >> (2 * $0)) & 3 == 3 }
        }
        #expect(transparent.count == 18)
    }

    /// Every prefix of each fixture throws (each holds level 0 and nothing after it), naming the
    /// cut header or the bytes level 0 needs; the whole file decodes. None traps.
    @Test(arguments: names)
    func everyTruncationThrows(name: String) throws {
        let bytes = try Self.fixture(name + ".dds")
        #expect(Self.refusal(bytes) == nil)
        for length in 0..<bytes.count {
            let reason = Self.refusal(Array(bytes.prefix(length)))
            #expect(reason != nil, "\(name) cut to \(length) bytes")
            if length >= 148 { #expect(reason?.hasPrefix("DDS level 0 (") == true, "\(name) cut to \(length): \(reason ?? "")") }
        }
    }

    /// A declared 100000 x 100000 (or wider than 2^24) texture is refused before anything is
    /// allocated, whatever follows; one within the limit whose data is missing is refused by size.
    @Test func hugeDeclaredSizesAreRefused() {
        let huge = Self.file(width: 100_000, height: 100_000, fourCC: "DXT1", data: [UInt8](repeating: 0, count: 64))
        #expect(Self.refusal(huge) == "100000 x 100000 pixels, more than the limit of \(ImageCodec.defaultMaximumPixels)")
        let wide = Self.file(width: 1 << 25, height: 1, dxgi: 98, data: [])
        #expect(Self.refusal(wide) == "33554432 x 1 pixels, more than the limit of \(ImageCodec.defaultMaximumPixels)")
        let empty = Self.file(width: 0, height: 4, fourCC: "DXT5", data: [])
        #expect(Self.refusal(empty) == "DDS texture of 0 x 4 pixels")
        let short = Self.file(width: 8192, height: 8192, dxgi: 98, data: [UInt8](repeating: 0, count: 1000))
        #expect(Self.refusal(short) == "DDS level 0 (8192 x 8192, BC7) needs 67108864 bytes but the file holds 1000 after its header")
        #expect(throws: ImageCodec.Failure.self) { try Self.decode(Self.file(width: 64, height: 64, dxgi: 98, data: []), maximumPixels: 4095) }
    }

    /// Formats and layouts Sprout does not decode are refused by name.
    @Test func unsupportedFormatsAreRefusedByName() {
        let block = [UInt8](repeating: 0, count: 16)
        #expect(Self.refusal(Self.file(width: 4, height: 4, dxgi: 95, data: block)) == "DDS format BC6H_UF16 (95), HDR, which Sprout does not decode")
        #expect(Self.refusal(Self.file(width: 4, height: 4, dxgi: 96, data: block)) == "DDS format BC6H_SF16 (96), HDR, which Sprout does not decode")
        #expect(Self.refusal(Self.file(width: 4, height: 4, dxgi: 2, data: block)) == "DDS format R32G32B32A32_FLOAT (2), which Sprout does not decode")
        #expect(Self.refusal(Self.file(width: 4, height: 4, dxgi: 200, data: block)) == "DDS format DXGI format 200 (200), which Sprout does not decode")
        var volume = Self.file(width: 4, height: 4, dxgi: 98, data: block)
        volume.replaceSubrange(24..<28, with: Self.le32(4))
        volume.replaceSubrange(132..<136, with: Self.le32(4))
        #expect(Self.refusal(volume) == "DDS volume texture (DX10 3D texture, depth 4), which Sprout does not decode")
        var legacyVolume = Self.file(width: 4, height: 4, fourCC: "DXT5", data: block)
        legacyVolume.replaceSubrange(112..<116, with: Self.le32(0x20_0000))
        #expect(Self.refusal(legacyVolume) == "DDS volume texture (depth 0), which Sprout does not decode")
        var dimension = Self.file(width: 4, height: 4, dxgi: 98, data: block)
        dimension.replaceSubrange(132..<136, with: Self.le32(7))
        #expect(Self.refusal(dimension) == "DDS DX10 resource dimension 7, not a 1D (2), 2D (3) or 3D (4) texture")
        #expect(Self.refusal(Self.file(width: 4, height: 4, fourCC: "DXT9", data: block)) == "DDS fourCC \"DXT9\", which Sprout does not decode")
        #expect(Self.refusal(Self.file(width: 4, height: 4, fourCC: "q\0\0\0", data: block)) == "DDS fourCC 113, which Sprout does not decode")
        /// The refusal of a 4 x 4 uncompressed file with these pixel format flags, bits and masks.
        func uncompressed(flags: Int = 0x40, bits: Int, masks: [Int]) -> String? {
            Self.refusal(Self.file(width: 4, height: 4, formatFlags: flags, bits: bits, masks: masks, data: [UInt8](repeating: 0, count: 64)))
        }
        #expect(uncompressed(bits: 32, masks: [0xFF00FF, 0xFF00, 0, 0]) == "DDS red mask 0xff00ff is not one run of bits, which Sprout does not decode")
        #expect(uncompressed(bits: 12, masks: [0xF, 0, 0, 0]) == "DDS uncompressed pixels of 12 bits, not 8, 16, 24 or 32")
        #expect(uncompressed(bits: 16, masks: [0xF0000, 0, 0, 0]) == "DDS red mask 0xf0000 reaches past the 16-bit pixel")
        #expect(uncompressed(bits: 32, masks: [0, 0, 0, 0]) == "DDS uncompressed pixel format with no channel masks")
        #expect(uncompressed(flags: 0x200, bits: 16, masks: [0, 0, 0, 0])?.hasPrefix("DDS pixel format flags 0x200 name no fourCC") == true)
        var header = Self.file(width: 4, height: 4, fourCC: "DXT1", data: block)
        header[4] = 24
        #expect(Self.refusal(header) == "DDS header size 24, not 124")
        header[4] = 124
        header[76] = 24
        #expect(Self.refusal(header) == "DDS pixel format size 24, not 32")
        #expect(Self.refusal(Array("DDS!".utf8) + header.dropFirst(4)) == "not a DDS texture (no \"DDS \" magic)")
        #expect(Self.refusal(Array(Self.file(width: 4, height: 4, dxgi: 98, data: block).prefix(140))) == "DDS DX10 header is cut short (140 bytes, not 148)")
    }

    /// The magic, and the uncompressed formats of the DX10 header that no fixture has: R8 and R8G8
    /// like BC4 and BC5, A8 as (0, 0, 0, a), B8G8R8X8 opaque, 5:5:5:1 and 4:4:4:4 scaled exactly.
    @Test func magicAndSmallUncompressedFormats() throws {
        #expect(DDSCodec.isDDS(Array("DDS ".utf8)) && !DDSCodec.isDDS(Array("DDS".utf8)) && !DDSCodec.isDDS([]))
        #expect(try Self.decode(Self.file(width: 1, height: 1, dxgi: 61, data: [77])).pixels == [77, 0, 0, 255])
        #expect(try Self.decode(Self.file(width: 1, height: 1, dxgi: 49, data: [77, 88])).pixels == [77, 88, 0, 255])
        #expect(try Self.decode(Self.file(width: 1, height: 1, dxgi: 65, data: [99])).pixels == [0, 0, 0, 99])
        #expect(try Self.decode(Self.file(width: 1, height: 1, dxgi: 88, data: [1, 2, 3, 4])).pixels == [3, 2, 1, 255])
        // B5G5R5A1 0x8000 | 1 << 10 | 2 << 5 | 3: red 1 * 255 / 31 = 8.2 -> 8, green 16.5 -> 16 (2 * 255 = 510, + 15 = 525, / 31 = 16), blue 24.7 -> 25.
        #expect(try Self.decode(Self.file(width: 1, height: 1, dxgi: 86, data: [0x43, 0x84])).pixels == [8, 16, 25, 255])
        // B4G4R4A4 0x1234: alpha 1, red 2, green 3, blue 4, each times 17.
        #expect(try Self.decode(Self.file(width: 1, height: 1, dxgi: 115, data: [0x34, 0x12])).pixels == [34, 51, 68, 17])
        // Luminance with alpha (A8L8): (l, l, l, a).
        let la = Self.file(width: 1, height: 1, formatFlags: 0x20001, bits: 16, masks: [0xFF, 0, 0, 0xFF00], data: [90, 200])
        #expect(try Self.decode(la).pixels == [90, 90, 90, 200])
    }

    /// Thousands of seeded random corruptions of the fixtures (bytes changed, mostly in the headers,
    /// sometimes cut short) decode or throw, never trap, under a small pixel limit.
    @Test func randomCorruptionsDecodeOrThrow() throws {
        var random = SeededRandom(seed: 0xDD5)
        let files = try Self.names.map { try Self.fixture($0 + ".dds") }
        var decoded = 0
        var refused = 0
        for _ in 0..<4000 {
            var bytes = files[Int(random.next() % UInt64(files.count))]
            for _ in 0..<(1 + random.next() % 6) {
                let inHeader = random.next() % 4 != 0
                let at = Int(random.next() % UInt64(inHeader ? min(148, bytes.count) : bytes.count))
                bytes[at] = random.next() % 3 == 0 ? [0, 0xFF, 1, 0x80][Int(random.next() % 4)] : UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 5 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
            if let image = try? Self.decode(bytes, maximumPixels: 1 << 16) {
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } else {
                refused += 1
            }
        }
        #expect(decoded > 500 && refused > 500)
    }

}
