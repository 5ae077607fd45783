import Testing

@testable import SproutScene

/// `Image`'s row order: turning rows upside down, as OpenGL's read-back and KTX 2.0's rows-up
/// orientation need.
@Suite struct ImageTests {
    /// Three rows of two pixels, each pixel's bytes its row and column: the first and last rows
    /// trade places, the middle row stays; turned twice, the image is as it was.
    @Test func flippingTurnsTheRowsOver() {
        let pixels: [UInt8] = (0..<3).flatMap { row in (0..<2).flatMap { column in [UInt8(row), UInt8(column), 7, 255] } }
        let image = Image(width: 2, height: 3, pixels: pixels)
        let flipped = image.flippedVertically()
        #expect(flipped.pixels == Array(pixels[16..<24] + pixels[8..<16] + pixels[0..<8]))
        #expect(flipped.flippedVertically() == image)
        #expect(Image(width: 0, height: 0, pixels: []).flippedVertically().pixels.isEmpty)
        var four: [UInt8] = [1, 2, 3, 4]
        four.withUnsafeMutableBytes { Image.flipRows($0.baseAddress!, rowBytes: 1, height: 4) }
        #expect(four == [4, 3, 2, 1])
    }
}
