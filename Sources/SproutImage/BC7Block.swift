/// One 16-byte BC7 block (Direct3D 11's BC7_UNORM, the BPTC format of OpenGL's
/// ARB_texture_compression_bptc), decoded exactly as the Direct3D 11.3 functional specification's
/// "BC7 Format" section decodes it: the mode is the number of zero bits below the first set bit of
/// byte 0; endpoints are widened to 8 bits by appending their p-bit and repeating their top bits;
/// each channel is `(e0 * (64 - w) + e1 * w + 32) >> 6` with the spec's 2-, 3- or 4-bit weight
/// tables. A block whose byte 0 is zero (the reserved mode 8) decodes to transparent black
/// (0, 0, 0, 0), as the specification requires. Every bit pattern decodes: nothing here traps.
enum BC7Block {
    /// The fields of one of the eight modes (Direct3D 11.3 spec, BC7 mode table): subsets,
    /// partition bits, rotation bits, index-selection bits, colour and alpha bits per endpoint,
    /// a p-bit per endpoint or per subset, and the bits of the primary and secondary indices.
    struct Mode {
        /// Subsets (regions): 1, 2 or 3.
        let subsets: Int
        /// Bits of the partition number.
        let partitionBits: Int
        /// Bits of the channel rotation (modes 4 and 5).
        let rotationBits: Int
        /// Bits of the index selector (mode 4).
        let selectorBits: Int
        /// Bits of each colour endpoint channel, before the p-bit.
        let colorBits: Int
        /// Bits of each alpha endpoint, before the p-bit; 0 where the mode has no alpha (alpha 255).
        let alphaBits: Int
        /// Whether each endpoint has its own p-bit.
        let endpointPBits: Bool
        /// Whether each subset's two endpoints share a p-bit.
        let sharedPBits: Bool
        /// Bits of each primary index.
        let indexBits: Int
        /// Bits of each secondary index (modes 4 and 5; 0 otherwise).
        let secondaryIndexBits: Int

        /// A mode from its row of the table, the fields in order.
        init(
            _ subsets: Int, _ partitionBits: Int, _ rotationBits: Int, _ selectorBits: Int, _ colorBits: Int, _ alphaBits: Int,
            _ endpointPBits: Bool, _ sharedPBits: Bool, _ indexBits: Int, _ secondaryIndexBits: Int
        ) {
            self.subsets = subsets
            self.partitionBits = partitionBits
            self.rotationBits = rotationBits
            self.selectorBits = selectorBits
            self.colorBits = colorBits
            self.alphaBits = alphaBits
            self.endpointPBits = endpointPBits
            self.sharedPBits = sharedPBits
            self.indexBits = indexBits
            self.secondaryIndexBits = secondaryIndexBits
        }
    }

    /// Modes 0...7 (Direct3D 11.3 spec, BC7 mode table). Columns: subsets, partition bits,
    /// rotation bits, selector bits, colour bits, alpha bits, a p-bit per endpoint, one per subset,
    /// index bits, secondary index bits.
    static let modes: [Mode] = [
        Mode(3, 4, 0, 0, 4, 0, true, false, 3, 0),
        Mode(2, 6, 0, 0, 6, 0, false, true, 3, 0),
        Mode(3, 6, 0, 0, 5, 0, false, false, 2, 0),
        Mode(2, 6, 0, 0, 7, 0, true, false, 2, 0),
        Mode(1, 0, 2, 1, 5, 6, false, false, 2, 3),
        Mode(1, 0, 2, 0, 7, 8, false, false, 2, 2),
        Mode(1, 0, 0, 0, 7, 7, true, false, 4, 0),
        Mode(2, 6, 0, 0, 5, 5, true, false, 2, 0)
    ]

    /// The mode of the block at `block`: 0...7, or nil for the reserved byte 0 of zero.
    static func mode(_ block: UnsafePointer<UInt8>) -> Int? {
        block[0] == 0 ? nil : block[0].trailingZeroBitCount
    }

