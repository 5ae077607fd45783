import SproutScene

/// Reads DirectDraw Surface (.dds) textures, what glTF's `MSFT_texture_dds` extension points at,
/// into RGBA8 pixels: the block-compressed BC1 (DXT1), BC2 (DXT2, DXT3), BC3 (DXT4, DXT5), BC4
/// (ATI1, BC4U, BC4S), BC5 (ATI2, BC5U, BC5S) and BC7, and uncompressed pixels (8 to 32 bits with
/// channel masks, luminance, alpha), under the legacy DDS_PIXELFORMAT or the DX10 header's
/// dxgiFormat. Only the first image's mip level 0 is read (array element 0, the first cube face
/// stored, +X in a full cube map), which the format places right after the headers.
///
/// What the pixels mean:
/// - values as stored: an `_SRGB` format or a premultiplied DXT2/DXT4 is not converted, the caller decides;
/// - BC4 and BC5 as Direct3D samples them: (r, 0, 0, 255) and (r, g, 0, 255), so a glTF occlusion
///   (red) or normal (red, green) texture reads what it would on a GPU;
/// - the signed BC4S/BC5S (SNORM) sampled value, every channel, mapped from -1...1 to 0...255 by
///   `(v + 1) / 2`: (r, 128, 128, 255) and (r, g, 128, 255);
/// - BC1's colour interpolation rounds down as Basis Universal's and Pillow's decoders do (`BCFormat`).
///
/// Volume textures are refused (not read as their first slice): glTF textures are 2D, so a volume
/// is a mistake worth naming. BC6H (HDR) and other formats are refused by name. The bytes are
/// untrusted: header sizes, the pixel limit and the length of level 0 are checked before anything
/// is allocated, sizes are computed from width, height and format (the header's pitch and linear
/// size are unreliable in files in the wild and are ignored), and nothing traps.
public enum DDSCodec {
    /// "DDS " (Microsoft, DDS file layout: the magic number 0x20534444).
    private static let magic: [UInt8] = [0x44, 0x44, 0x53, 0x20]

