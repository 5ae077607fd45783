/// How a DDS file stores its texels, read from its DDS_PIXELFORMAT or its DX10 header's
/// dxgiFormat: block-compressed, or uncompressed pixels with a mask per channel.
enum DDSPixelFormat: Equatable, Sendable {
    /// 4 x 4 blocks of BC1...BC5 or BC7.
    case blocks(BCFormat)
    /// Uncompressed pixels of 1 to 4 bytes with channel masks.
    case masked(DDSMasks)

    /// The format's name in messages.
    var name: String {
        switch self {
        case let .blocks(format): format.name
        case let .masked(masks): "\(masks.bytesPerPixel * 8)-bit uncompressed"
        }
    }

    /// The bytes of a `width` x `height` image, nil if the count overflows. Rows are packed
    /// tightly, as DirectXTex reads them by default: the header's pitch is not trusted.
    func byteCount(width: Int, height: Int) -> Int? {
        switch self {
        case let .blocks(format):
            return format.byteCount(width: width, height: height)
        case let .masked(masks):
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: masks.bytesPerPixel)
            return overflow || overflow2 ? nil : bytes
        }
    }

    /// The format of a DX10 header's `dxgiFormat` (DXGI_FORMAT values). Typeless variants read as
    /// UNORM and sRGB ones as stored (the caller decides what the values mean). Throws naming any
    /// other format, HDR (BC6H) ones as such.
    static func dxgi(_ format: Int) throws -> DDSPixelFormat {
        switch format {
        case 70, 71, 72: return .blocks(.bc1)
        case 73, 74, 75: return .blocks(.bc2)
        case 76, 77, 78: return .blocks(.bc3)
        case 79, 80: return .blocks(.bc4(signed: false))
        case 81: return .blocks(.bc4(signed: true))
        case 82, 83: return .blocks(.bc5(signed: false))
        case 84: return .blocks(.bc5(signed: true))
        case 97, 98, 99: return .blocks(.bc7)
        case 27, 28, 29: return .masked(DDSMasks(bits: 32, red: 0xFF, green: 0xFF00, blue: 0xFF_0000, alpha: 0xFF00_0000))
        case 87, 90, 91: return .masked(DDSMasks(bits: 32, red: 0xFF_0000, green: 0xFF00, blue: 0xFF, alpha: 0xFF00_0000))
        case 88, 92, 93: return .masked(DDSMasks(bits: 32, red: 0xFF_0000, green: 0xFF00, blue: 0xFF, alpha: 0))
        case 48, 49: return .masked(DDSMasks(bits: 16, red: 0xFF, green: 0xFF00, blue: 0, alpha: 0))
        case 60, 61: return .masked(DDSMasks(bits: 8, red: 0xFF, green: 0, blue: 0, alpha: 0))
        case 65: return .masked(DDSMasks(bits: 8, red: 0, green: 0, blue: 0, alpha: 0xFF))
        case 85: return .masked(DDSMasks(bits: 16, red: 0xF800, green: 0x07E0, blue: 0x001F, alpha: 0))
        case 86: return .masked(DDSMasks(bits: 16, red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0x8000))
        case 115: return .masked(DDSMasks(bits: 16, red: 0x0F00, green: 0x00F0, blue: 0x000F, alpha: 0xF000))
        case 94, 95, 96:
            throw ImageDataError(reason: "DDS format \(dxgiName(format)) (\(format)), HDR, which Sprout does not decode")
        default:
            throw ImageDataError(reason: "DDS format \(dxgiName(format)) (\(format)), which Sprout does not decode")
        }
    }

    /// The format of a legacy DDS_PIXELFORMAT, whose fields lie at these file offsets: flags 80,
    /// fourCC 84, RGB bit count 88, red, green, blue and alpha masks 92, 96, 100, 104. DXT2 and
    /// DXT4 (premultiplied alpha) decode as stored, like DXT3 and DXT5: the colours stay premultiplied.
    /// The alpha mask counts only under DDPF_ALPHAPIXELS (or DDPF_ALPHA), as in Pillow's and Basis
    /// Universal's readers: an X8R8G8B8 file's stray alpha mask leaves alpha 255.
    static func legacy(_ bytes: [UInt8], flags: Int, fourCC: Int) throws -> DDSPixelFormat {
        // DDS_PIXELFORMAT dwFlags (Microsoft, DDS_PIXELFORMAT): DDPF_ALPHAPIXELS 0x1, DDPF_ALPHA 0x2,
        // DDPF_FOURCC 0x4, DDPF_RGB 0x40, DDPF_LUMINANCE 0x20000.
        if flags & 0x4 != 0 {
            switch fourCCText(fourCC) {
            case "DXT1": return .blocks(.bc1)
            case "DXT2", "DXT3": return .blocks(.bc2)
            case "DXT4", "DXT5": return .blocks(.bc3)
            case "ATI1", "BC4U": return .blocks(.bc4(signed: false))
            case "BC4S": return .blocks(.bc4(signed: true))
            case "ATI2", "BC5U": return .blocks(.bc5(signed: false))
            case "BC5S": return .blocks(.bc5(signed: true))
            default: throw ImageDataError(reason: "DDS fourCC \(fourCCName(fourCC)), which Sprout does not decode")
            }
        }
        let bits = bytes.littleEndian32(at: 88)
        let alpha = flags & 0x1 != 0 ? bytes.littleEndian32(at: 104) : 0
        let red = bytes.littleEndian32(at: 92)
        let masks: DDSMasks
        if flags & 0x40 != 0 {
            masks = DDSMasks(bits: bits, red: red, green: bytes.littleEndian32(at: 96), blue: bytes.littleEndian32(at: 100), alpha: alpha)
        } else if flags & 0x20000 != 0 {
            masks = DDSMasks(bits: bits, red: red, green: red, blue: red, alpha: alpha)
        } else if flags & 0x2 != 0 {
            masks = DDSMasks(bits: bits, red: 0, green: 0, blue: 0, alpha: bytes.littleEndian32(at: 104))
        } else {
            let named = "0x\(String(flags, radix: 16))"
            throw ImageDataError(
                reason: "DDS pixel format flags \(named) name no fourCC, RGB, luminance or alpha layout (YUV or bump map?), which Sprout does not decode")
        }
        if let problem = masks.problem { throw ImageDataError(reason: problem) }
        return .masked(masks)
    }

    /// A fourCC's four characters, the first in the lowest byte.
    private static func fourCCText(_ fourCC: Int) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: fourCC >> (8 * $0)) }, as: UTF8.self)
    }

    /// A fourCC in messages: quoted text if it is printable ASCII, else its number (a D3DFMT value such as 113).
    private static func fourCCName(_ fourCC: Int) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: fourCC >> (8 * $0)) }
        return bytes.allSatisfy({ (0x20...0x7E).contains($0) }) ? "\"\(fourCCText(fourCC))\"" : "\(fourCC)"
    }

    /// DXGI_FORMAT's names, by value (Microsoft, DXGI_FORMAT enumeration, 0...115).
    private static let dxgiNames = [
        "UNKNOWN", "R32G32B32A32_TYPELESS", "R32G32B32A32_FLOAT", "R32G32B32A32_UINT", "R32G32B32A32_SINT", "R32G32B32_TYPELESS", "R32G32B32_FLOAT",
        "R32G32B32_UINT", "R32G32B32_SINT", "R16G16B16A16_TYPELESS", "R16G16B16A16_FLOAT", "R16G16B16A16_UNORM", "R16G16B16A16_UINT",
        "R16G16B16A16_SNORM", "R16G16B16A16_SINT", "R32G32_TYPELESS", "R32G32_FLOAT", "R32G32_UINT", "R32G32_SINT", "R32G8X24_TYPELESS",
        "D32_FLOAT_S8X24_UINT", "R32_FLOAT_X8X24_TYPELESS", "X32_TYPELESS_G8X24_UINT", "R10G10B10A2_TYPELESS", "R10G10B10A2_UNORM",
        "R10G10B10A2_UINT", "R11G11B10_FLOAT", "R8G8B8A8_TYPELESS", "R8G8B8A8_UNORM", "R8G8B8A8_UNORM_SRGB", "R8G8B8A8_UINT", "R8G8B8A8_SNORM",
        "R8G8B8A8_SINT", "R16G16_TYPELESS", "R16G16_FLOAT", "R16G16_UNORM", "R16G16_UINT", "R16G16_SNORM", "R16G16_SINT", "R32_TYPELESS",
        "D32_FLOAT", "R32_FLOAT", "R32_UINT", "R32_SINT", "R24G8_TYPELESS", "D24_UNORM_S8_UINT", "R24_UNORM_X8_TYPELESS", "X24_TYPELESS_G8_UINT",
        "R8G8_TYPELESS", "R8G8_UNORM", "R8G8_UINT", "R8G8_SNORM", "R8G8_SINT", "R16_TYPELESS", "R16_FLOAT", "D16_UNORM", "R16_UNORM", "R16_UINT",
        "R16_SNORM", "R16_SINT", "R8_TYPELESS", "R8_UNORM", "R8_UINT", "R8_SNORM", "R8_SINT", "A8_UNORM", "R1_UNORM", "R9G9B9E5_SHAREDEXP",
        "R8G8_B8G8_UNORM", "G8R8_G8B8_UNORM", "BC1_TYPELESS", "BC1_UNORM", "BC1_UNORM_SRGB", "BC2_TYPELESS", "BC2_UNORM", "BC2_UNORM_SRGB",
        "BC3_TYPELESS", "BC3_UNORM", "BC3_UNORM_SRGB", "BC4_TYPELESS", "BC4_UNORM", "BC4_SNORM", "BC5_TYPELESS", "BC5_UNORM", "BC5_SNORM",
        "B5G6R5_UNORM", "B5G5R5A1_UNORM", "B8G8R8A8_UNORM", "B8G8R8X8_UNORM", "R10G10B10_XR_BIAS_A2_UNORM", "B8G8R8A8_TYPELESS",
        "B8G8R8A8_UNORM_SRGB", "B8G8R8X8_TYPELESS", "B8G8R8X8_UNORM_SRGB", "BC6H_TYPELESS", "BC6H_UF16", "BC6H_SF16", "BC7_TYPELESS", "BC7_UNORM",
        "BC7_UNORM_SRGB", "AYUV", "Y410", "Y416", "NV12", "P010", "P016", "420_OPAQUE", "YUY2", "Y210", "Y216", "NV11", "AI44", "IA44", "P8",
        "A8P8", "B4G4R4A4_UNORM"
    ]

    /// DXGI_FORMAT `format`'s name, or "DXGI format N" for a value past the table.
    static func dxgiName(_ format: Int) -> String {
        dxgiNames.indices.contains(format) ? dxgiNames[format] : "DXGI format \(format)"
    }
}