    /// Writes the 4 x 4 texels of the 16-byte block at `block` as RGBA8, texel (x, y) at
    /// `out + y * rowBytes + x * 4`. The caller has checked that all 16 bytes and 4 rows lie inside.
    static func decode(_ block: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        guard let modeNumber = mode(block) else {
            for y in 0..<4 { (out + y * rowBytes).update(repeating: 0, count: 16) }
            return
        }
        let mode = modes[modeNumber]
        var bits = BlockBits(block)
        bits.skip(modeNumber + 1)
        let partition = bits.read(mode.partitionBits)
        let rotation = bits.read(mode.rotationBits)
        let selector = bits.read(mode.selectorBits)
        // Endpoints in stored order: every endpoint's red, then every green, blue, alpha; endpoint
        // 2s and 2s + 1 are subset s's.
        let count = mode.subsets * 2
        var channels = (SIMD8<UInt32>(), SIMD8<UInt32>(), SIMD8<UInt32>(), SIMD8<UInt32>(repeating: 255))
        for endpoint in 0..<count { channels.0[endpoint] = UInt32(bits.read(mode.colorBits)) }
        for endpoint in 0..<count { channels.1[endpoint] = UInt32(bits.read(mode.colorBits)) }
        for endpoint in 0..<count { channels.2[endpoint] = UInt32(bits.read(mode.colorBits)) }
        if mode.alphaBits > 0 {
            for endpoint in 0..<count { channels.3[endpoint] = UInt32(bits.read(mode.alphaBits)) }
        }
        var pBits = SIMD8<UInt32>()
        if mode.endpointPBits {
            for endpoint in 0..<count { pBits[endpoint] = UInt32(bits.read(1)) }
        } else if mode.sharedPBits {
            for subset in 0..<mode.subsets {
                let bit = UInt32(bits.read(1))
                pBits[subset * 2] = bit
                pBits[subset * 2 + 1] = bit
            }
        }
        let hasPBit = mode.endpointPBits || mode.sharedPBits
        channels.0 = widened(channels.0, bits: mode.colorBits, pBits: hasPBit ? pBits : nil)
        channels.1 = widened(channels.1, bits: mode.colorBits, pBits: hasPBit ? pBits : nil)
        channels.2 = widened(channels.2, bits: mode.colorBits, pBits: hasPBit ? pBits : nil)
        if mode.alphaBits > 0 { channels.3 = widened(channels.3, bits: mode.alphaBits, pBits: hasPBit ? pBits : nil) }

        // Each subset's first index (its "anchor", Direct3D's fix-up index) has its top bit left out, as 0.
        let anchors = anchorMask(subsets: mode.subsets, partition: partition)
        var primary: UInt64 = 0
        for texel in 0..<16 {
            let width = anchors & (1 << texel) != 0 ? mode.indexBits - 1 : mode.indexBits
            primary |= UInt64(bits.read(width)) << UInt64(4 * texel)
        }
        var secondary: UInt64 = 0
        if mode.secondaryIndexBits > 0 {
            for texel in 0..<16 {
                let width = texel == 0 ? mode.secondaryIndexBits - 1 : mode.secondaryIndexBits
                secondary |= UInt64(bits.read(width)) << UInt64(4 * texel)
            }
        }
        // Mode 4 with selector 1 takes colour from the secondary indices and alpha from the
        // primary; mode 4 with selector 0 and mode 5 the other way round; other modes one set for both.
        let colorWeights = weights(mode.secondaryIndexBits > 0 && selector == 1 ? mode.secondaryIndexBits : mode.indexBits)
        let alphaWeights = weights(mode.secondaryIndexBits > 0 && selector == 0 ? mode.secondaryIndexBits : mode.indexBits)
        let colorIndices = selector == 1 ? secondary : primary
        let alphaIndices = mode.secondaryIndexBits > 0 && selector == 0 ? secondary : primary
        let map = partitionMap(subsets: mode.subsets, partition: partition)
        /// Endpoint `index` (0...5) as RGBA.
        func endpoint(_ index: Int) -> SIMD4<UInt32> {
            SIMD4(channels.0[index], channels.1[index], channels.2[index], channels.3[index])
        }
        let pairs = (
            (endpoint(0), endpoint(1)), count > 2 ? (endpoint(2), endpoint(3)) : (endpoint(0), endpoint(1)),
            count > 4 ? (endpoint(4), endpoint(5)) : (endpoint(0), endpoint(1))
        )
        for texel in 0..<16 {
            let subset = (map >> UInt32(2 * texel)) & 3
            let (low, high) = subset == 0 ? pairs.0 : subset == 1 ? pairs.1 : pairs.2
            let colorWeight = colorWeights[Int((colorIndices >> UInt64(4 * texel)) & 15)]
            let alphaWeight = alphaWeights[Int((alphaIndices >> UInt64(4 * texel)) & 15)]
            let weight = SIMD4<UInt32>(colorWeight, colorWeight, colorWeight, alphaWeight)
            var color = (low &* (64 &- weight) &+ high &* weight &+ 32) &>> 6
            // Rotation 1, 2, 3 swaps alpha with red, green, blue.
            if rotation > 0 {
                let swapped = color[rotation - 1]
                color[rotation - 1] = color.w
                color.w = swapped
            }
            let packed = color.x | color.y << 8 | color.z << 16 | color.w << 24
            UnsafeMutableRawPointer(out + (texel >> 2) * rowBytes + (texel & 3) * 4).storeBytes(of: packed.littleEndian, as: UInt32.self)
        }
    }

