import SproutScene
import SproutTesting
import Testing

@testable import SproutImage

/// UASTC LDR 4x4 blocks decode to exactly the RGBA8 that Basis Universal's transcoder gives for
/// RGBA32 (`basisu -unpack`), hand-made blocks to the texels worked out from the format by hand, and
/// damaged data throws by name, never traps.
@Suite struct UASTCImageTests {
    /// Where the fixtures lie.
    static let directory = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
    /// The fixtures that `basisu` wrote (and `uastc-random`, random blocks in a `basisu` file), each
    /// with the RGBA32 level 0 that `basisu -unpack` wrote as NAME.expected.png.
    static let names = ["uastc-noise", "uastc-shapes", "uastc-la", "uastc-smooth", "uastc-smootha", "uastc-odd", "uastc-rdo", "uastc-mipmap", "uastc-random"]

    /// The bytes of fixture file `name`.
    static func fixture(_ name: String) throws -> [UInt8] {
        try Fixtures.read(directory + name)
    }

    /// Level `index` of a KTX2 file without supercompression: where its blocks lie and its size.
    static func level(_ bytes: [UInt8], _ index: Int = 0) -> (range: Range<Int>, width: Int, height: Int) {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        // KTX 2.0: pixelWidth at 20, pixelHeight at 24; the level index at 80, 24 bytes a level,
        // byteOffset then byteLength (u64s whose high halves are 0 here).
        let start = u32(80 + 24 * index)
        return (start..<(start + u32(88 + 24 * index)), max(u32(20) >> index, 1), max(u32(24) >> index, 1))
    }

