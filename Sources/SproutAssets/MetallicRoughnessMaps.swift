import SproutScene

/// Separate roughness and metalness maps (OBJ's `map_Pr` and `map_Pm`, FBX's roughness and
/// metalness textures) made the one texture glTF's metallic-roughness model reads: roughness in
/// green, metalness in blue. Each map's value is its luminance (Rec. 709's weights, as a colour
/// read as a number is in Blender); where a map is missing its channel is 1, so the factor alone
/// sets it. The larger map's size wins, the other sampled nearest.
enum MetallicRoughnessMaps {
    /// The combined image's size: the larger width and the larger height (zero without maps).
    static func size(roughness: Image?, metalness: Image?) -> (width: Int, height: Int) {
        (max(roughness?.width ?? 0, metalness?.width ?? 0), max(roughness?.height ?? 0, metalness?.height ?? 0))
    }

    /// The combined texture's image; nil without either map.
    static func combined(roughness: Image?, metalness: Image?) -> Image? {
        let (width, height) = size(roughness: roughness, metalness: metalness)
        guard width > 0, height > 0 else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for (image, channel) in [(roughness, 1), (metalness, 2)] {
            guard let image, image.width > 0, image.height > 0 else { continue }
            for y in 0..<height {
                let row = (y * image.height / height) * image.width
                for x in 0..<width {
                    let p = (row + x * image.width / width) * 4
                    pixels[(y * width + x) * 4 + channel] = luminance(image.pixels[p], image.pixels[p + 1], image.pixels[p + 2])
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// 0.2126 r + 0.7152 g + 0.0722 b, rounded (Rec. 709), in integers: weights out of 10,000.
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let weighted: Int = 2126 * Int(r) + 7152 * Int(g) + 722 * Int(b)
        return UInt8((weighted + 5000) / 10000)
    }
}
