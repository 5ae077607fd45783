import SproutMath
import SproutScene

/// Paints the front of a seed packet: a flower on a cream card under a green band, and an App
/// Clip Code (rings of arcs derived from the URL) near the bottom. Deterministic; pure pixels.
/// The code's place matches `SeedPacketArt.codeCenter` and `codeDiameter`, which stages use.
public struct SeedPacketArt: Sendable {
    /// Pixels per metre: an 8 x 12 cm packet is 320 x 480 pixels.
    public static let pixelsPerMetre: Float = 4000
    /// The packet's printed size, metres: 8 cm wide, 12 cm tall.
    public static let physicalSize = Vec2(0.08, 0.12)
    /// Centre of the printed code, metres right of and below the packet centre.
    public static let codeCenter = Vec2(0, 0.035)
    /// Diameter of the printed App Clip Code, metres (3 cm).
    public static let codeDiameter: Float = 0.03

    /// What the packet's picture shows.
    public enum Motif: Sendable {
        /// A flower head of petals round a seed disc (sunflower).
        case daisy
        /// Round fruits on a leafy branch (tomato).
        case fruits
        /// Upright stalks of small florets (lavender, basil).
        case spikes
        /// A cup-shaped flower on a stem between two long leaves (tulip).
        case cup
        /// An ear in its husk between long leaves (corn).
        case ear
    }

    /// The motif's flower or fruit colour, sRGB 0...1 (a sunflower's yellow by default).
    public var petalColor: Vec3
    /// What the picture shows (a daisy-like flower by default).
    public var motif: Motif
    /// The URL the packet's App Clip Code stands for; the code's rings are a pattern drawn from its FNV-1a hash.
    public var url: String

    /// The art for a packet whose code stands for `url`.
    public init(petalColor: Vec3 = Vec3(0.98, 0.76, 0.05), motif: Motif = .daisy, url: String) {
        self.petalColor = petalColor
        self.motif = motif
        self.url = url
    }

    /// Paints the packet front: 320 x 480 pixels (`physicalSize` at `pixelsPerMetre`), opaque, sRGB.
    public func image() -> Image {
        let size = Self.physicalSize * Self.pixelsPerMetre
        var canvas = Canvas(width: Int(size.x), height: Int(size.y), color: Vec3(0.96, 0.92, 0.82))
        canvas.fill { _, y in y < 40 ? Vec3(0.18, 0.42, 0.16) : nil }
        let h = Float(canvas.height)
        canvas.fill { _, y in y > h - 12 ? Vec3(0.18, 0.42, 0.16) : nil }
        switch motif {
        case .daisy: drawDaisy(on: &canvas)
        case .fruits: drawFruits(on: &canvas)
        case .spikes: drawSpikes(on: &canvas)
        case .cup: drawCup(on: &canvas)
        case .ear: drawEar(on: &canvas)
        }
        drawCode(on: &canvas)
        return canvas.image
    }

    private static let green = Vec3(0.25, 0.55, 0.15)
    private static let stemGreen = Vec3(0.2, 0.45, 0.12)

    private func ellipse(_ canvas: inout Canvas, center: Vec2, radii: Vec2, angle: Float, color: Vec3) {
        canvas.fill { x, y in
            let r = rotate(Vec2(x, y) - center, by: -angle)
            return (r.x / radii.x) * (r.x / radii.x) + (r.y / radii.y) * (r.y / radii.y) < 1 ? color : nil
        }
    }

    private func stem(_ canvas: inout Canvas, x: Float, from top: Float, to bottom: Float, width: Float = 4) {
        canvas.fill { px, py in abs(px - x) < width && py > top && py < bottom ? Self.stemGreen : nil }
    }

    /// Stem, a leaf, petals around a seed disc.
    private func drawDaisy(on canvas: inout Canvas) {
        let w = Float(canvas.width)
        let flower = Vec2(w / 2, 150)
        stem(&canvas, x: w / 2, from: flower.y, to: 300)
        ellipse(&canvas, center: Vec2(w / 2 + 28, 250), radii: Vec2(26, 10), angle: -0.6, color: Self.green)
        let petals = 16
        for i in 0..<petals {
            let angle = Float(i) / Float(petals) * 2 * .pi
            ellipse(
                &canvas, center: flower + Vec2(cos(angle), sin(angle)) * 62, radii: Vec2(36, 13), angle: angle,
                color: petalColor * (0.85 + 0.15 * Float(i % 2)))
        }
        canvas.fill { x, y in
            let d = length(Vec2(x, y) - flower)
            return d < 42 ? Vec3(0.33, 0.2, 0.08) * (d.truncatingRemainder(dividingBy: 8) < 4 ? 1 : 0.75) : nil
        }
    }

