import SproutImage
import SproutPlants
import SproutScene

/// A plant's seed packet front as `sprout grow --packet` prints it: the packet art (8 x 12 cm
/// at 4000 px/m) with the App Clip Code for a URL and the plant's name across the top band.
public enum SeedPacketPrinter {
    /// The packet of `plant` (a `PlantLibrary` name) whose code encodes `url`.
    public static func image(plant: String, url: String) throws -> Image {
        var art = PlantLibrary.packetArt(plant, url: url).image()
        letter(PlantLibrary.displayName(plant).uppercased(), into: &art, font: try Font())
        return art
    }

    /// The name in white across the packet's top band (40 pixels of its 480).
    static func letter(_ name: String, into art: inout Image, font: Font) {
        let text = font.coverage(name, pixelHeight: 24)
        let ox = (art.width - text.width) / 2, oy = (40 - text.height) / 2
        for y in 0..<text.height where oy + y >= 0 && oy + y < art.height {
            for x in 0..<text.width where ox + x >= 0 && ox + x < art.width {
                let a = Int(text.alpha[y * text.width + x])
                guard a > 0 else { continue }
                let i = ((oy + y) * art.width + ox + x) * 4
                for c in 0..<3 { art.pixels[i + c] = UInt8((Int(art.pixels[i + c]) * (255 - a) + 255 * a) / 255) }
            }
        }
    }
}
