import Testing

@testable import SproutScene

/// Coverage maps of alpha-cut (MASK) textures: the cut, and levels weighted by alpha, worked out by hand.
@Suite struct ImageCoverageTests {
    /// A texel is kept where alpha / 255 x the factor reaches the cutoff: under a cutoff of 0.25,
    /// 64 / 255 = 0.251 is kept and 63 / 255 = 0.247 cut; with a factor of 0.5 the stored alpha must
    /// reach 127.5 (128 kept, 127 cut); a factor of 0 keeps nothing. Colour is left as it was.
    @Test func theCutKeepsWhatTheShaderKeeps() {
        let alphas: [UInt8] = [0, 63, 64, 127, 128, 255]
        let image = Image(width: alphas.count, height: 1, pixels: alphas.flatMap { [10, 20, 30, $0] })
        func kept(_ factor: Float, _ cutoff: Float) -> [UInt8] {
            let cut = image.keepingCut(alphaFactor: factor, cutoff: cutoff)
            #expect(stride(from: 0, to: cut.pixels.count, by: 4).allSatisfy { cut.pixels[$0..<$0 + 3] == [10, 20, 30] })
            return stride(from: 3, to: cut.pixels.count, by: 4).map { cut.pixels[$0] }
        }
        #expect(kept(1, 0.25) == [0, 0, 255, 255, 255, 255])
        #expect(kept(0.5, 0.25) == [0, 0, 0, 0, 255, 255])
        #expect(kept(0, 0.25) == [0, 0, 0, 0, 0, 0])
        // glTF's default cutoff, 0.5: 127 / 255 = 0.498 is cut.
        #expect(kept(1, 0.5) == [0, 0, 0, 0, 255, 255])
    }

    /// Weighted by alpha, a level's colour is that of the texels that cover it: red and green
    /// (alpha 255) beside blue and white cut away (alpha 0) give (255 x 255) / 510 = 127.5 -> 128
    /// red and green and no blue, where the plain mean is 128 of each. sRGB colour is weighted
    /// as light: red and black covering, the rest cut, give linear (1 + 0) / 2 = 0.5 red, 188.
    /// Alpha is the plain mean either way; where nothing covers, colour is the plain mean.
    @Test func weightedByAlphaALevelTakesTheColourOfWhatCovers() {
        let image = Image(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 255, 255, 255, 255, 0])
        #expect(image.halved(sRGB: false, weightedByAlpha: true) == Image(width: 1, height: 1, pixels: [128, 128, 0, 128]))
        #expect(image.halved(sRGB: false) == Image(width: 1, height: 1, pixels: [128, 128, 128, 128]))
        let halfRed = Image(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 0])
        #expect(halfRed.halved(sRGB: true, weightedByAlpha: true) == Image(width: 1, height: 1, pixels: [188, 0, 0, 128]))
        let bare = Image(width: 2, height: 2, pixels: [200, 100, 0, 0, 100, 100, 0, 0, 0, 100, 0, 0, 100, 100, 0, 0])
        #expect(bare.halved(sRGB: false, weightedByAlpha: true) == Image(width: 1, height: 1, pixels: [100, 100, 0, 0]))
    }

    /// Along an odd size the area weights and alpha multiply: a 3 x 1 row of red 90 (alpha 255),
    /// 200 (alpha 0) and 30 (alpha 255) weighs each texel 1/3, so its colour is
    /// (90 + 30) / 2 = 60, not the plain (90 + 200 + 30) / 3 = 106.7 -> 107; alpha 510 / 3 = 170.
    @Test func oddSizesWeighAreaTimesAlpha() {
        let row = Image(width: 3, height: 1, pixels: [90, 0, 0, 255, 200, 0, 0, 0, 30, 0, 0, 255])
        #expect(row.halved(sRGB: false, weightedByAlpha: true) == Image(width: 1, height: 1, pixels: [60, 0, 0, 170]))
        #expect(row.halved(sRGB: false) == Image(width: 1, height: 1, pixels: [107, 0, 0, 170]))
    }
}
