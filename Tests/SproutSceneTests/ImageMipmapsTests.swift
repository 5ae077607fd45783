import Testing

@testable import SproutScene

/// Mipmap levels made on the CPU, the values worked out by hand.
@Suite struct ImageMipmapsTests {
    /// A linear texture's level is the rounded mean of the stored values, alpha too.
    @Test func aLinearLevelIsTheMeanOfFourTexels() {
        let image = Image(width: 2, height: 2, pixels: [0, 10, 20, 255, 4, 10, 21, 255, 8, 10, 22, 0, 12, 10, 23, 0])
        let level = image.halved(sRGB: false)
        // (0 + 4 + 8 + 12) / 4 = 6; (20 + 21 + 22 + 23) / 4 = 21.5 -> 22; (255 + 255) / 4 = 127.5 -> 128.
        #expect(level == Image(width: 1, height: 1, pixels: [6, 10, 22, 128]))
    }

    /// An sRGB texture's colour is averaged as light: black and white make linear 0.5, which
    /// sRGB encodes as 1.055 * 0.5^(1 / 2.4) - 0.055 = 0.7354, 187.5 of 255 -> 188, not the 128
    /// of the stored values' mean. Alpha stays a plain mean.
    @Test func anSRGBLevelAveragesLight() {
        let image = Image(width: 2, height: 2, pixels: [0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255])
        #expect(image.halved(sRGB: true) == Image(width: 1, height: 1, pixels: [188, 188, 188, 128]))
        // A uniform texture keeps its values through the tables, each of the 256.
        let kept = (0...255).filter { v in
            let value = UInt8(v)
            return Image(width: 2, height: 2, fill: (value, value, value, value)).halved(sRGB: true)
                == Image(width: 1, height: 1, fill: (value, value, value, value))
        }
        #expect(kept.count == 256)
    }

    /// OpenGL's level sizes (max(1, size / 2)), each texel the mean over its area: a 3 x 1
    /// row's one texel is the mean of all three (weights 1/3 each); a 5 x 1 row's two are
    /// (2, 2, 1) / 5 and (1, 2, 2) / 5 of its texels; the chain of a 5 x 3 image is 2 x 1,
    /// then 1 x 1, which halves to itself.
    @Test func oddSizesHalveOverTheirArea() {
        let row = Image(width: 3, height: 1, pixels: [0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 0])
        // (0 + 100 + 200) / 3 = 100; alpha (255 + 255 + 0) / 3 = 170.
        #expect(row.halved(sRGB: false) == Image(width: 1, height: 1, pixels: [100, 100, 100, 170]))
        let five = Image(width: 5, height: 1, pixels: [0, 50, 100, 150, 200].flatMap { [UInt8($0), 0, 0, 255] })
        // (2 * 0 + 2 * 50 + 100) / 5 = 40; (100 + 2 * 150 + 2 * 200) / 5 = 160.
        #expect(five.halved(sRGB: false) == Image(width: 2, height: 1, pixels: [40, 0, 0, 255, 160, 0, 0, 255]))
        // A 3 x 3 image halves to the mean of all nine: 1 + ... + 9 over 9 is 5.
        let square = Image(width: 3, height: 3, pixels: (1...9).flatMap { [UInt8($0), 0, 0, 255] })
        #expect(square.halved(sRGB: false) == Image(width: 1, height: 1, pixels: [5, 0, 0, 255]))
        let second = Image(width: 5, height: 3, fill: (1, 2, 3, 4)).halved(sRGB: false)
        #expect([second.width, second.height] == [2, 1])
        #expect(second.halved(sRGB: true) == Image(width: 1, height: 1, fill: (1, 2, 3, 4)))
        #expect(Image(width: 1, height: 1, fill: (1, 2, 3, 4)).halved(sRGB: true) == Image(width: 1, height: 1, fill: (1, 2, 3, 4)))
    }

    /// A level large enough to be made in bands of rows on several threads: every texel of a
    /// 512 x 512 ramp (red the column, green the row, modulo 256) halves to 2x + 1 and 2y + 1
    /// (the mean of 2x and 2x + 1 is 2x + 0.5, rounded up).
    @Test func aLargeLevelMadeInBandsIsExact() {
        var pixels = [UInt8](repeating: 255, count: 512 * 512 * 4)
        for y in 0..<512 {
            for x in 0..<512 {
                pixels[(y * 512 + x) * 4] = UInt8(x % 256)
                pixels[(y * 512 + x) * 4 + 1] = UInt8(y % 256)
            }
        }
        let level = Image(width: 512, height: 512, pixels: pixels).halved(sRGB: false)
        #expect(level.width == 256 && level.height == 256)
        var wrong = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let texel = level[x, y]
                if texel.r != UInt8((2 * x) % 256 + 1) || texel.g != UInt8((2 * y) % 256 + 1) || texel.b != 255 || texel.a != 255 { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
