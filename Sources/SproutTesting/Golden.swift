import SproutDocument
import SproutImage
import SproutScene
import SproutGolden
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Golden images in a user's own test target (Swift Testing or XCTest: a throwing call fails
/// the test in both), by the one policy `sprout test` and `expect: { image: }` follow
/// (`GoldenCheck`): within the tolerance it passes; a missing golden is written from this run
/// and the check fails, asking you to look at it and commit it; `UPDATE_GOLDENS=1` rewrites the
/// golden (a picture of one flat colour is refused: something drew nothing); a mismatch writes
/// `<name>.actual.png` and `<name>.diff.png` beside the golden (ignore `*.actual.png` and
/// `*.diff.png` in git).
///
///     @Test func basilStillLooksRight() throws {
///         var file = SceneFile.oneModel("Models/basil.glb")   // or SceneView(path: "Tests/basil.yaml")
///         file.width = 256; file.height = 256
///         let view = try SceneView.model(file)
///         let surface = try OffscreenSurface(width: 256, height: 256)
///         let image = try view.render(with: Renderer(context: surface.context), into: surface)
///         try Golden.check(image, against: "Tests/Goldens/basil.png")
///     }
public enum Golden {
    /// A rendering that differs from its golden beyond the tolerance, or a golden that was
    /// missing (now written): the outcome in words, with the files written.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The figures and the files written, in words.
        public let description: String
        /// The check's outcome.
        public let outcome: GoldenOutcome
    }

    /// Whether `UPDATE_GOLDENS=1` is set: checks then rewrite their goldens.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// Checks `actual` against the PNG at `path`; returns the outcome when it passed (or was
    /// rewritten), throws `Mismatch` naming the figures and the written files otherwise.
    @discardableResult
    public static func check(_ actual: Image, against path: String, tolerance: ImageTolerance = .strict) throws -> GoldenOutcome {
        let folder = Document.folder(of: path)
        let name = Document.stem(of: path)
        let outcome = GoldenCheck(updating: isUpdating, resultsFolder: folder).check(actual, golden: path, tolerance: tolerance, name: name)
        switch outcome.status {
        case .passed, .updated:
            return outcome
        case .new:
            throw Mismatch(description: "\(path): \(outcome.summary)" + (outcome.warning.map { " (\($0))" } ?? ""), outcome: outcome)
        case .failed:
            let files = [outcome.actual, outcome.diff].compactMap { $0 }
            throw Mismatch(
                description: "\(path): \(outcome.summary) (tolerance: \(tolerance))" + (files.isEmpty ? "" : "; wrote " + files.joined(separator: " and ")),
                outcome: outcome)
        }
    }

    /// The same for a PNG already written (by `sprout render`, a `ScriptPlayer` snapshot).
    @discardableResult
    public static func check(pngAt actualPath: String, against path: String, tolerance: ImageTolerance = .strict) throws -> GoldenOutcome {
        try check(ImageFile.read(path: actualPath), against: path, tolerance: tolerance)
    }
}