    /// Endpoint values of `bits` bits widened to 8: the p-bit appended where the mode has them,
    /// then shifted to the top of the byte and the top bits repeated below.
    private static func widened(_ values: SIMD8<UInt32>, bits: Int, pBits: SIMD8<UInt32>?) -> SIMD8<UInt32> {
        var values = values
        var total = bits
        if let pBits {
            values = values &<< 1 | pBits
            total += 1
        }
        guard total < 8 else { return values }
        let shifted = values &<< UInt32(8 - total)
        return shifted | shifted &>> UInt32(total)
    }

    /// The interpolation weights, out of 64, of 2-, 3- and 4-bit indices (Direct3D 11.3 spec, BC7
    /// "aWeight2", "aWeight3", "aWeight4").
    private static func weights(_ bits: Int) -> SIMD16<UInt32> {
        switch bits {
        case 2: SIMD16(0, 21, 43, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        case 3: SIMD16(0, 9, 18, 27, 37, 46, 55, 64, 0, 0, 0, 0, 0, 0, 0, 0)
        default: SIMD16(0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64)
        }
    }

    /// The subsets (0...2) of the 16 texels (row-major) in partition `partition`, 2 bits a texel,
    /// texel 0 lowest.
    static func partitionMap(subsets: Int, partition: Int) -> UInt32 {
        switch subsets {
        case 2:
            // Spread the table's bit a texel to two.
            let bits = UInt32(BC7Tables.twoSubsets[partition & 63])
            return (0..<16).reduce(0) { $0 | ((bits >> UInt32($1)) & 1) << UInt32(2 * $1) }
        case 3: return BC7Tables.threeSubsets[partition & 63]
        default: return 0
        }
    }

    /// Bit t set for each texel t whose index is stored one bit short: texel 0 and, for two or
    /// three subsets, the other subsets' anchors (Direct3D 11.3 spec, BC7 fix-up index tables).
    static func anchorMask(subsets: Int, partition: Int) -> Int {
        switch subsets {
        case 2: 1 | 1 << Int(BC7Tables.secondAnchorOfTwo[partition & 63])
        case 3: 1 | 1 << Int(BC7Tables.secondAnchorOfThree[partition & 63]) | 1 << Int(BC7Tables.thirdAnchorOfThree[partition & 63])
        default: 1
        }
    }
}

/// BC7's partition and anchor tables (Direct3D 11.3 spec, BC7 partition tables and fix-up
/// indices; the same tables as BPTC's in ARB_texture_compression_bptc).
enum BC7Tables {
    /// The 64 two-subset partitions: bit t is texel t's subset (texels row-major).
    static let twoSubsets: [UInt16] = [
        0xCCCC, 0x8888, 0xEEEE, 0xECC8, 0xC880, 0xFEEC, 0xFEC8, 0xEC80, 0xC800, 0xFFEC, 0xFE80, 0xE800, 0xFFE8, 0xFF00, 0xFFF0, 0xF000,
        0xF710, 0x008E, 0x7100, 0x08CE, 0x008C, 0x7310, 0x3100, 0x8CCE, 0x088C, 0x3110, 0x6666, 0x366C, 0x17E8, 0x0FF0, 0x718E, 0x399C,
        0xAAAA, 0xF0F0, 0x5A5A, 0x33CC, 0x3C3C, 0x55AA, 0x9696, 0xA55A, 0x73CE, 0x13C8, 0x324C, 0x3BDC, 0x6996, 0xC33C, 0x9966, 0x0660,
        0x0272, 0x04E4, 0x4E40, 0x2720, 0xC936, 0x936C, 0x39C6, 0x639C, 0x9336, 0x9CC6, 0x817E, 0xE718, 0xCCF0, 0x0FCC, 0x7744, 0xEE22
    ]

