/// The block-compressed formats DDS files carry (Direct3D 11.3 functional specification, "Block
/// Compression"), each 4 x 4 texels in 8 or 16 bytes.
///
/// Conventions, where the specification leaves a tolerance: BC1's and BC2/BC3's interpolated colours
/// and BC3/BC4/BC5's interpolated values are computed as Basis Universal's `basist::bcu` unpackers
/// and Pillow's BcnDecode.c compute them (the references the fixtures were checked against, which
/// agree): 5:6:5 endpoints widened by repeating their top bits, then the thirds, half or sevenths/fifths
/// of the 8-bit values rounded down, e.g. `(2 * c0 + c1) / 3`. The signed BC4/BC5 values (SNORM,
/// no reference) are interpolated exactly and mapped from -1...1 to 0...255 as a SNORM texture
/// sampled and written to an UNORM target would be: `(v + 1) / 2` rounded to the nearest step.
enum BCFormat: Equatable, Sendable {
    /// BC1 (DXT1): 5:6:5 endpoints and 2-bit indices; color0 <= color1 selects three colours and
    /// transparent black (0, 0, 0, 0).
    case bc1
    /// BC2 (DXT2, DXT3): explicit 4-bit alpha, then a BC1 colour block always in its four-colour mode.
    case bc2
    /// BC3 (DXT4, DXT5): a BC4-style alpha block, then a BC1 colour block always in its four-colour mode.
    case bc3
    /// BC4: one channel, into red; sampled as Direct3D samples it, (r, 0, 0, 1), so (r, 0, 0, 255).
    case bc4(signed: Bool)
    /// BC5: two channels, into red and green; (r, g, 0, 255), as Direct3D samples it.
    case bc5(signed: Bool)
    /// BC7: eight modes of one to three subsets (`BC7Block`).
    case bc7

    /// The bytes of one 4 x 4 block.
    var blockBytes: Int {
        switch self {
        case .bc1, .bc4: 8
        default: 16
        }
    }

    /// The format's name in messages.
    var name: String {
        switch self {
        case .bc1: "BC1"
        case .bc2: "BC2"
        case .bc3: "BC3"
        case let .bc4(signed): signed ? "BC4 SNORM" : "BC4"
        case let .bc5(signed): signed ? "BC5 SNORM" : "BC5"
        case .bc7: "BC7"
        }
    }

    /// The bytes of a `width` x `height` image's blocks, nil if the count overflows.
    func byteCount(width: Int, height: Int) -> Int? {
        let (blocks, overflow) = ((width + 3) / 4).multipliedReportingOverflow(by: (height + 3) / 4)
        let (bytes, overflow2) = blocks.multipliedReportingOverflow(by: blockBytes)
        return overflow || overflow2 ? nil : bytes
    }

    /// RGBA8 pixels, row 0 at the top, of the `width` x `height` image whose blocks start at
    /// `bytes[start]`, row-major, `byteCount` of them (the caller has checked they are there).
    /// Blocks past the right and bottom edges have their outside texels dropped.
    func decode(_ bytes: [UInt8], from start: Int, width: Int, height: Int) -> [UInt8] {
        BlockImage.decode(bytes, from: start, width: width, height: height, blockBytes: blockBytes) { block, texels, rowBytes, _, _ in
            decodeBlock(block, into: texels, rowBytes: rowBytes)
        }
    }

    /// Writes one block's 4 x 4 texels, texel (x, y) at `out + y * rowBytes + x * 4`.
    func decodeBlock(_ block: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        switch self {
        case .bc1:
            BCBlock.color(block, into: out, rowBytes: rowBytes, alwaysFourColors: false)
        case .bc2:
            BCBlock.color(block + 8, into: out, rowBytes: rowBytes, alwaysFourColors: true)
            for texel in 0..<16 {
                let nibble = block[texel >> 1] >> UInt8(4 * (texel & 1)) & 15
                out[(texel >> 2) * rowBytes + (texel & 3) * 4 + 3] = nibble * 17
            }
        case .bc3:
            BCBlock.color(block + 8, into: out, rowBytes: rowBytes, alwaysFourColors: true)
            BCBlock.channel(block, signed: false, into: out + 3, rowBytes: rowBytes)
        case let .bc4(signed):
            let other: UInt8 = signed ? 128 : 0
            BCBlock.fill(out, rowBytes: rowBytes, with: (other, other, other, 255))
            BCBlock.channel(block, signed: signed, into: out, rowBytes: rowBytes)
        case let .bc5(signed):
            let other: UInt8 = signed ? 128 : 0
            BCBlock.fill(out, rowBytes: rowBytes, with: (other, other, other, 255))
            BCBlock.channel(block, signed: signed, into: out, rowBytes: rowBytes)
            BCBlock.channel(block + 8, signed: signed, into: out + 1, rowBytes: rowBytes)
        case .bc7:
            BC7Block.decode(block, into: out, rowBytes: rowBytes)
        }
    }
}