    /// The mode of each block of level 0, counted: [mode: blocks].
    static func modeHistogram(_ name: String) throws -> [Int: Int] {
        let bytes = try fixture(name + ".ktx2")
        let range = level(bytes).range
        var histogram: [Int: Int] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            for start in stride(from: range.lowerBound, to: range.upperBound, by: 16) {
                histogram[UASTCBlock(buffer.baseAddress! + start).mode ?? 19, default: 0] += 1
            }
        }
        return histogram
    }

    /// Where `pixels` first differ from `expected` (as texel and channel), nil if they are the same;
    /// a short failure message where the arrays themselves would print thousands of bytes.
    static func firstDifference(_ pixels: [UInt8], _ expected: [UInt8]) -> String? {
        guard pixels.count == expected.count else { return "\(pixels.count) bytes, not \(expected.count)" }
        guard let at = pixels.indices.first(where: { pixels[$0] != expected[$0] }) else { return nil }
        return "texel \(at / 4) channel \(at % 4): \(pixels[at]), not \(expected[at])"
    }

    /// One 4 x 4 block decoded alone.
    static func decodeBlock(_ block: [UInt8]) throws -> [UInt8] {
        try UASTCImage.decode(block, range: 0..<16, width: 4, height: 4)
    }

    /// Each fixture's level 0 decodes to exactly what `basisu -unpack` wrote as RGBA32.
    @Test(arguments: names)
    func fixtureMatchesTheReferenceTranscoder(name: String) throws {
        let bytes = try Self.fixture(name + ".ktx2")
        let (range, width, height) = Self.level(bytes)
        let pixels = try UASTCImage.decode(bytes, range: range, width: width, height: height)
        let expected = try ImageCodec.decode(try Self.fixture(name + ".expected.png"), source: name + ".expected.png")
        #expect(width == expected.width && height == expected.height)
        #expect(pixels.count == width * height * 4)
        #expect(Self.firstDifference(pixels, expected.pixels) == nil)
    }

    /// The smaller mip levels, 8 x 8 down to 1 x 1, where most of the block lies past the edge.
    @Test(arguments: 1...4)
    func mipLevelsMatchTheReferenceTranscoder(index: Int) throws {
        let bytes = try Self.fixture("uastc-mipmap.ktx2")
        let (range, width, height) = Self.level(bytes, index)
        #expect(width == 16 >> index && range.count == 16 * ((width + 3) / 4) * ((width + 3) / 4))
        let pixels = try UASTCImage.decode(bytes, range: range, width: width, height: height)
        let name = "uastc-mipmap-level\(index).expected.png"
        let expected = try ImageCodec.decode(try Self.fixture(name), source: name)
        #expect(expected.width == width && expected.height == height)
        #expect(Self.firstDifference(pixels, expected.pixels) == nil)
    }

    /// The fixtures' blocks, counted by mode as `basisu` wrote them (a throwaway script printed the
    /// same counts from the files): together they use every mode 0...18, the encoded images alone
    /// too, and `uastc-random` has every mode in turn.
    @Test func fixturesCoverEveryMode() throws {
        let expected: [String: [Int: Int]] = [
            "uastc-noise": [2: 2, 3: 22, 6: 27, 7: 1, 11: 12],
            "uastc-shapes": [0: 16, 1: 6, 4: 1, 6: 3, 8: 58, 9: 11, 11: 2, 13: 43, 14: 4],
            "uastc-la": [0: 1, 1: 4, 2: 1, 11: 2, 15: 3, 16: 16, 17: 30, 18: 7],
            "uastc-smooth": [0: 1, 4: 13, 5: 49, 18: 1],
            "uastc-smootha": [9: 1, 10: 62, 12: 1],
            "uastc-odd": [9: 3, 11: 4, 12: 1],
            "uastc-rdo": [9: 3, 11: 61],
            "uastc-mipmap": [0: 16]
        ]
        var encoded = Set<Int>()
        for (name, histogram) in expected {
            #expect(try Self.modeHistogram(name) == histogram, "\(name)")
            encoded.formUnion(histogram.keys)
        }
        #expect(encoded == Set(0...18))
        let random = try Self.modeHistogram("uastc-random")
        #expect(random == Dictionary(uniqueKeysWithValues: (0...18).map { ($0, $0 < 9 ? 14 : 13) }))
    }

    /// Mode 8, made by hand: the 5-bit code 0x17 (10111), then red, green, blue and alpha, 8 bits
    /// each from bit 5 (0x12, 0x34, 0x56, 0x78), so the bits are
    /// 0x17 | 0x12 << 5 | 0x34 << 13 | 0x56 << 21 | 0x78 << 29, bytes 57 82 C6 0A 0F; the rest
    /// (ETC1 hints) do not matter. Every texel is that colour.
    @Test func handMadeSolidBlock() throws {
        var block: [UInt8] = [0x57, 0x82, 0xC6, 0x0A, 0x0F] + [UInt8](repeating: 0, count: 11)
        #expect(block.withUnsafeBufferPointer { UASTCBlock($0.baseAddress!).mode } == 8)
        let solid = [UInt8]([[UInt8]](repeating: [0x12, 0x34, 0x56, 0x78], count: 16).joined())
        #expect(try Self.decodeBlock(block) == solid)
        for index in 5..<16 { block[index] = 0xA5 }
        #expect(try Self.decodeBlock(block) == solid)
    }

    /// Builds a block from fields, each written from the lowest bit up, from bit 0 on.
    struct BlockWriter {
        /// The block so far.
        var bytes = [UInt8](repeating: 0, count: 16)
        /// The next bit to write.
        var position = 0

        /// Writes the low `bits` bits of `value` next.
        mutating func put(_ value: Int, bits: Int) {
            for bit in 0..<bits {
                if (value >> bit) & 1 == 1 { bytes[(position + bit) / 8] |= 1 << ((position + bit) % 8) }
            }
            position += bits
        }
    }

    /// Mode 1, made by hand: code 0x35 in 6 bits, 15 bits of hints (zero), six 8-bit endpoints
    /// (red 0 and 255, green 100 and 200, blue 255 and 0), then 2-bit weights, texel 0's in 1 bit.
    /// Texel i has weight i % 4, which is 0, 21, 43 or 64 out of 64, and a channel from low l to high
    /// h is ((257 l (64 - w) + 257 h w + 32) >> 6) >> 8: red 0, 84, 171, 255, green 100, 133, 167,
    /// 200, blue 255, 171, 84, 0 (worked by hand: e.g. (65535 * 21 + 32) >> 6 = 21504, >> 8 = 84).
    @Test func handMadeSingleSubsetBlock() throws {
        var writer = BlockWriter()
        writer.put(0x35, bits: 6)
        writer.put(0, bits: 15)
        for endpoint in [0, 255, 100, 200, 255, 0] { writer.put(endpoint, bits: 8) }
        writer.put(0, bits: 1)
        for texel in 1..<16 { writer.put(texel % 4, bits: 2) }
        #expect(writer.position == 100)
        let red: [UInt8] = [0, 84, 171, 255]
        let green: [UInt8] = [100, 133, 167, 200]
        let blue: [UInt8] = [255, 171, 84, 0]
        let expected: [UInt8] = (0..<16).flatMap { texel -> [UInt8] in [red[texel % 4], green[texel % 4], blue[texel % 4], 255] }
        #expect(try Self.decodeBlock(writer.bytes) == expected)
    }

    /// Mode 17, luminance-alpha with a second weight plane for alpha, made by hand: code 0x25 in 6
    /// bits, 23 bits of hints, endpoints luminance 0 and 255, alpha 255 and 0, then each texel's two
    /// 2-bit weights in turn (texel 0's in 1 bit each): the first i % 4 for luminance, the second
    /// i / 4 for alpha. So texel i is gray [0, 84, 171, 255][i % 4] with alpha [255, 171, 84, 0][i / 4].
    @Test func handMadeDualPlaneBlock() throws {
        var writer = BlockWriter()
        writer.put(0x25, bits: 6)
        writer.put(0, bits: 23)
        for endpoint in [0, 255, 255, 0] { writer.put(endpoint, bits: 8) }
        writer.put(0, bits: 1)
        writer.put(0, bits: 1)
        for texel in 1..<16 {
            writer.put(texel % 4, bits: 2)
            writer.put(texel / 4, bits: 2)
        }
        #expect(writer.position == 123)
        let ramp: [UInt8] = [0, 84, 171, 255]
        let expected: [UInt8] = (0..<16).flatMap { texel -> [UInt8] in
            let gray = ramp[texel % 4]
            return [gray, gray, gray, ramp[3 - texel / 4]]
        }
        #expect(try Self.decodeBlock(writer.bytes) == expected)
    }

    /// Every value of byte 0 decodes or throws. With the other bytes 0 only the reserved code 0x45
    /// (in the low 7 bits) throws; with them 0xFF the multi-subset modes' pattern index is all ones,
    /// past each of their tables, so modes 2, 3, 4, 7, 9 and 16 throw too.
    @Test func everyModeCodeDecodesOrThrows() throws {
        for fill: UInt8 in [0x00, 0xFF] {
            for first in 0...255 {
                let block = [UInt8(first)] + [UInt8](repeating: fill, count: 15)
                let mode = UASTCMode.byCode[first & 0x7F]
                let refused = mode == nil || (fill == 0xFF && [2, 3, 4, 7, 9, 16].contains(mode!))
                let decoded = try? Self.decodeBlock(block)
                #expect((decoded == nil) == refused, "byte 0 = \(first), fill \(fill)")
            }
        }
        #expect(UASTCMode.byCode.filter { $0 == nil }.count == 1 && UASTCMode.byCode[0x45] == nil)
        for (number, mode) in UASTCMode.all.enumerated() {
            #expect(UASTCMode.byCode.filter { $0 == number }.count == 128 >> mode.codeLength)
        }
        #expect(throws: ImageDataError.self) { try Self.decodeBlock([0xC5] + [UInt8](repeating: 0, count: 15)) }
    }

    /// The last pattern of each table decodes and the next index throws, naming it: mode 2's 30 and
    /// mode 7's 19 two-subset patterns (5-bit index), mode 3's 11 three-subset ones (4-bit index),
    /// each index right after the 5-bit code and 15 hint bits.
    @Test func patternIndexPastTheTableThrows() throws {
        for (code, patterns, bits, mode) in [(0x1D, 30, 5, 2), (0x07, 19, 5, 7), (0x03, 11, 4, 3)] {
            for index in [patterns - 1, patterns] {
                var writer = BlockWriter()
                writer.put(code, bits: 5)
                writer.put(0, bits: 15)
                writer.put(index, bits: bits)
                let bytes = writer.bytes
                if index < patterns {
                    #expect(try Self.decodeBlock(bytes).count == 64)
                } else {
                    let error = #expect(throws: ImageDataError.self) { try Self.decodeBlock(bytes) }
                    #expect(
                        error?.reason
                            == "UASTC block 0 (column 0, row 0) is in mode \(mode) with partition pattern \(index), past the mode's \(patterns) patterns")
                }
            }
        }
        let error = #expect(throws: ImageDataError.self) { try Self.decodeBlock([0x45] + [UInt8](repeating: 0, count: 15)) }
        #expect(error?.reason == "UASTC block 0 (column 0, row 0) uses the reserved mode code 0x45")
    }

    /// Every range shorter than the blocks need throws, a range outside the bytes throws, and the
    /// exact range decodes.
    @Test func everyTruncationThrows() throws {
        for name in ["uastc-odd", "uastc-shapes"] {
            let bytes = try Self.fixture(name + ".ktx2")
            let (range, width, height) = Self.level(bytes)
            #expect(try UASTCImage.decode(bytes, range: range, width: width, height: height).count == width * height * 4)
            for length in 0..<range.count {
                #expect(throws: ImageDataError.self) {
                    try UASTCImage.decode(bytes, range: range.lowerBound..<(range.lowerBound + length), width: width, height: height)
                }
                #expect(throws: ImageDataError.self) {
                    try UASTCImage.decode(Array(bytes.prefix(range.lowerBound + length)), range: range, width: width, height: height)
                }
            }
        }
        let bytes = [UInt8](repeating: 0, count: 64)
        #expect(throws: ImageDataError.self) { try UASTCImage.decode(bytes, range: -16..<0, width: 4, height: 4) }
        #expect(throws: ImageDataError.self) { try UASTCImage.decode(bytes, range: 0..<64, width: -4, height: 4) }
        #expect(throws: ImageDataError.self) { try UASTCImage.decode(bytes, range: 0..<64, width: Int.max, height: Int.max) }
        #expect(try UASTCImage.decode(bytes, range: 0..<64, width: 16, height: 4).count == 256)
        #expect(try UASTCImage.decode(bytes, range: 0..<0, width: 0, height: 0).isEmpty)
    }

    /// Thousands of seeded random blocks, half of them with a random mode code forced into byte 0,
    /// decode or throw, never trap, and decoded ones are full 4 x 4 blocks.
    @Test func randomBlocksDecodeOrThrow() throws {
        var random = SeededRandom(seed: 0x5541_5354_4334)
        var decoded = 0
        var refused = 0
        for round in 0..<6000 {
            var block = (0..<2).flatMap { _ in withUnsafeBytes(of: random.next().littleEndian) { Array($0) } }
            if round % 2 == 1 {
                let mode = UASTCMode.all[Int(random.next() % 19)]
                let mask = UInt8((1 << mode.codeLength) - 1)
                block[0] = block[0] & ~mask | UInt8(mode.code)
            }
            if let pixels = try? Self.decodeBlock(block) {
                #expect(pixels.count == 64)
                decoded += 1
            } else {
                refused += 1
            }
        }
        #expect(decoded > 5000 && refused > 100)
    }

    /// The unquantization tables against values that Basis Universal's own tables give
    /// (`g_astc_unquant`, and the weight tables `g_bc7_weights1...3`, `g_astc_weights4`,
    /// `g_astc_weights5`), stored value order: low bits, then the trit or quint above them.
    @Test func unquantizationMatchesTheReferenceTables() {
        func values(_ mode: Int, _ count: Int) -> [Int] { UASTCMode.all[mode].endpointValues.prefix(count).map(Int.init) }
        #expect(values(3, 12) == [0, 255, 69, 186, 23, 232, 92, 163, 46, 209, 116, 139])   // 0...11
        #expect(values(4, 12) == [0, 255, 32, 223, 65, 190, 97, 158, 6, 249, 39, 216])   // 0...39
        #expect(values(10, 12) == [0, 255, 16, 239, 32, 223, 48, 207, 65, 190, 81, 174])   // 0...47
        #expect(values(6, 12) == [0, 255, 8, 247, 16, 239, 24, 231, 32, 223, 40, 215])   // 0...159
        #expect(values(0, 12) == [0, 255, 4, 251, 8, 247, 12, 243, 16, 239, 20, 235])   // 0...191
        #expect(values(2, 16) == [0, 17, 34, 51, 68, 85, 102, 119, 136, 153, 170, 187, 204, 221, 238, 255])
        #expect(values(18, 8) == [0, 8, 16, 24, 33, 41, 49, 57])
        #expect(UASTCMode.all[1].endpointValues == (0...255).map(UInt8.init))
        func weights(_ mode: Int) -> [Int] { UASTCMode.all[mode].weightValues.map(Int.init) }
        #expect(weights(13) == [0, 64])
        #expect(weights(1) == [0, 21, 43, 64])
        #expect(weights(2) == [0, 9, 18, 27, 37, 46, 55, 64])
        #expect(weights(0) == [0, 4, 8, 12, 17, 21, 25, 29, 35, 39, 43, 47, 52, 56, 60, 64])
        #expect(weights(18) == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64])
    }
}