    /// The 64 three-subset partitions: bits 2t and 2t + 1 are texel t's subset.
    static let threeSubsets: [UInt32] = [
        0xAA68_5050, 0x6A5A_5040, 0x5A5A_4200, 0x5450_A0A8, 0xA5A5_0000, 0xA0A0_5050, 0x5555_A0A0, 0x5A5A_5050,
        0xAA55_0000, 0xAA55_5500, 0xAAAA_5500, 0x9090_9090, 0x9494_9494, 0xA4A4_A4A4, 0xA9A5_9450, 0x2A0A_4250,
        0xA594_5040, 0x0A42_5054, 0xA5A5_A500, 0x55A0_A0A0, 0xA8A8_5454, 0x6A6A_4040, 0xA4A4_5000, 0x1A1A_0500,
        0x0050_A4A4, 0xAAA5_9090, 0x1469_6914, 0x6969_1400, 0xA085_85A0, 0xAA82_1414, 0x50A4_A450, 0x6A5A_0200,
        0xA9A5_8000, 0x5090_A0A8, 0xA8A0_9050, 0x2424_2424, 0x00AA_5500, 0x2492_4924, 0x2449_9224, 0x50A5_0A50,
        0x500A_A550, 0xAAAA_4444, 0x6666_0000, 0xA5A0_A5A0, 0x50A0_50A0, 0x6928_6928, 0x44AA_AA44, 0x6666_6600,
        0xAA44_4444, 0x54A8_54A8, 0x9580_9580, 0x9696_9600, 0xA854_54A8, 0x8095_9580, 0xAA14_1414, 0x9696_0000,
        0xAAAA_1414, 0xA050_50A0, 0xA0A5_A5A0, 0x9600_0000, 0x4080_4080, 0xA9A8_A9A8, 0xAAAA_AA44, 0x2A4A_5254
    ]

    /// The anchor texel of subset 1 in each two-subset partition (Direct3D's "fix-up index" table for two subsets).
    static let secondAnchorOfTwo: [UInt8] = [
        15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
        15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6, 6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15
    ]

    /// The anchor texel of subset 1 in each three-subset partition (the first three-subset fix-up table).
    static let secondAnchorOfThree: [UInt8] = [
        3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3, 3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5, 15, 15,
        8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15, 3, 15, 5, 5, 5, 8, 5, 10, 5, 10, 8, 13, 15, 12, 3, 3
    ]

    /// The anchor texel of subset 2 in each three-subset partition (the second three-subset fix-up table).
    static let thirdAnchorOfThree: [UInt8] = [
        15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8, 15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6, 10, 15, 15, 10, 8,
        15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8, 15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8
    ]
}
