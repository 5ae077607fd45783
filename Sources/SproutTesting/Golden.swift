import SproutImage
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Golden images in a user's own test target (Swift Testing or XCTest: a throwing call fails
/// the test in both). `UPDATE_GOLDENS=1` rewrites the golden instead; a missing golden is a
/// failure that says how to create it; a mismatch writes `<name>.actual.png` and
/// `<name>.diff.png` beside the golden (ignore `*.actual.png` and `*.diff.png` in git).
///
///     @Test func basilStillLooksRight() throws {
///         let view = try ModelView(modelPath: "Models/basil.glb", aspect: 1)
///         ...
///         try Golden.check(image, against: "Tests/Goldens/basil.png")
///     }
public enum Golden {
    /// A rendering that differs from its golden beyond the tolerance (the summary and the files written).
    public struct Mismatch: Error, CustomStringConvertible {
        /// The figures and the files written, in words.
        public let description: String
    }

    /// Whether `UPDATE_GOLDENS=1` is set: checks then rewrite their goldens.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// Returns the diff on success (nil when the golden was written); throws `Mismatch` naming
    /// the figures and the written files on failure.
    @discardableResult
    public static func check(_ actual: Image, against path: String, tolerance: ImageTolerance = .strict) throws -> ImageDiff? {
        if isUpdating {
            try ImageFile.writePNG(actual, to: path, compressionLevel: 9)
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw Mismatch(description: "\(path): no golden yet; run with UPDATE_GOLDENS=1 to create it")
        }
        let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
        let diff: ImageDiff
        do {
            diff = try ImageComparison.compare(actual, try ImageFile.read(path: path), tolerance: tolerance, goldenName: path)
        } catch let failure as ImageComparison.Failure {
            try? ImageFile.writePNG(actual, to: stem + ".actual.png")
            throw Mismatch(description: "\(failure); wrote \(stem).actual.png")
        }
        guard diff.passes else {
            try? ImageFile.writePNG(actual, to: stem + ".actual.png")
            try? ImageFile.writePNG(diff.visualization, to: stem + ".diff.png")
            throw Mismatch(description: "\(path): \(diff.summary) (tolerance: \(tolerance)); wrote \(stem).actual.png and \(stem).diff.png")
        }
        return diff
    }

    /// The same for a PNG already written (by `sprout render`, a `ScriptPlayer` snapshot).
    @discardableResult
    public static func check(pngAt actualPath: String, against path: String, tolerance: ImageTolerance = .strict) throws -> ImageDiff? {
        try check(ImageFile.read(path: actualPath), against: path, tolerance: tolerance)
    }
}
