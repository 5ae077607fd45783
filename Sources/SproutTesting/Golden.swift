import SproutImage
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Compares a rendering with a PNG golden. `UPDATE_GOLDENS=1` rewrites the golden instead;
/// a failure writes `<name>.actual.png` and `<name>.diff.png` beside it (git ignores both).
public enum Golden {
    /// A rendering that differs from its golden beyond the tolerance (the summary and the files written).
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// Returns the diff on success; throws with the diff's summary and the written file names on failure.
    @discardableResult
    public static func check(_ actual: Image, against path: String, tolerance: ImageTolerance = .strict) throws -> ImageDiff? {
        if isUpdating || !FileManager.default.fileExists(atPath: path) {
            if !isUpdating { throw Mismatch(description: "\(path): no golden yet; run with UPDATE_GOLDENS=1 to create it") }
            try ImageFile.writePNG(actual, to: path, compressionLevel: 9)
            return nil
        }
        let expected = try ImageFile.read(path: path)
        guard expected.width == actual.width, expected.height == actual.height else {
            throw Mismatch(description: "\(path): golden is \(expected.width)x\(expected.height), rendering is \(actual.width)x\(actual.height)")
        }
        let diff = ImageDiff(actual: actual, expected: expected, tolerance: tolerance)
        guard diff.passes else {
            let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
            try? ImageFile.writePNG(actual, to: stem + ".actual.png")
            try? ImageFile.writePNG(diff.visualization, to: stem + ".diff.png")
            throw Mismatch(description: "\(path): \(diff.summary) (tolerance: \(tolerance)); wrote \(stem).actual.png and \(stem).diff.png")
        }
        return diff
    }
}
