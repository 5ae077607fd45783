import SproutScene

/// Golden-image tolerance (engineering notes section 3.3: Filament's per-channel delta plus
/// failing-pixel fraction, and Magnum's mean check). Any looser tolerance needs a written reason.
public struct ImageTolerance: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Largest per-channel difference (0...255) a pixel may have without counting as failing.
    public var maxChannelDelta: Int
    /// Fraction of pixels allowed to fail.
    public var maxFailingFraction: Double
    /// Largest mean per-channel difference over the whole image (0...255).
    public var maxMeanDelta: Double

    /// A tolerance from its three bounds; see `strict` for the default.
    public init(maxChannelDelta: Int, maxFailingFraction: Double, maxMeanDelta: Double) {
        self.maxChannelDelta = maxChannelDelta
        self.maxFailingFraction = maxFailingFraction
        self.maxMeanDelta = maxMeanDelta
    }

    /// The default: llvmpipe on one Mesa build is bit-identical run to run and across thread
    /// counts; this absorbs 1-2 LSB drift (another LLVM) and a few pixels of edge coverage.
    public static let strict = ImageTolerance(maxChannelDelta: 2, maxFailingFraction: 0.001, maxMeanDelta: 0.5)
    /// For a rasterizer other than the one the goldens were made on (another Mesa, a GPU).
    public static let foreignRasterizer = ImageTolerance(maxChannelDelta: 8, maxFailingFraction: 0.01, maxMeanDelta: 2)

    /// Whether every bound is as tight as `strict`'s or tighter (a looser one needs a reason).
    public var isWithinDefault: Bool {
        maxChannelDelta <= Self.strict.maxChannelDelta && maxFailingFraction <= Self.strict.maxFailingFraction
            && maxMeanDelta <= Self.strict.maxMeanDelta
    }

    /// The three bounds in words, for reports.
    public var description: String {
        "max channel delta \(maxChannelDelta), failing fraction \(maxFailingFraction), mean delta \(maxMeanDelta)"
    }
}

/// The comparison of a rendering with its golden, both RGBA of the same size (RGB compared,
/// alpha ignored): how many pixels fail, by how much, where the worst one is, and a picture.
public struct ImageDiff: Sendable {
    /// One pixel's place and colours (RGB) in the rendering and in the golden.
    public struct Pixel: Sendable, Equatable, Codable {
        /// Column, from the left.
        public let x: Int
        /// Row, from the top.
        public let y: Int
        /// The rendering's red, green and blue at this pixel.
        public let actual: [UInt8]
        /// The golden's red, green and blue at this pixel.
        public let expected: [UInt8]
        /// The largest of the three channel differences.
        public var delta: Int { (0..<3).map { abs(Int(actual[$0]) - Int(expected[$0])) }.max() ?? 0 }
    }

    /// The tolerance the images were compared with.
    public let tolerance: ImageTolerance
    /// Pixels whose largest channel difference exceeds `tolerance.maxChannelDelta`.
    public let failingPixels: Int
    /// Pixels compared: width times height.
    public let pixelCount: Int
    /// The largest channel difference anywhere (0...255).
    public let maxDelta: Int
    /// The mean difference over every red, green and blue channel of every pixel (0...255).
    public let meanDelta: Double
    /// The first pixel with the largest difference (nil when the images are identical).
    public let worstPixel: Pixel?
    /// Up to ten failing pixel coordinates, in reading order.
    public let firstFailures: [(x: Int, y: Int)]
    /// The golden dimmed to a quarter, failing pixels in red, pixels that differ within the
    /// channel tolerance in yellow: where to look at a glance.
    public let visualization: Image

    /// Compares the rendering `actual` with the golden `expected` under `tolerance`; traps when their sizes differ.
    public init(actual: Image, expected: Image, tolerance: ImageTolerance = .strict) {
        precondition(actual.width == expected.width && actual.height == expected.height, "ImageDiff needs equal sizes")
        let n = actual.width * actual.height
        var failing = 0, maxD = 0, sum = 0, worst = -1
        var first: [(Int, Int)] = []
        var vis = [UInt8](repeating: 255, count: n * 4)
        actual.pixels.withUnsafeBufferPointer { a in
            expected.pixels.withUnsafeBufferPointer { e in
                for i in 0..<n {
                    let o = i * 4
                    let d0 = abs(Int(a[o]) - Int(e[o])), d1 = abs(Int(a[o + 1]) - Int(e[o + 1])), d2 = abs(Int(a[o + 2]) - Int(e[o + 2]))
                    let d = max(d0, d1, d2)
                    sum += d0 + d1 + d2
                    if d > maxD { maxD = d; worst = i }
                    if d > tolerance.maxChannelDelta {
                        failing += 1
                        if first.count < 10 { first.append((i % actual.width, i / actual.width)) }
                        vis[o] = 255; vis[o + 1] = 0; vis[o + 2] = 0
                    } else if d > 0 {
                        vis[o] = 255; vis[o + 1] = 220; vis[o + 2] = 0
                    } else {
                        vis[o] = e[o] / 4; vis[o + 1] = e[o + 1] / 4; vis[o + 2] = e[o + 2] / 4
                    }
                }
            }
        }
        failingPixels = failing
        pixelCount = n
        maxDelta = maxD
        meanDelta = n > 0 ? Double(sum) / Double(n * 3) : 0
        worstPixel =
            worst < 0
            ? nil
            : Pixel(
                x: worst % actual.width, y: worst / actual.width,
                actual: Array(actual.pixels[worst * 4..<worst * 4 + 3]),
                expected: Array(expected.pixels[worst * 4..<worst * 4 + 3]))
        firstFailures = first
        visualization = Image(width: actual.width, height: actual.height, pixels: vis)
        self.tolerance = tolerance
    }

    /// The fraction of pixels that fail.
    public var failingFraction: Double { pixelCount > 0 ? Double(failingPixels) / Double(pixelCount) : 0 }

    /// True when the failing pixels are at most `maxFailingFraction` of all and the mean difference is at most `maxMeanDelta`.
    public var passes: Bool {
        Double(failingPixels) <= tolerance.maxFailingFraction * Double(pixelCount) && meanDelta <= tolerance.maxMeanDelta
    }

    /// One line: the failing count and fraction, the largest and mean difference, the worst pixel.
    public var summary: String {
        var text =
            "\(failingPixels) of \(pixelCount) pixels (\(Self.percent(failingFraction))) differ by more than \(tolerance.maxChannelDelta);"
            + " max delta \(maxDelta), mean delta \(Self.decimal(meanDelta))"
        if let p = worstPixel {
            text += "; worst at (\(p.x),\(p.y)): \(Self.rgb(p.actual)), golden \(Self.rgb(p.expected))"
        }
        return text
    }

    static func rgb(_ c: [UInt8]) -> String { "rgb(\(c[0]),\(c[1]),\(c[2]))" }

    static func decimal(_ x: Double) -> String {
        let scaled = (x * 1000).rounded() / 1000
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }

    static func percent(_ fraction: Double) -> String { decimal(fraction * 100) + " %" }
}
