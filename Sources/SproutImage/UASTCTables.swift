/// How the 128 bits of a UASTC LDR 4x4 block are laid out in one of its 19 modes (Basis Universal's
/// UASTC specification; the numbers are those of `basisu_transcoder.cpp`'s `g_uastc_mode_*` tables).
/// Bits are read from byte 0 up, each byte least significant bit first. After the mode code come
/// transcoding hints, the partition pattern index, the dual-plane channel, the endpoints and last the
/// weights, which end at or before bit 128.
struct UASTCMode: Sendable {
    /// How ASTC's bounded integer sequence encoding stores each value of a range: `bits` low bits and,
    /// for `digitBase` 3 (trits) or 5 (quints), one digit in that base above them.
    struct IntegerRange: Sendable {
        /// The plain low bits of each value.
        let bits: Int
        /// 1 for plain bits, 3 for a trit above them, 5 for a quint.
        let digitBase: Int
    }

    /// Which table of 4 x 4 partition patterns the block's pattern index picks from.
    enum Partitions: Sendable {
        /// One subset: every texel uses the same endpoints.
        case single
        /// The 30 two-subset patterns that ASTC and BC7 share.
        case twoCommon
        /// The 11 three-subset patterns that ASTC and BC7 share.
        case threeCommon
        /// The 19 two-subset ASTC patterns that BC7 three-subset patterns reduce to (mode 7).
        case twoFromThree
    }

    /// Which channel a dual-plane mode's second weight plane drives.
    enum SecondPlane: Sendable {
        /// One weight plane for all four channels.
        case none
        /// A 2-bit channel selector (0 red ... 3 alpha) is stored in the block.
        case storedChannel
        /// Alpha, with no selector stored (the luminance-alpha mode 17).
        case alpha
    }

    /// The mode code, read from the low `codeLength` bits of byte 0 (a prefix code).
    let code: Int
    /// The number of bits of the mode code.
    let codeLength: Int
    /// The bits of BC1, ETC1 and ETC2 transcoding hints after the code, which decoding skips.
    let hintBits: Int
    /// The partition table that the pattern index picks from, and so the number of subsets.
    let partitions: Partitions
    /// Which channel, if any, the second weight plane drives.
    let secondPlane: SecondPlane
    /// The channels that endpoints store: 2 luminance and alpha, 3 RGB (alpha 255), 4 RGBA.
    let channels: Int
    /// How each endpoint value is stored.
    let endpointRange: IntegerRange
    /// The bits of each weight (one fewer for a subset's first texel, whose top bit is implied 0).
    let weightBits: Int
    /// Each stored endpoint value (low bits, digit above them) as an 8-bit channel value.
    let endpointValues: [UInt8]
    /// Each stored weight as an interpolation factor 0...64.
    let weightValues: [UInt8]

    private init(
        _ code: Int, _ codeLength: Int, _ hintBits: Int, _ partitions: Partitions, _ secondPlane: SecondPlane, _ channels: Int,
        _ endpointRange: IntegerRange, _ weightBits: Int
    ) {
        self.code = code
        self.codeLength = codeLength
        self.hintBits = hintBits
        self.partitions = partitions
        self.secondPlane = secondPlane
        self.channels = channels
        self.endpointRange = endpointRange
        self.weightBits = weightBits
        let valueCount = endpointRange.digitBase << endpointRange.bits
        endpointValues = (0..<valueCount).map { UInt8(Self.unquantizeEndpoint($0, endpointRange)) }
        weightValues = weightBits == 0 ? [] : (0..<(1 << weightBits)).map { UInt8(Self.unquantizeWeight($0, bits: weightBits)) }
    }

    /// The number of subsets: 1, 2 or 3.
    var subsets: Int {
        switch partitions {
        case .single: return 1
        case .twoCommon, .twoFromThree: return 2
        case .threeCommon: return 3
        }
    }

    /// The bits of the partition pattern index that follows the hints (0, 4 or 5).
    var patternBits: Int {
        switch partitions {
        case .single: return 0
        case .threeCommon: return 4
        case .twoCommon, .twoFromThree: return 5
        }
    }

    /// The partition patterns that the pattern index picks from, each texel's subset two bits
    /// apiece, texel 0 (top left) lowest.
    var patterns: [UInt32] {
        switch partitions {
        case .single: return [0]
        case .twoCommon: return UASTCPatterns.twoCommon
        case .threeCommon: return UASTCPatterns.threeCommon
        case .twoFromThree: return UASTCPatterns.twoFromThree
        }
    }

    /// Mode 8: one RGBA8 colour for the whole block (the ASTC void-extent block), no endpoints or weights.
    static let solidColor = 8

