import SproutScene
import Testing

@testable import SproutImage

/// The BC block decoders (`BCBlocks`, `BC7Block`) on hand-made blocks whose texels are worked out
/// by hand: BC1's four- and three-colour modes, BC2's and BC3's alpha, BC4's six- and eight-value
/// modes, the signed BC4 and BC5, and every BC7 mode.
@Suite struct BCBlocksTests {
    /// BC1 by hand: white 0xFFFF (255, 255, 255) and 0x0821, whose 1s widen to (8, 4, 8); texel i
    /// has index i % 4 (bytes E4). With color0 > color1, four colours: white, (8, 4, 8), then
    /// (2 * 255 + 8) / 3 = 172.7, (510 + 4) / 3 = 171.3, so (172, 171, 172) rounded down, and
    /// (255 + 16) / 3 = 90.3, (255 + 8) / 3 = 87.7: (90, 87, 90) (rounding to nearest would give
    /// 173 and 88). Swapped, color0 < color1: (8, 4, 8), white, the half (131.5, 129.5, 131.5)
    /// rounded down to (131, 129, 131), and transparent black. BC3's colour half of the swapped
    /// block stays four-colour.
    @Test func handMadeBC1Blocks() {
        let four: [[UInt8]] = [[255, 255, 255, 255], [8, 4, 8, 255], [172, 171, 172, 255], [90, 87, 90, 255]]
        #expect(DDSCodecTests.block(.bc1, [0xFF, 0xFF, 0x21, 0x08, 0xE4, 0xE4, 0xE4, 0xE4]) == DDSCodecTests.texels { four[$0 % 4] })
        let three: [[UInt8]] = [[8, 4, 8, 255], [255, 255, 255, 255], [131, 129, 131, 255], [0, 0, 0, 0]]
        #expect(DDSCodecTests.block(.bc1, [0x21, 0x08, 0xFF, 0xFF, 0xE4, 0xE4, 0xE4, 0xE4]) == DDSCodecTests.texels { three[$0 % 4] })
        // Alpha endpoints 255 and 255 with all indices 0: alpha 255.
        let bc3 = DDSCodecTests.block(.bc3, [255, 255, 0, 0, 0, 0, 0, 0, 0x21, 0x08, 0xFF, 0xFF, 0xE4, 0xE4, 0xE4, 0xE4])
        let bc3Colors: [[UInt8]] = [[8, 4, 8, 255], [255, 255, 255, 255], [90, 87, 90, 255], [172, 171, 172, 255]]
        #expect(bc3 == DDSCodecTests.texels { bc3Colors[$0 % 4] })
        // BC2: alpha nibbles 0...15 in texel order (bytes 10 32 54 76 98 BA DC FE), each times 17.
        let bc2 = DDSCodecTests.block(.bc2, [0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE, 0x21, 0x08, 0xFF, 0xFF, 0, 0, 0, 0])
        #expect(bc2 == DDSCodecTests.texels { [8, 4, 8, UInt8($0 * 17)] })
    }

    /// BC4 indices: texel i gets index i % 8, 3 bits each from byte 2 up.
    static let rampIndices: [UInt8] = {
        let bits = (0..<16).reduce(0) { $0 | ($1 % 8) << (3 * $1) }
        return (0..<6).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
    }()

    /// BC4 by hand. 200 > 10: eight values 200, 10, then (6 * 200 + 10) / 7 = 172, 145, 118, 91,
    /// 64, 37 (each rounded down). 10 <= 200: six values 10, 200, (4 * 10 + 200) / 5 = 48, 86, 124,
    /// 162, then 0 and 255. Red only: (r, 0, 0, 255), as Direct3D samples BC4.
    @Test func handMadeBC4Blocks() {
        let eight: [UInt8] = [200, 10, 172, 145, 118, 91, 64, 37]
        #expect(DDSCodecTests.block(.bc4(signed: false), [200, 10] + Self.rampIndices) == DDSCodecTests.texels { [eight[$0 % 8], 0, 0, 255] })
        let six: [UInt8] = [10, 200, 48, 86, 124, 162, 0, 255]
        #expect(DDSCodecTests.block(.bc4(signed: false), [10, 200] + Self.rampIndices) == DDSCodecTests.texels { [six[$0 % 8], 0, 0, 255] })
        // BC5: the same two halves into red and green.
        let bc5 = DDSCodecTests.block(.bc5(signed: false), [200, 10] + Self.rampIndices + [10, 200] + Self.rampIndices)
        #expect(bc5 == DDSCodecTests.texels { [eight[$0 % 8], six[$0 % 8], 0, 255] })
    }