/// Uncompressed pixels of 8, 16, 24 or 32 bits, little-endian, with a contiguous bit mask per
/// channel. A channel of `bits` bits is scaled to 8 as D3D converts UNORM values, `v * 255 / (2^bits - 1)`
/// rounded to nearest. A missing red, green or blue is 0 and a missing alpha 255 (how Direct3D samples an
/// R8, R8G8 or B8G8R8X8 texture); a luminance format has the same mask for all three colours.
struct DDSMasks: Equatable, Sendable {
    /// The bytes of one pixel, 1...4 (0 while `problem` says why).
    let bytesPerPixel: Int
    /// The pixel's bits (8, 16, 24 or 32, or what the header said).
    let bits: Int
    /// The red, green, blue and alpha masks.
    let masks: SIMD4<UInt32>

    /// Masks for pixels of `bits` bits.
    init(bits: Int, red: Int, green: Int, blue: Int, alpha: Int) {
        self.bits = bits
        bytesPerPixel = [8, 16, 24, 32].contains(bits) ? bits / 8 : 0
        masks = SIMD4(UInt32(truncatingIfNeeded: red), UInt32(truncatingIfNeeded: green), UInt32(truncatingIfNeeded: blue), UInt32(truncatingIfNeeded: alpha))
    }

    /// What Sprout cannot decode about these masks, nil if nothing.
    var problem: String? {
        guard bytesPerPixel > 0 else { return "DDS uncompressed pixels of \(bits) bits, not 8, 16, 24 or 32" }
        guard masks != SIMD4(repeating: 0) else { return "DDS uncompressed pixel format with no channel masks" }
        for (name, mask) in zip(["red", "green", "blue", "alpha"], [masks.x, masks.y, masks.z, masks.w]) {
            let shifted = mask >> UInt32(mask.trailingZeroBitCount % 32)
            if bits < 32, mask >> UInt32(bits) != 0 {
                return "DDS \(name) mask 0x\(String(mask, radix: 16)) reaches past the \(bits)-bit pixel"
            }
            if shifted & (shifted &+ 1) != 0 {
                return "DDS \(name) mask 0x\(String(mask, radix: 16)) is not one run of bits, which Sprout does not decode"
            }
        }
        return nil
    }

