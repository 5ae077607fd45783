import SproutScene

/// Golden-image tolerance (engineering notes section 3.3: Filament's per-channel delta plus
/// failing-pixel fraction, and Magnum's mean check). Any looser tolerance needs a written reason.
public struct ImageTolerance: Sendable, CustomStringConvertible {
    /// Largest per-channel difference (0...255) a pixel may have without counting as failing.
    public var maxChannelDelta: Int
    /// Fraction of pixels allowed to fail.
    public var maxFailingFraction: Double
    /// Largest mean per-channel difference over the whole image (0...255).
    public var maxMeanDelta: Double

    public init(maxChannelDelta: Int, maxFailingFraction: Double, maxMeanDelta: Double) {
        self.maxChannelDelta = maxChannelDelta
        self.maxFailingFraction = maxFailingFraction
        self.maxMeanDelta = maxMeanDelta
    }

    /// The default: llvmpipe on one Mesa build is bit-identical run to run; this absorbs 1-2 LSB drift.
    public static let strict = ImageTolerance(maxChannelDelta: 2, maxFailingFraction: 0.001, maxMeanDelta: 0.5)
    /// For a rasterizer other than the one the goldens were made on (another Mesa, a GPU).
    public static let foreignRasterizer = ImageTolerance(maxChannelDelta: 8, maxFailingFraction: 0.01, maxMeanDelta: 2)

    public var description: String {
        "max channel delta \(maxChannelDelta), failing fraction \(maxFailingFraction), mean delta \(maxMeanDelta)"
    }
}

/// The comparison of two RGBA images of the same size (RGB compared; alpha ignored).
public struct ImageDiff: Sendable {
    public let failingPixels: Int
    public let pixelCount: Int
    public let maxDelta: Int
    public let meanDelta: Double
    /// Up to ten failing pixel coordinates, in reading order.
    public let firstFailures: [(x: Int, y: Int)]
    /// Red where a pixel fails, the actual image dimmed to 20 % elsewhere.
    public let visualization: Image

    public init(actual: Image, expected: Image, tolerance: ImageTolerance) {
        precondition(actual.width == expected.width && actual.height == expected.height, "ImageDiff needs equal sizes")
        let n = actual.width * actual.height
        var failing = 0, maxD = 0, sum = 0
        var first: [(Int, Int)] = []
        var vis = [UInt8](repeating: 255, count: n * 4)
        for i in 0..<n {
            let o = i * 4
            var d = 0
            for c in 0..<3 {
                let delta = abs(Int(actual.pixels[o + c]) - Int(expected.pixels[o + c]))
                d = max(d, delta)
                sum += delta
            }
            maxD = max(maxD, d)
            if d > tolerance.maxChannelDelta {
                failing += 1
                if first.count < 10 { first.append((i % actual.width, i / actual.width)) }
                vis[o] = 255; vis[o + 1] = 0; vis[o + 2] = 0
            } else {
                for c in 0..<3 { vis[o + c] = UInt8(Int(actual.pixels[o + c]) / 5) }
            }
        }
        failingPixels = failing
        pixelCount = n
        maxDelta = maxD
        meanDelta = n > 0 ? Double(sum) / Double(n * 3) : 0
        firstFailures = first
        visualization = Image(width: actual.width, height: actual.height, pixels: vis)
        self.tolerance = tolerance
    }

    public let tolerance: ImageTolerance

    public var passes: Bool {
        Double(failingPixels) <= tolerance.maxFailingFraction * Double(pixelCount) && meanDelta <= tolerance.maxMeanDelta
    }

    public var summary: String {
        let coordinates = firstFailures.map { "(\($0.x),\($0.y))" }.joined(separator: " ")
        return "\(failingPixels) of \(pixelCount) pixels differ by more than \(tolerance.maxChannelDelta); max delta \(maxDelta), mean delta \(meanDelta); first: \(coordinates)"
    }
}
