import Testing

@testable import SproutScene

/// Normal maps' levels, the spread of their normals in alpha, worked out by hand.
@Suite struct ImageNormalMapsTests {
    /// Every level's image, in order.
    func levels(of image: Image, count: Int) -> [Image] {
        var levels: [Image] = []
        image.normalMapLevels(count: count) { level, index in
            #expect(index == levels.count)
            levels.append(level)
        }
        return levels
    }

    static let up: [UInt8] = [128, 128, 255, 77], across: [UInt8] = [255, 128, 128, 77], back: [UInt8] = [0, 128, 128, 77]

    /// Level 0 is the image with alpha 255 (no spread, whatever alpha it had: an RGB file's is
    /// 255 already and the image is passed on as it is); normals that all agree spread nothing
    /// below it (alpha 255); colour is the stored values' mean.
    @Test func agreeingNormalsSpreadNothing() {
        let flat = levels(of: Image(width: 2, height: 2, pixels: Array(repeating: Self.up, count: 4).flatMap { $0 }), count: 2)
        #expect(flat.count == 2)
        #expect(flat[0].pixels == Array(repeating: [128, 128, 255, 255] as [UInt8], count: 4).flatMap { $0 })
        #expect(flat[1].pixels == [128, 128, 255, 255])
        let opaque = Image(width: 2, height: 2, fill: (128, 128, 255, 255))
        #expect(levels(of: opaque, count: 1) == [opaque])
    }

    /// Two normals up (stored 128, 128, 255: 0.0039, 0.0039, 1 before normalizing) and two along
    /// +x (255, 128, 128): their unit vectors' mean has length r = 0.70988, so 2/k =
    /// 2 (1 - r^2) / (3r - r^3) = 0.55993, stored as 255 x (1 - sqrt(0.55993)) = 64.19 -> 64.
    /// Normals opposed (+x and -x) cancel: r = 0.0055, 2/k past 1, stored 0.
    @Test func spreadNormalsWidenTheLobe() {
        let half = Image(width: 2, height: 2, pixels: Self.up + Self.across + Self.up + Self.across)
        // Colour: (128 + 255 + 128 + 255) / 4 = 191.5 -> 192; 128; 192.
        #expect(levels(of: half, count: 2)[1].pixels == [192, 128, 192, 64])
        let opposed = Image(width: 2, height: 2, pixels: Self.across + Self.back + Self.across + Self.back)
        #expect(levels(of: opposed, count: 2)[1].pixels[3] == 0)
    }

    /// Each level's spread is of level 0's unit normals under it, not of the level above's
    /// means renormalized: a 4 x 4 map of 2 x 2 blocks, three up and one along +x, has no
    /// spread at level 1 (each block agrees) and at level 2 the mean of three up and one across,
    /// r = 0.79243, 2/k = 0.39587, 255 x (1 - sqrt) = 94.56 -> 95 (colour (3 x 128 + 255) / 4 =
    /// 159.75 -> 160, 128, (3 x 255 + 128) / 4 = 223.25 -> 223).
    @Test func spreadIsOfLevelZerosNormals() {
        func block(_ texel: [UInt8]) -> [[UInt8]] { Array(repeating: texel, count: 2) }
        let rows = [block(Self.up) + block(Self.up), block(Self.up) + block(Self.up), block(Self.up) + block(Self.across), block(Self.up) + block(Self.across)]
        let map = Image(width: 4, height: 4, pixels: rows.flatMap { $0.flatMap { $0 } })
        let chain = levels(of: map, count: 3)
        #expect(chain.map(\.width) == [4, 2, 1])
        #expect(stride(from: 3, to: 16, by: 4).map { chain[1].pixels[$0] } == [255, 255, 255, 255])
        #expect(chain[2].pixels == [160, 128, 223, 95])
    }

    /// Sizes that do not halve evenly twice take the area weights: a 6 x 2 map of three 2 x 2
    /// blocks (all up, half up and half across, all across) has level 1 texels of spread 255, 64
    /// and 255, and level 2's one texel weighs the three 1/3 each: half up, half across, 64 again
    /// (colour (128 + 192 + 255) / 3 = 191.7 -> 192, 128, 192).
    @Test func oddLevelsWeighTheirArea() {
        let top = Self.up + Self.up + Self.up + Self.across + Self.across + Self.across
        let chain = levels(of: Image(width: 6, height: 2, pixels: top + top), count: 3)
        #expect(chain.map(\.width) == [6, 3, 1])
        #expect(chain[1].pixels == [128, 128, 255, 255, 192, 128, 192, 64, 255, 128, 128, 255])
        #expect(chain[2].pixels == [192, 128, 192, 64])
    }

    /// Every size from 1 x 1 to 9 x 9 makes OpenGL's chain of sizes, each level's alpha within
    /// 0...255 and 255 where the normals agree (a map of one normal throughout).
    @Test func everySizeMakesItsChain() {
        for width in 1...9 {
            for height in 1...9 {
                let count = Int.bitWidth - max(width, height).leadingZeroBitCount
                let chain = levels(of: Image(width: width, height: height, fill: (200, 90, 230, 255)), count: count)
                var w = width, h = height
                for level in chain {
                    #expect(level.width == w && level.height == h, "\(width) x \(height)")
                    #expect(stride(from: 3, to: level.pixels.count, by: 4).allSatisfy { level.pixels[$0] == 255 }, "\(width) x \(height)")
                    (w, h) = (max(1, w / 2), max(1, h / 2))
                }
                #expect(chain.count == count)
            }
        }
    }
}