    /// RGBA8 pixels of the `width` x `height` image whose pixels start at `bytes[start]` (the
    /// caller has checked that `byteCount` of them are there).
    func decode(_ bytes: [UInt8], from start: Int, width: Int, height: Int) -> [UInt8] {
        let count = width * height
        var pixels = [UInt8](repeating: 0, count: count * 4)
        let channels = [masks.x, masks.y, masks.z, masks.w].enumerated().map { index, mask in
            MaskChannel(mask: mask, absent: index == 3 ? 255 : 0)
        }
        let size = bytesPerPixel
        bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<count {
                    var value: UInt32 = 0
                    for byte in (0..<size).reversed() { value = value << 8 | UInt32(source[start + pixel * size + byte]) }
                    for channel in 0..<4 { target[pixel * 4 + channel] = channels[channel].value(value) }
                }
            }
        }
        return pixels
    }
}

/// One channel's mask, ready to take its value out of a pixel.
struct MaskChannel {
    /// Where the mask's lowest bit lies.
    let shift: UInt32
    /// The mask shifted down: the channel's largest value, 0 for no channel.
    let maximum: UInt32
    /// The value of a channel that is not there.
    let absent: UInt8

    /// The channel of a contiguous `mask` (0 for none) whose missing value is `absent`.
    init(mask: UInt32, absent: UInt8) {
        shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
        maximum = mask >> shift
        self.absent = absent
    }

    /// The channel's value in `pixel`, scaled to 0...255 and rounded to nearest.
    func value(_ pixel: UInt32) -> UInt8 {
        guard maximum != 0 else { return absent }
        let raw = UInt64((pixel >> shift) & maximum)
        return UInt8(truncatingIfNeeded: (raw * 255 + UInt64(maximum / 2)) / UInt64(maximum))
    }
}