    /// Signed BC4 by hand: 127 (1.0) and -128 (read as -127, -1.0); 127 > -128, so eight values,
    /// index i >= 2 at (9 - 2i) / 7, which (v + 1) / 2 maps to 255 (8 - i) / 7 rounded: 219, 182,
    /// 146, 109, 73, 36; the endpoints 255 and 0. Green and blue are signed 0: 128. BC5S with both
    /// endpoints 0 (not greater: six values) gives 128, and 0 and 255 at indices 6 and 7.
    @Test func handMadeSignedBlocks() {
        let eight: [UInt8] = [255, 0, 219, 182, 146, 109, 73, 36]
        #expect(DDSCodecTests.block(.bc4(signed: true), [0x7F, 0x80] + Self.rampIndices) == DDSCodecTests.texels { [eight[$0 % 8], 128, 128, 255] })
        let zeros: [UInt8] = [128, 128, 128, 128, 128, 128, 0, 255]
        let bc5 = DDSCodecTests.block(.bc5(signed: true), [0x7F, 0x80] + Self.rampIndices + [0, 0] + Self.rampIndices)
        #expect(bc5 == DDSCodecTests.texels { [eight[$0 % 8], zeros[$0 % 8], 128, 255] })
        #expect(BCBlock.unsignedFromSigned(0, scale: 1) == 128 && BCBlock.unsignedFromSigned(-127, scale: 1) == 0)
    }

    /// Builds a block from fields, each written from its lowest bit up, from bit 0 on.
    struct BlockWriter {
        /// The block so far.
        var bytes = [UInt8](repeating: 0, count: 16)
        /// The next bit to write.
        var position = 0

        /// Writes the low `bits` bits of `value` next.
        mutating func put(_ value: Int, bits: Int) {
            for bit in 0..<bits where (value >> bit) & 1 == 1 { bytes[(position + bit) / 8] |= 1 << ((position + bit) % 8) }
            position += bits
        }
    }

    /// BC7 mode 6 by hand: byte 0 0x40 (bit 6), then 7-bit endpoints red 0 and 127, green 64 and 64,
    /// blue 0 and 0, alpha 127 and 127, p-bits 0 and 1, so endpoint 0 is (0, 128, 0, 254) and
    /// endpoint 1 (255, 129, 1, 255); texel i has index i (texel 0's in 3 bits). With weights
    /// 0, 4, 9, ... 64, red is (255 w + 32) >> 6: 0, 16, 36, 52, 68, 84, 104, 120, 135, 151, 171,
    /// 187, 203, 219, 239, 255, e.g. (255 * 34 + 32) >> 6 = 135; the other channels step up by one
    /// where w >= 32 (index 8 on): green 128 or 129, blue 0 or 1, alpha 254 or 255.
    @Test func handMadeBC7Mode6Block() {
        var writer = BlockWriter()
        writer.put(0x40, bits: 7)
        for endpoint in [0, 127, 64, 64, 0, 0, 127, 127] { writer.put(endpoint, bits: 7) }
        writer.put(0, bits: 1)
        writer.put(1, bits: 1)
        writer.put(0, bits: 3)
        for texel in 1..<16 { writer.put(texel, bits: 4) }
        #expect(writer.position == 128)
        let red: [UInt8] = [0, 16, 36, 52, 68, 84, 104, 120, 135, 151, 171, 187, 203, 219, 239, 255]
        let expected = DDSCodecTests.texels { texel -> [UInt8] in
            let step: UInt8 = texel >= 8 ? 1 : 0
            return [red[texel], 128 + step, step, 254 + step]
        }
        #expect(DDSCodecTests.block(.bc7, writer.bytes) == expected)
    }

    /// Every mode's fields, by hand: the mode bit, zero partition, rotation and selector bits, every
    /// colour endpoint all ones and every alpha endpoint zero, every p-bit 1, then random indices.
    /// All endpoints being equal, each texel is (255, 255, 255, alpha) whatever its index or subset,
    /// alpha the zero endpoint widened: modes 0...3 have none (255); mode 4's 6 bits and mode 5's 8
    /// give 0; mode 6's 7 bits and p-bit give 00000001 = 1; mode 7's 5 bits and p-bit 000001, shifted
    /// to 00000100 with its top bits (00) repeated, 4. The reserved mode (byte 0 zero) is
    /// transparent black whatever follows, and rotation 1 in mode 5 swaps red and alpha.
    @Test func everyBC7ModeByHand() {
        var random = SeededRandom(seed: 0xBC7)
        for (number, mode) in BC7Block.modes.enumerated() {
            var writer = BlockWriter()
            writer.put(1 << number, bits: number + 1)
            writer.put(0, bits: mode.partitionBits + mode.rotationBits + mode.selectorBits)
            writer.put(-1, bits: mode.colorBits * mode.subsets * 2 * 3)
            writer.put(0, bits: mode.alphaBits * mode.subsets * 2)
            writer.put(-1, bits: mode.endpointPBits ? mode.subsets * 2 : mode.sharedPBits ? mode.subsets : 0)
            let indexBits = 128 - writer.position
            for _ in 0..<indexBits { writer.put(Int(random.next() & 1), bits: 1) }
            let alpha: UInt8 = [255, 255, 255, 255, 0, 0, 1, 4][number]
            #expect(DDSCodecTests.block(.bc7, writer.bytes) == DDSCodecTests.texels { _ in [255, 255, 255, alpha] }, "mode \(number)")
            if number == 5 {
                var rotated = writer.bytes
                rotated[0] |= 1 << 6   // rotation field (bits 6...7) = 1
                #expect(DDSCodecTests.block(.bc7, rotated) == DDSCodecTests.texels { _ in [0, 255, 255, 255] })
            }
        }
        let reserved = [0] + (1..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(DDSCodecTests.block(.bc7, reserved) == [UInt8](repeating: 0, count: 64))
    }
}