    /// Whether `bytes` begin with the DDS magic "DDS ".
    public static func isDDS(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0..<4].elementsEqual(magic)
    }

    /// Mip level 0 of the first image (array element 0, cube face +X) as RGBA8, row 0 at the top;
    /// the declared size is checked against `maximumPixels` before anything is allocated; throws
    /// `ImageCodec.Failure.undecodable(source: source, reason: ...)` naming what is wrong or unsupported.
    public static func decode(_ bytes: [UInt8], source: String, maximumPixels: Int) throws -> Image {
        do {
            return try decodeImage(bytes, maximumPixels: maximumPixels)
        } catch let problem as ImageDataError {
            throw ImageCodec.Failure.undecodable(source: source, reason: problem.reason)
        }
    }

    /// The first image's level 0 and where its format and size came from (`decode`'s work).
    static func decodeImage(_ bytes: [UInt8], maximumPixels: Int) throws -> Image {
        let header = try Header(bytes, maximumPixels: maximumPixels)
        let (width, height) = (header.width, header.height)
        guard let needed = header.format.byteCount(width: width, height: height) else {
            throw ImageDataError(reason: "DDS texture of \(width) x \(height) pixels is too large")
        }
        let held = bytes.count - header.dataStart
        guard held >= needed else {
            throw ImageDataError(
                reason: "DDS level 0 (\(width) x \(height), \(header.format.name)) needs \(needed) bytes but the file holds \(held) after its header")
        }
        switch header.format {
        case let .blocks(format):
            return Image(width: width, height: height, pixels: format.decode(bytes, from: header.dataStart, width: width, height: height))
        case let .masked(masks):
            return Image(width: width, height: height, pixels: masks.decode(bytes, from: header.dataStart, width: width, height: height))
        }
    }

    /// Level 0's width and height as a header Sprout decodes declares them (`Header`); nil
    /// when the headers are cut short, contradict themselves or name a format it does not.
    static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        (try? Header(bytes, maximumPixels: .max)).map { ($0.width, $0.height) }
    }

    /// The fields of a DDS header that say what level 0 is and where it starts.
    struct Header {
        /// Width in pixels.
        let width: Int
        /// Height in pixels.
        let height: Int
        /// How the texels are stored.
        let format: DDSPixelFormat
        /// Where level 0 begins: after the 128 bytes of magic and DDS_HEADER, and the 20 of a DX10 header.
        let dataStart: Int

        /// Reads and checks the headers of `bytes`: the magic, DDS_HEADER's size (124) and
        /// DDS_PIXELFORMAT's (32), a size within `maximumPixels`, no volume, a supported format.
        init(_ bytes: [UInt8], maximumPixels: Int) throws {
            guard isDDS(bytes) else { throw ImageDataError(reason: "not a DDS texture (no \"DDS \" magic)") }
            // Microsoft, DDS_HEADER: the magic, then dwSize, dwFlags, dwHeight, dwWidth,
            // dwPitchOrLinearSize, dwDepth, dwMipMapCount, 11 reserved words, DDS_PIXELFORMAT at
            // file offset 76, dwCaps...dwCaps4 from 108, a reserved word: 128 bytes in all.
            guard bytes.count >= 128 else { throw ImageDataError(reason: "DDS header is cut short (\(bytes.count) bytes, not 128)") }
            let headerSize = bytes.littleEndian32(at: 4)
            guard headerSize == 124 else { throw ImageDataError(reason: "DDS header size \(headerSize), not 124") }
            let formatSize = bytes.littleEndian32(at: 76)
            guard formatSize == 32 else { throw ImageDataError(reason: "DDS pixel format size \(formatSize), not 32") }
            let flags = bytes.littleEndian32(at: 8)
            height = bytes.littleEndian32(at: 12)
            width = bytes.littleEndian32(at: 16)
            let depth = bytes.littleEndian32(at: 24)
            guard width > 0, height > 0 else { throw ImageDataError(reason: "DDS texture of \(width) x \(height) pixels") }
            guard width <= 1 << 24, height <= 1 << 24, width * height <= maximumPixels else {
                throw ImageDataError(reason: "\(width) x \(height) pixels, more than the limit of \(maximumPixels)")
            }
            // DDSD_DEPTH 0x800000 in dwFlags, DDSCAPS2_VOLUME 0x200000 in dwCaps2 (Microsoft, DDS_HEADER).
            let caps2 = bytes.littleEndian32(at: 112)
            if caps2 & 0x20_0000 != 0 || (flags & 0x80_0000 != 0 && depth > 1) {
                throw ImageDataError(reason: "DDS volume texture (depth \(depth)), which Sprout does not decode")
            }
            let formatFlags = bytes.littleEndian32(at: 80)
            let fourCC = bytes.littleEndian32(at: 84)
            // DDPF_FOURCC with "DX10": the DDS_HEADER_DXT10 follows (dxgiFormat, resourceDimension,
            // miscFlag, arraySize, miscFlags2).
            guard formatFlags & 0x4 != 0, fourCC == 0x3031_5844 else {
                format = try DDSPixelFormat.legacy(bytes, flags: formatFlags, fourCC: fourCC)
                dataStart = 128
                return
            }
            guard bytes.count >= 148 else { throw ImageDataError(reason: "DDS DX10 header is cut short (\(bytes.count) bytes, not 148)") }
            let dxgiFormat = bytes.littleEndian32(at: 128)
            // D3D10_RESOURCE_DIMENSION: 2 texture 1D, 3 texture 2D (cube maps too), 4 texture 3D.
            let dimension = bytes.littleEndian32(at: 132)
            if dimension == 4 {
                throw ImageDataError(reason: "DDS volume texture (DX10 3D texture, depth \(depth)), which Sprout does not decode")
            }
            guard dimension == 2 || dimension == 3 else {
                throw ImageDataError(reason: "DDS DX10 resource dimension \(dimension), not a 1D (2), 2D (3) or 3D (4) texture")
            }
            // arraySize (an array's or cube array's first element is read) may be 0, as Pillow and
            // Basis Universal's writer store it for a single texture: not checked.
            format = try DDSPixelFormat.dxgi(dxgiFormat)
            dataStart = 148
        }
    }
}
