import SproutImage
import SproutScene

/// Comparing a rendering with a golden PNG, as `sprout compare`, `sprout test` and the
/// `SproutTesting` product do it: one policy (`ImageTolerance`), one diff picture.
public enum ImageComparison {
    /// Why two images could not be compared at all.
    public enum Failure: Error, CustomStringConvertible {
        /// The images differ in size: a failure of the test, not a crash.
        case sizeMismatch(actual: String, actualSize: (Int, Int), golden: String, goldenSize: (Int, Int))

        /// Both images' names and sizes, in one line.
        public var description: String {
            switch self {
            case let .sizeMismatch(actual, a, golden, g):
                return "\(actual) is \(a.0)x\(a.1) but the golden \(golden) is \(g.0)x\(g.1)"
            }
        }
    }

    /// Compares two images in memory; `Failure.sizeMismatch` when their sizes differ.
    public static func compare(
        _ actual: Image, _ golden: Image, tolerance: ImageTolerance = .strict,
        actualName: String = "the rendering", goldenName: String = "golden"
    ) throws(Failure) -> ImageDiff {
        guard actual.width == golden.width, actual.height == golden.height else {
            throw .sizeMismatch(
                actual: actualName, actualSize: (actual.width, actual.height), golden: goldenName,
                goldenSize: (golden.width, golden.height))
        }
        return ImageDiff(actual: actual, expected: golden, tolerance: tolerance)
    }

    /// Compares two PNG (or JPEG) files; errors name the file that cannot be read and why.
    public static func compare(actualPath: String, goldenPath: String, tolerance: ImageTolerance = .strict) throws -> ImageDiff {
        let actual = try ImageFile.read(path: actualPath)
        let golden = try ImageFile.read(path: goldenPath)
        return try compare(actual, golden, tolerance: tolerance, actualName: actualPath, goldenName: goldenPath)
    }
}
