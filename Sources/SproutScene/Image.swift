import SproutMath

/// An 8-bit RGBA image, rows top to bottom. Pure data: codecs live in SproutImage.
public struct Image: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, RGBA, row-major from the top row.
    public var pixels: [UInt8]

    /// An image from `width * height * 4` RGBA bytes, row-major from the top row; traps on any other count.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "Image: pixel count must be width*height*4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Turns `height` rows of `rowBytes` bytes each at `rows` upside down, in place: for pixels
    /// stored bottom row first (OpenGL's read-back; KTX 2.0's rows-up orientation).
    public static func flipRows(_ rows: UnsafeMutableRawPointer, rowBytes: Int, height: Int) {
        withUnsafeTemporaryAllocation(byteCount: rowBytes, alignment: 1) { scratch in
            guard let spare = scratch.baseAddress else { return }
            var top = 0
            var bottom = height - 1
            while top < bottom {
                let a = rows + top * rowBytes, b = rows + bottom * rowBytes
                spare.copyMemory(from: a, byteCount: rowBytes)
                a.copyMemory(from: b, byteCount: rowBytes)
                b.copyMemory(from: spare, byteCount: rowBytes)
                top += 1
                bottom -= 1
            }
        }
    }

    /// The image with its rows in the other order.
    public func flippedVertically() -> Image {
        var flipped = self
        flipped.pixels.withUnsafeMutableBytes { bytes in
            if let rows = bytes.baseAddress { Self.flipRows(rows, rowBytes: width * 4, height: height) }
        }
        return flipped
    }

    /// A uniformly coloured image.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        var p = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: p.count, by: 4) {
            p[i] = fill.0; p[i + 1] = fill.1; p[i + 2] = fill.2; p[i + 3] = fill.3
        }
        self.init(width: width, height: height, pixels: p)
    }

    /// The pixel in column `x` and row `y`, (0, 0) at the top-left. The coordinates are not checked
    /// against `width`: an `x` past the row's end reads the next row; past the last byte it traps.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// True when any pixel is not fully opaque (decides blending for a material).
    public var hasTransparency: Bool {
        stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] < 255 }
    }
}