    /// A branch with leaves and a truss of round fruit, lit from the top left.
    private func drawFruits(on canvas: inout Canvas) {
        let w = Float(canvas.width)
        stem(&canvas, x: w / 2, from: 70, to: 300, width: 3)
        for (i, y) in [Float(110), 170, 230].enumerated() {
            let side: Float = i % 2 == 0 ? 1 : -1
            ellipse(&canvas, center: Vec2(w / 2 + side * 40, y), radii: Vec2(36, 14), angle: -0.4 * side, color: Self.green)
        }
        for (dx, dy) in [(-30, 140), (15, 150), (-10, 195), (35, 200), (0, 245)] as [(Float, Float)] {
            let c = Vec2(w / 2 + dx, dy)
            canvas.fill { x, y in
                let d = length(Vec2(x, y) - c)
                guard d < 26 else { return nil }
                let light = max(0, 1 - length(Vec2(x, y) - c - Vec2(-8, -8)) / 30)
                return self.petalColor * (0.75 + 0.25 * light) + Vec3(repeating: 0.35 * light * light)
            }
        }
    }

    /// Upright stalks, each topped with a spike of small florets.
    private func drawSpikes(on canvas: inout Canvas) {
        let w = Float(canvas.width)
        for k in 0..<5 {
            let x = w / 2 + (Float(k) - 2) * 30, top = Float(80 + abs(k - 2) * 18)
            stem(&canvas, x: x, from: top, to: 300, width: 2)
            ellipse(&canvas, center: Vec2(x + 10, 260), radii: Vec2(16, 5), angle: -0.5, color: Self.green)
            for j in 0..<7 {
                let y = top + Float(j) * 10
                ellipse(&canvas, center: Vec2(x - 5, y), radii: Vec2(6, 5), angle: 0, color: petalColor)
                ellipse(&canvas, center: Vec2(x + 5, y + 5), radii: Vec2(6, 5), angle: 0, color: petalColor * 0.85)
            }
        }
    }

    /// A closed cup of petals on a stem between two long leaves.
    private func drawCup(on canvas: inout Canvas) {
        let w = Float(canvas.width)
        stem(&canvas, x: w / 2, from: 150, to: 300)
        ellipse(&canvas, center: Vec2(w / 2 - 30, 240), radii: Vec2(70, 14), angle: 1.2, color: Self.green)
        ellipse(&canvas, center: Vec2(w / 2 + 34, 250), radii: Vec2(60, 12), angle: -1.25, color: Self.green * 0.9)
        for (dx, shade) in [(Float(-22), Float(0.8)), (22, 0.8), (0, 1)] {
            ellipse(&canvas, center: Vec2(w / 2 + dx, 130), radii: Vec2(26, 50), angle: dx * 0.008, color: petalColor * shade)
        }
    }

    /// An ear of kernels in its green husk between long leaves, silk at the top.
    private func drawEar(on canvas: inout Canvas) {
        let w = Float(canvas.width)
        stem(&canvas, x: w / 2, from: 60, to: 300, width: 5)
        ellipse(&canvas, center: Vec2(w / 2 - 50, 200), radii: Vec2(80, 10), angle: 0.7, color: Self.green)
        ellipse(&canvas, center: Vec2(w / 2 + 50, 150), radii: Vec2(80, 10), angle: -0.7, color: Self.green * 0.9)
        let ear = Vec2(w / 2 + 18, 175)
        canvas.fill { x, y in
            let r = Vec2(x, y) - ear
            guard (r.x / 22) * (r.x / 22) + (r.y / 70) * (r.y / 70) < 1 else { return nil }
            let kernel = (Int(r.x + 100) / 7 + Int(r.y + 100) / 7) % 2 == 0
            return self.petalColor * (kernel ? 1 : 0.85)
        }
        ellipse(&canvas, center: ear + Vec2(-14, 20), radii: Vec2(12, 60), angle: 0.15, color: Self.green)
        canvas.fill { x, y in abs(x - ear.x - (y - ear.y + 70) * 0.1) < 1.5 && y < ear.y - 60 && y > ear.y - 95 ? Vec3(0.8, 0.65, 0.35) : nil }
    }

    /// Five rings of 24 arcs each, on where a bit of the URL's FNV-1a hash is set, around a dark
    /// centre: it reads as a code at a glance; the simulation decodes it from the stage.
    private func drawCode(on canvas: inout Canvas) {
        let center = Vec2(Float(canvas.width) / 2, Float(canvas.height) / 2) + Self.codeCenter * Self.pixelsPerMetre
        let radius = Self.codeDiameter * Self.pixelsPerMetre / 2
        let hash = fnv1a(url)
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
