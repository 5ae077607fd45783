import SproutFiles
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and writing image files.
public enum ImageFile {
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
