import SproutScene
import Testing
@testable import SproutGolden

/// The golden policy's figures, exactly: failing pixels, mean, worst pixel and the picture.
@Suite struct ImageDiffTests {
    /// A 4x1 grey image with per-pixel changes to the red channel.
    func image(reds: [UInt8]) -> Image {
        Image(width: reds.count, height: 1, pixels: reds.flatMap { [$0, 100, 100, 255] })
    }

    @Test func figuresFollowThePolicy() {
        let golden = image(reds: [100, 100, 100, 100])
        let actual = image(reds: [100, 102, 110, 90])
        let diff = ImageDiff(actual: actual, expected: golden, tolerance: .strict)
        #expect(diff.failingPixels == 2)   // 10 and 10 exceed 2; 2 does not
        #expect(diff.maxDelta == 10)
        #expect(diff.meanDelta == Double(0 + 2 + 10 + 10) / 12)
        #expect(diff.failingFraction == 0.5)
        #expect(diff.worstPixel == ImageDiff.Pixel(x: 2, y: 0, actual: [110, 100, 100], expected: [100, 100, 100]))
        #expect(diff.firstFailures.map { [$0.x, $0.y] } == [[2, 0], [3, 0]])
        #expect(!diff.passes)
        #expect(
            diff.summary
                == "2 of 4 pixels (50 %) differ by more than 2; max delta 10, mean delta 1.833; worst at (2,0): rgb(110,100,100), golden rgb(100,100,100)")
    }

    @Test func thePictureDimsTheGoldenAndMarksDifferences() {
        let diff = ImageDiff(actual: image(reds: [100, 102, 110, 100]), expected: image(reds: [100, 100, 100, 100]), tolerance: .strict)
        let p = diff.visualization.pixels
        #expect(Array(p[0..<4]) == [25, 25, 25, 255])   // same: the golden at a quarter
        #expect(Array(p[4..<8]) == [255, 220, 0, 255])   // within the channel tolerance: yellow
        #expect(Array(p[8..<12]) == [255, 0, 0, 255])   // failing: red
    }

    @Test func aFewFailingPixelsPassWithinTheFraction() {
        // 1 failing pixel in 1,000 is the strict fraction (0.1 %); the mean stays under 0.5.
        var reds = [UInt8](repeating: 100, count: 1000)
        reds[500] = 200
        let diff = ImageDiff(actual: image(reds: reds), expected: image(reds: [UInt8](repeating: 100, count: 1000)), tolerance: .strict)
        #expect(diff.failingPixels == 1 && diff.passes)
        reds[501] = 200
        #expect(!ImageDiff(actual: image(reds: reds), expected: image(reds: [UInt8](repeating: 100, count: 1000)), tolerance: .strict).passes)
    }

    @Test func identicalImagesHaveNoWorstPixel() {
        let diff = ImageDiff(actual: image(reds: [1, 2]), expected: image(reds: [1, 2]))
        #expect(diff.worstPixel == nil && diff.passes && diff.summary == "0 of 2 pixels (0 %) differ by more than 2; max delta 0, mean delta 0")
    }

    @Test func onlyTolerancesAsTightAsTheDefaultNeedNoReason() {
        #expect(ImageTolerance.strict.isWithinDefault)
        #expect(ImageTolerance(maxChannelDelta: 0, maxFailingFraction: 0, maxMeanDelta: 0).isWithinDefault)
        #expect(!ImageTolerance.foreignRasterizer.isWithinDefault)
    }
}