/// The two halves that BC1...BC5 are built of: an 8-byte colour block and an 8-byte channel block.
enum BCBlock {
    /// Writes the RGBA of the 8-byte BC1 colour block at `block`: two 5:6:5 endpoints (little-endian
    /// 16-bit), then 2 bits a texel, texel 0 lowest. With color0 > color1 or `alwaysFourColors`
    /// (BC2, BC3) the palette is c0, c1, (2 c0 + c1) / 3, (c0 + 2 c1) / 3; otherwise c0, c1,
    /// (c0 + c1) / 2 and transparent black. Divisions round down (see `BCFormat`).
    static func color(_ block: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, rowBytes: Int, alwaysFourColors: Bool) {
        let color0 = UInt16(block[0]) | UInt16(block[1]) << 8
        let color1 = UInt16(block[2]) | UInt16(block[3]) << 8
        let low = widened(color0)
        let high = widened(color1)
        let fourColors = color0 > color1 || alwaysFourColors
        let third = fourColors ? (2 &* low &+ high) / 3 : (low &+ high) / 2
        let fourth = fourColors ? (low &+ 2 &* high) / 3 : SIMD4(repeating: 0)
        let palette = SIMD4<UInt32>(
            packed(low, alpha: 255), packed(high, alpha: 255), packed(third, alpha: 255), packed(fourth, alpha: fourColors ? 255 : 0))
        let indices = UInt32(block[4]) | UInt32(block[5]) << 8 | UInt32(block[6]) << 16 | UInt32(block[7]) << 24
        for texel in 0..<16 {
            let index = Int(indices >> UInt32(2 * texel)) & 3
            UnsafeMutableRawPointer(out + (texel >> 2) * rowBytes + (texel & 3) * 4).storeBytes(of: palette[index].littleEndian, as: UInt32.self)
        }
    }

    /// A 5:6:5 colour as 8-bit red, green, blue: each field shifted to the top of the byte and its
    /// top bits repeated below (alpha lane 0).
    private static func widened(_ color: UInt16) -> SIMD4<UInt32> {
        let red = UInt32(color >> 11) & 31
        let green = UInt32(color >> 5) & 63
        let blue = UInt32(color) & 31
        return SIMD4(red << 3 | red >> 2, green << 2 | green >> 4, blue << 3 | blue >> 2, 0)
    }

    /// Red, green and blue of `color` and `alpha` as the little-endian bytes R, G, B, A.
    private static func packed(_ color: SIMD4<UInt32>, alpha: UInt32) -> UInt32 {
        color.x | color.y << 8 | color.z << 16 | alpha << 24
    }

    /// Writes one channel of the 8-byte BC4 block at `block` (BC3's alpha, BC5's red or green) to
    /// byte `out[y * rowBytes + x * 4]` of each texel: two 8-bit endpoints, then 3 bits a texel,
    /// texel 0 lowest. Unsigned: with e0 > e1 eight values e0, e1 and the sevenths between, else
    /// e0, e1, the fifths between, 0 and 255, rounded down (see `BCFormat`). Signed: the bytes are
    /// two's complement compared as signed, -128 read as -127 (both are -1.0 in Direct3D's SNORM
    /// conversion rules), and each value is the exact fraction mapped to 0...255 by `(v + 1) / 2`,
    /// rounded to nearest.
    static func channel(_ block: UnsafePointer<UInt8>, signed: Bool, into out: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        var palette = SIMD8<UInt8>()
        if signed {
            let raw0 = Int(Int8(bitPattern: block[0]))
            let raw1 = Int(Int8(bitPattern: block[1]))
            let e0 = max(raw0, -127)
            let e1 = max(raw1, -127)
            let steps = raw0 > raw1 ? 7 : 5
            palette[0] = unsignedFromSigned(e0, scale: 1)
            palette[1] = unsignedFromSigned(e1, scale: 1)
            for index in 2..<(steps + 1) {
                palette[index] = unsignedFromSigned((steps + 1 - index) * e0 + (index - 1) * e1, scale: steps)
            }
            if steps == 5 {
                palette[6] = 0
                palette[7] = 255
            }
        } else {
            let e0 = Int(block[0])
            let e1 = Int(block[1])
            let steps = e0 > e1 ? 7 : 5
            palette[0] = UInt8(e0)
            palette[1] = UInt8(e1)
            for index in 2..<(steps + 1) {
                palette[index] = UInt8(((steps + 1 - index) * e0 + (index - 1) * e1) / steps)
            }
            if steps == 5 {
                palette[6] = 0
                palette[7] = 255
            }
        }
        var indices: UInt64 = 0
        for byte in (2..<8).reversed() { indices = indices << 8 | UInt64(block[byte]) }
        for texel in 0..<16 {
            out[(texel >> 2) * rowBytes + (texel & 3) * 4] = palette[Int((indices >> UInt64(3 * texel)) & 7)]
        }
    }

    /// The SNORM value `numerator / (127 * scale)` (in -1...1) as `(v + 1) / 2` of 255, rounded
    /// to nearest: `(255 * (n + d) + d) / (2 d)` with d = 127 * scale.
    static func unsignedFromSigned(_ numerator: Int, scale: Int) -> UInt8 {
        let denominator = 127 * scale
        return UInt8(clamping: (255 * (numerator + denominator) + denominator) / (2 * denominator))
    }

    /// Sets every texel of a 4 x 4 block to `color`.
    static func fill(_ out: UnsafeMutablePointer<UInt8>, rowBytes: Int, with color: (UInt8, UInt8, UInt8, UInt8)) {
        let packed = UInt32(color.0) | UInt32(color.1) << 8 | UInt32(color.2) << 16 | UInt32(color.3) << 24
        for texel in 0..<16 {
            UnsafeMutableRawPointer(out + (texel >> 2) * rowBytes + (texel & 3) * 4).storeBytes(of: packed.littleEndian, as: UInt32.self)
        }
    }
}
