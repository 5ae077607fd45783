/// One 16-byte UASTC LDR 4x4 block, decoded as Basis Universal's `unpack_uastc` decodes it (with
/// `srgb` false, as its RGBA32 transcoding does): endpoints unquantized the ASTC way, each texel's
/// channels interpolated between its subset's endpoints by its weight.
struct UASTCBlock {
    /// Why a block does not decode: the two cases where `unpack_uastc` returns false.
    enum Invalid: Error {
        /// Byte 0 begins with the reserved code 0x45 (a "mode 19" kept for future use).
        case reservedMode
        /// A multi-subset mode names a partition pattern past the end of its table.
        case pattern(mode: Int, index: Int, count: Int)

        /// The problem in words.
        var reason: String {
            switch self {
            case .reservedMode:
                return "uses the reserved mode code 0x45"
            case let .pattern(mode, index, count):
                return "is in mode \(mode) with partition pattern \(index), past the mode's \(count) patterns"
            }
        }
    }

    /// The block's 128 bits, read in order.
    private var bits: BlockBits

    /// The 16 bytes at `block`, which the caller has checked lie inside its buffer.
    init(_ block: UnsafePointer<UInt8>) {
        bits = BlockBits(block)
    }

    /// The mode number (0...18) that byte 0 names, or nil for the reserved code.
    var mode: Int? {
        UASTCMode.byCode[bits.leading(7)]
    }

    /// The next `count` bits (0...9) as a number: in the block's bit order, the first bit lowest.
    private mutating func read(_ count: Int) -> Int {
        bits.read(count)
    }

    /// Writes the block's 4 x 4 texels as RGBA8 to `pixels`, texel (x, y) at `pixels + y * rowBytes + x * 4`.
    mutating func decode(modes: [UASTCMode], into pixels: UnsafeMutablePointer<UInt8>, rowBytes: Int) throws(Invalid) {
        guard let modeNumber = mode else { throw .reservedMode }
        let mode = modes[modeNumber]
        bits.skip(mode.codeLength)
        if modeNumber == UASTCMode.solidColor {
            // The colour is 32 bits after the code; the ETC1 hints after it are for transcoders.
            let color = SIMD4<UInt8>(UInt8(read(8)), UInt8(read(8)), UInt8(read(8)), UInt8(read(8)))
            for y in 0..<4 {
                for x in 0..<4 { store(color, pixels + y * rowBytes + x * 4) }
            }
            return
        }
        bits.skip(mode.hintBits)
        let patterns = mode.patterns
        let patternIndex = read(mode.patternBits)
        guard patternIndex < patterns.count else {
            throw .pattern(mode: modeNumber, index: patternIndex, count: patterns.count)
        }
        let pattern = patterns[patternIndex]
        let secondPlaneChannel: Int?
        switch mode.secondPlane {
        case .none: secondPlaneChannel = nil
        case .storedChannel: secondPlaneChannel = read(2)
        case .alpha: secondPlaneChannel = 3
        }
        let endpoints = readEndpoints(mode)
        let weightValues = mode.weightValues
        // A subset's first texel (its "anchor") stores its weights with the top bit left out, as 0.
        var subsetsSeen = 0
        for texel in 0..<16 {
            let subset = Int(pattern >> UInt32(2 * texel)) & 3
            let weightBits = subsetsSeen & (1 << subset) == 0 ? mode.weightBits - 1 : mode.weightBits
            subsetsSeen |= 1 << subset
            var weights = SIMD4<UInt32>(repeating: UInt32(weightValues[read(weightBits)]))
            if let channel = secondPlaneChannel {
                weights[channel] = UInt32(weightValues[read(weightBits)])
            }
            let x = texel & 3
            let y = texel >> 2
            // ASTC LDR interpolation, endpoints widened to 16 bits by repeating the byte:
            // (low * (64 - w) + high * w + 32) / 64, then the top 8 of the 16 bits.
            let (low, high) = endpoints.pair(subset)
            let color = (low &* (64 &- weights) &+ high &* weights &+ 32) &>> 14
            store(SIMD4<UInt8>(truncatingIfNeeded: color), pixels + y * rowBytes + x * 4)
        }
    }

