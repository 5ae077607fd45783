import SproutMath
import SproutScene

/// The top-down map inset (G21's MKMapView, drawn in pixels): centred on the device, turned so
/// the device's heading points up, a 3 m circle per anchor (white stroke, blue fill), the device
/// as an arrow, and a scale bar. `point(of:)` and `coordinate(at:)` map between stage positions
/// and map pixels, so a click on the map can add an anchor there.
public struct MapView: Sendable {
    /// G21 AnchorIndicator: a 3 m circle per anchor.
    public static let anchorRadius: Float = 3
    /// Width and height of the square map image, pixels.
    public var size: Int
    /// Metres from the centre to the map's edge.
    public var halfSpan: Float
    /// The stage position (x, z) in metres at the map's centre: the device's.
    public var center: Vec2
    /// Radians: the device's heading in the stage (0 looks along -Z), drawn pointing up.
    public var heading: Float

    /// A map `size` pixels square showing `halfSpan` metres each way from `center` (stage x, z),
    /// turned so that `heading` (radians) points up.
    public init(size: Int = 200, halfSpan: Float = 25, center: Vec2, heading: Float) {
        self.size = size
        self.halfSpan = halfSpan
        self.center = center
        self.heading = heading
    }

    var pixelsPerMetre: Float { Float(size) / 2 / halfSpan }

    /// The map pixel (x right, y down) of a stage position (x, z).
    public func point(of stage: Vec2) -> Vec2 {
        let d = stage - center
        // Turn so the heading points up: the forward direction (-sin h, -cos h) maps to (0, -1).
        let c = cos(heading), s = sin(heading)
        let right = d.x * c - d.y * s, forward = -d.x * s - d.y * c
        return Vec2(Float(size) / 2 + right * pixelsPerMetre, Float(size) / 2 - forward * pixelsPerMetre)
    }

    /// The stage position (x, z) under a map pixel.
    public func stagePosition(at pixel: Vec2) -> Vec2 {
        let right = (pixel.x - Float(size) / 2) / pixelsPerMetre, forward = (Float(size) / 2 - pixel.y) / pixelsPerMetre
        let c = cos(heading), s = sin(heading)
        return center + Vec2(right * c - forward * s, -right * s - forward * c)
    }

    /// Draws the map, `size` x `size` RGBA: paper, a 3 m circle around each anchor's stage
    /// position (x, z), the device's arrow at the centre and a 10 m scale bar at the bottom left.
    public func image(anchors: [Vec2]) -> Image {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        func blend(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8), _ a: Float) {
            guard x >= 0, y >= 0, x < size, y < size else { return }
            let i = (y * size + x) * 4
            for k in 0..<3 { pixels[i + k] = UInt8(Float(pixels[i + k]) * (1 - a) + Float([c.0, c.1, c.2][k]) * a) }
            pixels[i + 3] = 255
        }
        for y in 0..<size { for x in 0..<size { blend(x, y, (226, 229, 222), 1) } }   // map paper
        let r = Self.anchorRadius * pixelsPerMetre
        for a in anchors {
            let p = point(of: a)
            for y in Int(p.y - r - 2)...Int(p.y + r + 2) {
                for x in Int(p.x - r - 2)...Int(p.x + r + 2) {
                    let d = length(Vec2(Float(x) + 0.5, Float(y) + 0.5) - p)
                    if d <= r - 1 { blend(x, y, (30, 90, 230), 0.6) } else if d <= r + 1 { blend(x, y, (255, 255, 255), 1) }   // lineWidth 2
                }
            }
        }
        // The device: an arrow pointing up at the centre.
        let c = Float(size) / 2
        for y in 0..<16 {
            let half = Float(y) * 0.45
            for x in Int(c - half)...Int(c + half) { blend(x, Int(c) - 8 + y, (200, 40, 40), 1) }
        }
        // Scale bar: 10 m, bottom left.
        let bar = Int(10 * pixelsPerMetre)
        for x in 8..<(8 + bar) { for y in (size - 12)..<(size - 9) { blend(x, y, (40, 40, 40), 1) } }
        return Image(width: size, height: size, pixels: pixels)
    }
}
