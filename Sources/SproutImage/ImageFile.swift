import SproutFiles
import SproutScene
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and writing image files.
public enum ImageFile {
    /// Reads and decodes the PNG or JPEG at `path` into RGBA8 rows, top first. Throws
    /// `ImageCodec.Failure.undecodable` when the file cannot be read or decoded.
    public static func read(path: String, maximumPixels: Int = ImageCodec.defaultMaximumPixels) throws -> Image {
        // The size before the bytes: a 6 GB file was read whole before it was refused; a FIFO
        // or a device is not a picture (and would block or never end).
        var info = stat()
        guard stat(path, &info) == 0 else { throw ImageCodec.Failure.undecodable(source: path, reason: "no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ImageCodec.Failure.undecodable(source: path, reason: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= maximumFileBytes else {
            throw ImageCodec.Failure.undecodable(source: path, reason: "\(size) bytes, more than an image file may have (\(maximumFileBytes))")
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ImageCodec.Failure.undecodable(source: path, reason: "cannot read the file")
        }
        return try ImageCodec.decode([UInt8](data), source: path, maximumPixels: maximumPixels)
    }

    /// The largest image file read: 512 MiB (an uncompressed 8,192 x 8,192 RGBA PNG is 256 MiB).
    public static let maximumFileBytes = 512 << 20

    /// Writes a PNG through `OutputFile`: atomically for a regular file (temporary file, then
    /// rename, so a reader never sees half a file), through for a device or FIFO, `-` for stdout.
    public static func writePNG(_ image: Image, to path: String, compressionLevel: Int32 = 1) throws {
        try writePNG(pixels: image.pixels, width: image.width, height: image.height, to: path, compressionLevel: compressionLevel)
    }

    /// Writes raw RGBA8 rows (top row first, `width` x `height` x 4 bytes) as a PNG, under the
    /// same rules as `writePNG(_:to:)`. Throws when encoding fails or the path cannot be written.
    public static func writePNG(pixels: [UInt8], width: Int, height: Int, to path: String, compressionLevel: Int32 = 1) throws {
        let png = try ImageCodec.encodePNG(pixels: pixels, width: width, height: height, compressionLevel: compressionLevel)
        try OutputFile.write(png, to: path)
    }
}

extension Texture {
    /// A texture of the PNG or JPEG at `path` (sRGB, repeating), for stages and overlays.
    public static func read(path: String) throws -> Texture {
        Texture(name: path, image: try ImageFile.read(path: path))
    }
}
