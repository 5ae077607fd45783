import SproutFiles
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and writing image files.
public enum ImageFile {
    /// Reads and decodes the PNG or JPEG at `path` into RGBA8 rows, top first. Throws
    /// `ImageCodec.Failure.undecodable` when the file cannot be read or decoded.
    public static func read(path: String) throws -> Image {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ImageCodec.Failure.undecodable(source: path, reason: "cannot read the file")
        }
        return try ImageCodec.decode([UInt8](data), source: path)
    }

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