    /// Modes 0...18 by number. Code and length are `g_uastc_mode_huff_codes`; the hint bits
    /// (`g_uastc_mode_total_hint_bits`) are 1 or 2 BC1 hint bits, 8 of ETC1 flip, differential and
    /// intensity tables, in most modes a 5-bit ETC1 bias, and in the alpha modes 9...17 8 bits of
    /// ETC2 alpha hints. Endpoint ranges are ASTC's ranges 7 (0...11), 8, 11, 12 (0...39), 13
    /// (0...47), 18 (0...159), 19 (0...191) and 20 (0...255).
    static let all: [UASTCMode] = [
        // code, length, hints, partitions, second plane, channels, endpoints, weight bits
        UASTCMode(0x01, 4, 15, .single, .none, 3, trits(6), 4),   // 0: RGB
        UASTCMode(0x35, 6, 15, .single, .none, 3, plain(8), 2),   // 1: RGB
        UASTCMode(0x1D, 5, 15, .twoCommon, .none, 3, plain(4), 3),   // 2: RGB, 2 subsets
        UASTCMode(0x03, 5, 15, .threeCommon, .none, 3, trits(2), 2),   // 3: RGB, 3 subsets
        UASTCMode(0x13, 5, 15, .twoCommon, .none, 3, quints(3), 2),   // 4: RGB, 2 subsets
        UASTCMode(0x0B, 5, 15, .single, .none, 3, plain(8), 3),   // 5: RGB
        UASTCMode(0x1B, 5, 15, .single, .storedChannel, 3, quints(5), 2),   // 6: RGB, dual plane
        UASTCMode(0x07, 5, 15, .twoFromThree, .none, 3, quints(3), 2),   // 7: RGB, 2 subsets
        UASTCMode(0x17, 5, 0, .single, .none, 4, plain(8), 0),   // 8: solid RGBA (read apart)
        UASTCMode(0x0F, 5, 23, .twoCommon, .none, 4, plain(4), 2),   // 9: RGBA, 2 subsets
        UASTCMode(0x02, 3, 17, .single, .none, 4, trits(4), 4),   // 10: RGBA
        UASTCMode(0x00, 2, 17, .single, .storedChannel, 4, trits(4), 2),   // 11: RGBA, dual plane
        UASTCMode(0x06, 3, 17, .single, .none, 4, trits(6), 3),   // 12: RGBA
        UASTCMode(0x1F, 5, 23, .single, .storedChannel, 4, plain(8), 1),   // 13: RGBA, dual plane
        UASTCMode(0x0D, 5, 23, .single, .none, 4, plain(8), 2),   // 14: RGBA
        UASTCMode(0x05, 7, 23, .single, .none, 2, plain(8), 4),   // 15: luminance-alpha
        UASTCMode(0x15, 6, 23, .twoCommon, .none, 2, plain(8), 2),   // 16: luminance-alpha, 2 subsets
        UASTCMode(0x25, 6, 23, .single, .alpha, 2, plain(8), 2),   // 17: luminance-alpha, dual plane
        UASTCMode(0x09, 4, 15, .single, .none, 3, plain(5), 5)   // 18: RGB
    ]

    /// The 7-bit code 0x45 that the format keeps for future modes ("mode 19"); the reference
    /// unpacker refuses it.
    static let reservedCode = 0x45

    /// The mode number of each value of byte 0's low 7 bits (the longest code is 7 bits), or nil
    /// for the reserved code.
    static let byCode: [Int?] = (0..<128).map { low7 in
        all.indices.first { all[$0].code == low7 & ((1 << all[$0].codeLength) - 1) }
    }

    private static func plain(_ bits: Int) -> IntegerRange { IntegerRange(bits: bits, digitBase: 1) }
    private static func trits(_ bits: Int) -> IntegerRange { IntegerRange(bits: bits, digitBase: 3) }
    private static func quints(_ bits: Int) -> IntegerRange { IntegerRange(bits: bits, digitBase: 5) }