    /// The endpoints that follow the pattern index: for each subset, each channel's low and high
    /// value, stored as a run of bounded integers. For trits or quints, all the digits come first,
    /// packed five trits to 8 bits or three quints to 7 bits as a base-3 or base-5 number (the last
    /// group in fewer bits when fewer values remain), then each value's plain bits.
    private mutating func readEndpoints(_ mode: UASTCMode) -> UASTCEndpoints {
        let count = mode.channels * 2 * mode.subsets
        let range = mode.endpointRange
        let base = range.digitBase
        let perGroup = base == 3 ? 5 : 3
        let groupCount = base == 1 ? 0 : (count + perGroup - 1) / perGroup
        // At most 18 values, so at most 4 trit groups or 6 quint groups, each under 256.
        var groups = SIMD8<UInt32>()
        for group in 0..<groupCount {
            let remaining = min(count - group * perGroup, perGroup)
            // 8 bits hold five trits and 7 bits three quints; fewer take ceil(8/5 or 7/3 of them):
            // 2, 4, 5, 7 bits for 1...4 trits, 3, 5 bits for 1...2 quints.
            let bits = base == 3 ? (remaining * 8 + 4) / 5 : (remaining * 7 + 2) / 3
            groups[group] = UInt32(read(bits))
        }
        let values = mode.endpointValues
        var unquantized = SIMD32<UInt8>()
        for index in 0..<count {
            var value = read(range.bits)
            if base != 1 {
                let group = index / perGroup
                let digit = Int(groups[group]) % base
                groups[group] /= UInt32(base)
                value |= digit << range.bits
            }
            unquantized[index] = values[value]
        }
        return UASTCEndpoints(unquantized, channels: mode.channels, subsets: mode.subsets)
    }

    private func store(_ color: SIMD4<UInt8>, _ to: UnsafeMutablePointer<UInt8>) {
        to[0] = color.x
        to[1] = color.y
        to[2] = color.z
        to[3] = color.w
    }
}

/// The endpoint colours of a block's subsets, as RGBA with each byte repeated to 16 bits
/// (value * 257), ready for ASTC interpolation.
struct UASTCEndpoints {
    private var lows: (SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>)
    private var highs: (SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>)

    /// The colours from the unquantized values in stored order: for each subset, each channel's
    /// low then high value. Two channels are luminance (for red, green and blue) and alpha; three
    /// are RGB with alpha 255.
    init(_ values: SIMD32<UInt8>, channels: Int, subsets: Int) {
        let opaque = SIMD4<UInt32>(repeating: 255 * 257)
        lows = (opaque, opaque, opaque)
        highs = (opaque, opaque, opaque)
        for subset in 0..<subsets {
            var low = SIMD4<UInt32>(repeating: 255)
            var high = SIMD4<UInt32>(repeating: 255)
            let first = subset * channels * 2
            if channels == 2 {
                low = SIMD4(repeating: UInt32(values[first]))
                high = SIMD4(repeating: UInt32(values[first + 1]))
                low.w = UInt32(values[first + 2])
                high.w = UInt32(values[first + 3])
            } else {
                for channel in 0..<channels {
                    low[channel] = UInt32(values[first + channel * 2])
                    high[channel] = UInt32(values[first + channel * 2 + 1])
                }
            }
            switch subset {
            case 0: (lows.0, highs.0) = (low &* 257, high &* 257)
            case 1: (lows.1, highs.1) = (low &* 257, high &* 257)
            default: (lows.2, highs.2) = (low &* 257, high &* 257)
            }
        }
    }

    /// Subset `subset`'s low and high colours.
    func pair(_ subset: Int) -> (SIMD4<UInt32>, SIMD4<UInt32>) {
        switch subset {
        case 0: return (lows.0, highs.0)
        case 1: return (lows.1, highs.1)
        default: return (lows.2, highs.2)
        }
    }
}
