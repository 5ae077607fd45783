import SproutScene
import Testing
@testable import SproutAssets

/// Separate roughness and metalness maps combined into glTF's one texture.
@Suite struct MetallicRoughnessMapsTests {
    /// A 2 x 1 roughness map of greys and a 1 x 1 pure red metalness map: the roughness levels
    /// in green, the red's luminance 0.2126 x 255 = 54.2 -> 54 in blue at both texels (sampled
    /// nearest), red and alpha 255.
    @Test func mapsAreCombinedAtTheLargerSize() {
        let roughness = Image(width: 2, height: 1, pixels: [64, 64, 64, 255, 192, 192, 192, 255])
        let metalness = Image(width: 1, height: 1, pixels: [255, 0, 0, 255])
        #expect(
            MetallicRoughnessMaps.combined(roughness: roughness, metalness: metalness)
                == Image(width: 2, height: 1, pixels: [255, 64, 54, 255, 255, 192, 54, 255]))
    }

    /// A missing map leaves its channel at 1, so its factor alone sets it; no map, no texture.
    @Test func aMissingMapLeavesItsChannelWhole() {
        let metalness = Image(width: 1, height: 2, pixels: [0, 255, 0, 255, 0, 0, 255, 255])
        // Green's luminance 0.7152 x 255 = 182.4 -> 182, blue's 0.0722 x 255 = 18.4 -> 18.
        #expect(
            MetallicRoughnessMaps.combined(roughness: nil, metalness: metalness)
                == Image(width: 1, height: 2, pixels: [255, 255, 182, 255, 255, 255, 18, 255]))
        #expect(MetallicRoughnessMaps.combined(roughness: nil, metalness: nil) == nil)
    }
}