    /// ASTC's color endpoint unquantization (ASTC specification, "Color Endpoint Unquantization"):
    /// plain bits are replicated up to 8 bits; a trit or quint value is D * C + B, where the
    /// table's C and B (some of the low bits, spread over 9 bits) depend on the range, XORed with
    /// 0x1FF when the lowest bit is set, then shifted down 2 with that bit kept as the top bit.
    static func unquantizeEndpoint(_ value: Int, _ range: IntegerRange) -> Int {
        let bits = range.bits
        let low = value & ((1 << bits) - 1)
        if range.digitBase == 1 {
            var result = 0
            var filled = 0
            while filled < 8 {
                result = (result << bits) | low
                filled += bits
            }
            return result >> (filled - 8)
        }
        let digit = value >> bits
        let bit = { (index: Int) in (low >> index) & 1 }
        let b = bit(1)
        let c = bit(2)
        let d = bit(3)
        let e = bit(4)
        let f = bit(5)
        let scale: Int
        let spread: Int
        switch (bits, range.digitBase) {
        case (1, 3): (scale, spread) = (204, 0)   // 0...5
        case (1, 5): (scale, spread) = (113, 0)   // 0...9
        case (2, 3): (scale, spread) = (93, b << 8 | b << 4 | b << 2 | b << 1)   // 0...11: b000b0bb0
        case (2, 5): (scale, spread) = (54, b << 8 | b << 3 | b << 2)   // 0...19: b0000bb00
        case (3, 3): (scale, spread) = (44, c << 8 | b << 7 | c << 3 | b << 2 | c << 1 | b)   // 0...23: cb000cbcb
        case (3, 5): (scale, spread) = (26, c << 8 | b << 7 | c << 2 | b << 1 | c)   // 0...39: cb0000cbc
        case (4, 3): (scale, spread) = (22, d << 8 | c << 7 | b << 6 | d << 2 | c << 1 | b)   // 0...47: dcb000dcb
        case (4, 5): (scale, spread) = (13, d << 8 | c << 7 | b << 6 | d << 1 | c)   // 0...79: dcb0000dc
        case (5, 3): (scale, spread) = (11, e << 8 | d << 7 | c << 6 | b << 5 | e << 1 | d)   // 0...95: edcb000ed
        case (5, 5): (scale, spread) = (6, e << 8 | d << 7 | c << 6 | b << 5 | e)   // 0...159: edcb0000e
        default: (scale, spread) = (5, f << 8 | e << 7 | d << 6 | c << 5 | b << 4 | f)   // 0...191: fedcb000f
        }
        let flip = (low & 1) * 0x1FF
        return (flip & 0x80) | (((digit * scale + spread) ^ flip) >> 2)
    }

    /// ASTC's weight unquantization for plain bits (ASTC specification, "Weight Unquantization"):
    /// the bits replicated up to 6, then 1 added above 32 so that the top value is 64. For 2 and 3
    /// bits this gives BC7's weights too (0, 21, 43, 64 and 0, 9, ... 64).
    static func unquantizeWeight(_ value: Int, bits: Int) -> Int {
        var result = 0
        var filled = 0
        while filled < 6 {
            result = (result << bits) | value
            filled += bits
        }
        result >>= filled - 6
        return result > 32 ? result + 1 : result
    }
}

/// The partition patterns UASTC's multi-subset modes use, in pattern-index order, transcribed from
/// `basisu_transcoder.cpp` (`g_astc_bc7_patterns2`, `g_astc_bc7_patterns3`, `g_bc7_3_astc2_patterns2`):
/// each string is a block's 16 texels in raster order, top left first, giving each texel's subset.
enum UASTCPatterns {
    /// The 30 two-subset patterns of modes 2, 4, 9 and 16.
    static let twoCommon = pack([
        "0011001100110011", "0001000100010001", "1000100010001000", "0001001100110111", "1111111011101100", "0011011101111111",
        "1110110010000000", "1111111011001000", "0000000000010011", "1100100000000000", "0000000101111111", "1111111111101000",
        "1110100000000000", "1111111100000000", "0000111111111111", "1111111111110000", "1000111011111111", "1111111101110001",
        "0111001100010000", "0011000100000000", "0000100011001110", "1111111101110011", "1000110011001110", "0011000100010000",
        "1111011101110011", "0110011001100110", "1111000000001111", "1010101010101010", "1111000011110000", "1001001101101100"
    ])

    /// The 11 three-subset patterns of mode 3.
    static let threeCommon = pack([
        "0000000011221122", "1111111100002222", "1111000000002222", "1111222200000000", "1120112011201120", "0112011201120112",
        "0211021102110211", "2000200021112111", "2012201220122012", "1111000022221111", "0022001100110022"
    ])

    /// The 19 two-subset patterns of mode 7.
    static let twoFromThree = pack([
        "0000111100000000", "0010001000100010", "1100110010000000", "0000000100110011", "1111111100001111", "0100010001000100",
        "0001001111111111", "0111001100110011", "1100000000111100", "0111011100000000", "0000000011101110", "1100000000001100",
        "0111001100000000", "0000000111111111", "1111111111110110", "1100110011001000", "1111111110001000", "0011011011001000",
        "1111011100000000"
    ])

    /// Each pattern's texel subsets packed two bits a texel, texel 0 lowest.
    private static func pack(_ patterns: [String]) -> [UInt32] {
        patterns.map { pattern in
            var packed: UInt32 = 0
            for (texel, digit) in pattern.utf8.enumerated() {
                packed |= UInt32(digit - UInt8(ascii: "0")) << (2 * texel)
            }
            return packed
        }
    }
}
