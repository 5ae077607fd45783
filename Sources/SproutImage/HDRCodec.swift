@preconcurrency internal import CStb
#if canImport(Glibc)
import Glibc
#endif
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Radiance .hdr (RGBE) files through stb_image, for image-based light.
public enum HDRCodec {
    /// The largest image read, in pixels (4096 x 2048: 96 MiB of floats), a bound on hostile files.
    public static let maximumPixels = 4096 * 2048
    /// The largest file read, bytes.
    public static let maximumFileBytes = 256 << 20

    /// Decodes Radiance .hdr bytes into linear RGB floats; `source` names them in errors. Throws
    /// `ImageCodec.Failure.undecodable` for bytes that are not an HDR image or are too large.
    public static func decode(_ bytes: [UInt8], source: String) throws -> HDRImage {
        guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { throw ImageCodec.Failure.undecodable(source: source, reason: "no data, or too much") }
        var w: Int32 = 0, h: Int32 = 0, channels: Int32 = 0
        let isHDR = bytes.withUnsafeBufferPointer { stbi_is_hdr_from_memory($0.baseAddress, Int32($0.count)) != 0 }
        guard isHDR else { throw ImageCodec.Failure.undecodable(source: source, reason: "not a Radiance .hdr image") }
        let known = bytes.withUnsafeBufferPointer { stbi_info_from_memory($0.baseAddress, Int32($0.count), &w, &h, &channels) != 0 }
        guard known, w > 0, h > 0 else { throw ImageCodec.Failure.undecodable(source: source, reason: "its header gives no size") }
        guard Int(w) * Int(h) <= maximumPixels else {
            throw ImageCodec.Failure.undecodable(source: source, reason: "\(w)x\(h) pixels, more than the limit of \(maximumPixels)")
        }
        let pixels = bytes.withUnsafeBufferPointer { stbi_loadf_from_memory($0.baseAddress, Int32($0.count), &w, &h, &channels, 3) }
        guard let pixels else {
            throw ImageCodec.Failure.undecodable(source: source, reason: stbi_failure_reason().map { String(cString: $0) } ?? "unreadable")
        }
        defer { stbi_image_free(pixels) }
        // Negative, infinite or NaN radiance (a corrupt file) would poison every mip level: 0 instead.
        let values = UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 3).map { $0.isFinite && $0 > 0 ? $0 : 0 }
        return HDRImage(width: Int(w), height: Int(h), pixels: values)
    }

    /// Reads and decodes the .hdr file at `path`.
    public static func read(path: String) throws -> HDRImage {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ImageCodec.Failure.undecodable(source: path, reason: "no such file")
        }
        guard Int(info.st_size) <= maximumFileBytes else {
            throw ImageCodec.Failure.undecodable(source: path, reason: "\(info.st_size) bytes, more than the limit of \(maximumFileBytes)")
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ImageCodec.Failure.undecodable(source: path, reason: "cannot read the file")
        }
        return try decode([UInt8](data), source: path)
    }

    /// Radiance .hdr bytes of `image` (flat RGBE scanlines, which every reader takes): for tests
    /// and for writing environments Sprout makes.
    public static func encode(_ image: HDRImage) -> [UInt8] {
        var bytes = Array("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y \(image.height) +X \(image.width)\n".utf8)
        bytes.reserveCapacity(bytes.count + image.width * image.height * 4)
        for i in stride(from: 0, to: image.pixels.count, by: 3) {
            let r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2]
            let peak = max(r, g, b)
            guard peak > 1e-32 else { bytes += [0, 0, 0, 0]; continue }
            // frexp's exponent (mantissa in [0.5, 1)): one above Swift's (significand in [1, 2)).
            let exponent = Int(peak.exponent) + 1
            let scale = 256 / Float(sign: .plus, exponent: exponent, significand: 1)
            bytes += [UInt8(min(255, r * scale)), UInt8(min(255, g * scale)), UInt8(min(255, b * scale)), UInt8(exponent + 128)]
        }
        return bytes
    }
}
