import Testing
@testable import SproutAssets

/// KHR_meshopt_compression's COLOR filter (the extension's Appendix B, filter 4).
@Suite struct MeshoptColorFilterTests {
    /// meshoptimizer's encoder (its source at b5b2c439, `meshopt_encodeFilterColor`) wrote the
    /// colours (1, 0, 0, 1), (0.2, 0.4, 0.6, 0.5), (0, 0, 0, 0) and (0.9, 0.85, 0.1, 1) with
    /// K = 8 into bytes and K = 12 into shorts; its decoder gave back these bytes, which the
    /// filter must give within one unit (the extension's tolerance). Worked for the first, in
    /// bytes: Y 64, Co 127, Cg -63, alpha 255 (K = 8: scale 255 / 255 = 1): R = 64 + 127 + 63 = 254,
    /// G = 64 - 63 = 1, B = 64 - 127 + 63 = 0, A = (127 << 1) | 1 = 255.
    @Test func colorsComeBackAsTheReferenceDecodesThem() {
        var bytes: [UInt8] = [64, 127, 193, 255, 102, 205, 0, 192, 0, 0, 0, 128, 172, 102, 44, 255]
        MeshoptColorFilter.decode(&bytes, count: 4, stride: 4)
        let reference: [UInt8] = [254, 1, 0, 255, 51, 102, 153, 128, 0, 0, 0, 0, 230, 216, 26, 255]
        #expect(zip(bytes, reference).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(bytes)")
        var shorts: [UInt8] = [0, 4, 255, 7, 1, 252, 255, 15, 102, 6, 205, 252, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 8, 204, 10, 102, 6, 204, 2, 255, 15]
        MeshoptColorFilter.decode(&shorts, count: 4, stride: 8)
        let wide: [UInt8] = [239, 255, 16, 0, 0, 0, 255, 255, 51, 51, 102, 102, 153, 153, 8, 128, 0, 0, 0, 0, 0, 0, 0, 0, 110, 230, 141, 217, 162, 25, 255, 255]
        func values(_ b: [UInt8]) -> [Int] { stride(from: 0, to: b.count, by: 2).map { Int(b[$0]) | Int(b[$0 + 1]) << 8 } }
        #expect(zip(values(shorts), values(wide)).allSatisfy { abs($0 - $1) <= 1 }, "\(values(shorts))")
    }

    /// An alpha of 0 tells no K (no encoder writes it): transparent black, not a division by zero.
    @Test func anAlphaWithNoBitsGivesTransparentBlack() {
        var bytes: [UInt8] = [200, 10, 20, 0]
        MeshoptColorFilter.decode(&bytes, count: 1, stride: 4)
        #expect(bytes == [0, 0, 0, 0])
    }
}
