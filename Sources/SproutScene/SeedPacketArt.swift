import SproutMath

/// Paints the front of a seed packet: a flower on a cream card under a green band, and an App
/// Clip Code (rings of arcs derived from the URL) near the bottom. Deterministic; pure pixels.
/// The code's place matches `SeedPacketArt.codeCenter` and `codeDiameter`, which stages use.
public struct SeedPacketArt: Sendable {
    /// Pixels per metre: an 8 x 12 cm packet is 320 x 480 pixels.
    public static let pixelsPerMetre: Float = 4000
    public static let physicalSize = Vec2(0.08, 0.12)
    /// Centre of the printed code, metres right of and below the packet centre.
    public static let codeCenter = Vec2(0, 0.035)
    public static let codeDiameter: Float = 0.03

    public var petalColor: Vec3
    public var url: String

    public init(petalColor: Vec3 = Vec3(0.98, 0.76, 0.05), url: String) {
        self.petalColor = petalColor
        self.url = url
    }

    public func image() -> Image {
        let size = Self.physicalSize * Self.pixelsPerMetre
        var canvas = Canvas(width: Int(size.x), height: Int(size.y), color: Vec3(0.96, 0.92, 0.82))
        let w = Float(canvas.width)
        canvas.fill { _, y in y < 40 ? Vec3(0.18, 0.42, 0.16) : nil }
        let h = Float(canvas.height)
        canvas.fill { _, y in y > h - 12 ? Vec3(0.18, 0.42, 0.16) : nil }
        // The flower: stem, a leaf, petals around a seed disc.
        let flower = Vec2(w / 2, 150)
        canvas.fill { x, y in abs(x - w / 2) < 4 && y > flower.y && y < 300 ? Vec3(0.2, 0.45, 0.12) : nil }
        canvas.fill { x, y in
            let p = Vec2(x - (w / 2 + 28), y - 250) , r = rotate(p, by: 0.6)
            return (r.x / 26) * (r.x / 26) + (r.y / 10) * (r.y / 10) < 1 ? Vec3(0.25, 0.55, 0.15) : nil
        }
        let petals = 16
        for i in 0..<petals {
            let angle = Float(i) / Float(petals) * 2 * .pi
            let center = flower + Vec2(cos(angle), sin(angle)) * 62
            canvas.fill { x, y in
                let r = rotate(Vec2(x, y) - center, by: -angle)
                return (r.x / 36) * (r.x / 36) + (r.y / 13) * (r.y / 13) < 1 ? self.petalColor * (0.85 + 0.15 * Float(i % 2)) : nil
            }
        }
        canvas.fill { x, y in
            let d = length(Vec2(x, y) - flower)
            return d < 42 ? Vec3(0.33, 0.2, 0.08) * (d.truncatingRemainder(dividingBy: 8) < 4 ? 1 : 0.75) : nil
        }
        drawCode(on: &canvas)
        return canvas.image
    }

    /// Five rings of 24 arcs each, on where a bit of the URL's FNV-1a hash is set, around a dark
    /// centre: it reads as a code at a glance; the simulation decodes it from the stage.
    private func drawCode(on canvas: inout Canvas) {
        let center = Vec2(Float(canvas.width) / 2, Float(canvas.height) / 2) + Self.codeCenter * Self.pixelsPerMetre
        let radius = Self.codeDiameter * Self.pixelsPerMetre / 2
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        canvas.fill { x, y in
            let p = Vec2(x, y) - center
            let d = length(p) / radius
            guard d <= 1 else { return nil }
            if d < 0.3 { return Vec3(0.1, 0.1, 0.1) }
            let ring = Int((d - 0.3) / 0.14)
            guard (d - 0.3).truncatingRemainder(dividingBy: 0.14) > 0.04, ring < 5 else { return Vec3(1, 1, 1) }
            let segment = Int((atan2(p.y, p.x) + .pi) / (2 * .pi) * 24) % 24
            let bit = (hash >> UInt64((ring * 24 + segment) % 64)) & 1
            return bit == 1 ? Vec3(0.1, 0.1, 0.1) : Vec3(1, 1, 1)
        }
    }

    private func rotate(_ p: Vec2, by angle: Float) -> Vec2 {
        Vec2(p.x * cos(angle) - p.y * sin(angle), p.x * sin(angle) + p.y * cos(angle))
    }
}

/// An sRGB canvas painted by per-pixel shape functions.
struct Canvas {
    let width: Int
    let height: Int
    private var colors: [Vec3]

    init(width: Int, height: Int, color: Vec3) {
        self.width = width
        self.height = height
        colors = Array(repeating: color, count: width * height)
    }

    /// Paints every pixel whose centre `shape` gives a colour for.
    mutating func fill(_ shape: (Float, Float) -> Vec3?) {
        for y in 0..<height {
            for x in 0..<width {
                if let c = shape(Float(x) + 0.5, Float(y) + 0.5) { colors[y * width + x] = c }
            }
        }
    }

    var image: Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for (i, c) in colors.enumerated() {
            let q = (pointwiseMin(pointwiseMax(c, .zero), .one) * 255).rounded(.toNearestOrEven)
            pixels[i * 4] = UInt8(q.x); pixels[i * 4 + 1] = UInt8(q.y); pixels[i * 4 + 2] = UInt8(q.z)
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
