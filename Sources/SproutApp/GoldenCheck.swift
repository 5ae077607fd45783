import SproutFiles
import SproutImage
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What became of one picture checked against its golden.
public struct GoldenOutcome: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        /// Within the tolerance.
        case passed
        /// Beyond the tolerance, or a different size, or the golden cannot be read.
        case failed
        /// There was no golden: the picture was written as the golden (a failure unless updating).
        case new
        /// `--update`: the golden was rewritten.
        case updated
    }

    public var status: Status
    /// A name for reports (`case`, `case/snapshot`).
    public var name: String
    public var golden: String
    /// The rendering and the diff picture, written on failure.
    public var actual: String?
    public var diff: String?
    /// The comparison's figures, in words (or why there was none).
    public var summary: String
    public var failingFraction: Double?
    public var maxDelta: Int?
    public var meanDelta: Double?
    public var tolerance: ImageTolerance
    /// Why the tolerance is not the default, when it is not.
    public var toleranceReason: String?

    /// Counts as a failure of the run (anything but passed or updated).
    public var isFailure: Bool { status == .failed || status == .new }
}

/// Checks pictures against golden PNGs the way `sprout test` and `expect: { image: }` do:
/// compare with a tolerance, write the rendering and a diff picture into `resultsFolder` on
/// failure, write a missing golden (reported as new), or rewrite every golden when updating.
public struct GoldenCheck: Sendable {
    public var updating: Bool
    /// Where `NAME.actual.png` and `NAME.diff.png` go (created when needed); nil writes none.
    public var resultsFolder: String?

    public init(updating: Bool = false, resultsFolder: String? = nil) {
        self.updating = updating
        self.resultsFolder = resultsFolder
    }

    /// - Parameters:
    ///   - name: names the outcome and the result files (`/` becomes `-` in file names).
    public func check(_ image: Image, golden: String, tolerance: ImageTolerance = .strict, reason: String? = nil, name: String) -> GoldenOutcome {
        var outcome = GoldenOutcome(status: .passed, name: name, golden: golden, summary: "", tolerance: tolerance, toleranceReason: reason)
        let exists = FileManager.default.fileExists(atPath: golden)
        if updating || !exists {
            do {
                try OutputFile.makeFolder(for: golden)
                try ImageFile.writePNG(image, to: golden, compressionLevel: 9)
                outcome.status = exists ? .updated : .new
                outcome.summary = exists ? "golden rewritten" : "no golden: wrote this rendering as \(golden); look at it and commit it"
            } catch {
                outcome.status = .failed
                outcome.summary = "cannot write the golden: \(error)"
            }
            return outcome
        }
        do {
            let diff = try ImageComparison.compare(image, try ImageFile.read(path: golden), tolerance: tolerance, goldenName: golden)
            outcome.summary = diff.summary
            outcome.failingFraction = diff.failingFraction
            outcome.maxDelta = diff.maxDelta
            outcome.meanDelta = diff.meanDelta
            if !diff.passes {
                outcome.status = .failed
                outcome.actual = write(image, name: name, suffix: "actual")
                outcome.diff = write(diff.visualization, name: name, suffix: "diff")
            }
        } catch {
            outcome.status = .failed
            outcome.summary = "\(error)"
            outcome.actual = write(image, name: name, suffix: "actual")
        }
        return outcome
    }

    private func write(_ image: Image, name: String, suffix: String) -> String? {
        guard let resultsFolder else { return nil }
        let path = resultsFolder + "/" + name.replacingOccurrences(of: "/", with: "-") + "." + suffix + ".png"
        do {
            try OutputFile.makeFolder(for: path)
            try ImageFile.writePNG(image, to: path)
            return path
        } catch {
            return nil
        }
    }
}
