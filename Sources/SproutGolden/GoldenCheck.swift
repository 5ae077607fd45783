import SproutFiles
import SproutImage
import SproutScene
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What became of one picture checked against its golden.
public struct GoldenOutcome: Codable, Sendable, Equatable {
    /// Whether the picture matched, differed, was new or was rewritten.
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

    /// What became of the picture.
    public var status: Status
    /// A name for reports (`case`, `case/snapshot`).
    public var name: String
    /// The golden PNG's path.
    public var golden: String
    /// The rendering, written on failure.
    public var actual: String?
    /// The diff picture (failing pixels red, smaller differences yellow), written on failure.
    public var diff: String?
    /// The comparison's figures, in words (or why there was none).
    public var summary: String
    /// The fraction of pixels beyond the tolerance, when compared.
    public var failingFraction: Double?
    /// The largest channel difference (0...255), when compared.
    public var maxDelta: Int?
    /// The mean channel difference (0...255), when compared.
    public var meanDelta: Double?
    /// The tolerance the picture was compared with.
    public var tolerance: ImageTolerance
    /// Why the tolerance is not the default, when it is not.
    public var toleranceReason: String?
    /// Something suspicious about a new golden (one flat colour), reported beside its status.
    public var warning: String?

    /// Counts as a failure of the run (anything but passed or updated).
    public var isFailure: Bool { status == .failed || status == .new }
}

/// Checks pictures against golden PNGs the way `sprout test` and `expect: { image: }` do:
/// compare with a tolerance, write the rendering and a diff picture into `resultsFolder` on
/// failure, write a missing golden (reported as new), or rewrite every golden when updating.
/// A picture of one flat colour (a camera outside the room, a model that drew nothing) is
/// written as a new golden with a warning, and `updating` refuses it unless `allowsBlank`.
public struct GoldenCheck: Sendable {
    /// Rewrite every golden from this run's pictures instead of comparing.
    public var updating: Bool
    /// Where `NAME.actual.png` and `NAME.diff.png` go (created when needed; an outcome named
    /// `case/snapshot` writes `case/snapshot.actual.png`); nil writes none.
    public var resultsFolder: String?
    /// Let `updating` write a golden of one flat colour.
    public var allowsBlank: Bool
    /// The folder every golden must lie in (a render test's or a script's folder: someone
    /// else's pull request may have written it): a golden outside it, one that is a symbolic
    /// link or not a regular file, or one under a linked folder is a failure naming it, and
    /// nothing is read or written there. nil: any path (a caller's own).
    public var confinedTo: String?

    /// A check that compares (or, `updating`, rewrites) and leaves failures' pictures in `resultsFolder`.
    public init(updating: Bool = false, resultsFolder: String? = nil, allowsBlank: Bool = false) {
        self.updating = updating
        self.resultsFolder = resultsFolder
        self.allowsBlank = allowsBlank
    }

    /// Checks `image` against the PNG at `golden`: passed or failed with the comparison's figures,
    /// or, when there is no golden, new (written now unless `writingNew` is false: a caller that
    /// writes it only if the rest of its case passes calls `writeNewGolden` later).
    /// - Parameters:
    ///   - name: names the outcome and the result files.
    public func check(
        _ image: Image, golden: String, tolerance: ImageTolerance = .strict, reason: String? = nil, name: String,
        writingNew: Bool = true
    ) -> GoldenOutcome {
        var outcome = GoldenOutcome(status: .passed, name: name, golden: golden, summary: "", tolerance: tolerance, toleranceReason: reason)
        if let problem = confinementProblem(golden) {
            outcome.status = .failed
            outcome.summary = problem
            return outcome
        }
        let exists = FileManager.default.fileExists(atPath: golden)
        if updating || !exists {
            let blank = Self.flatColour(of: image)
            if updating, let blank, !allowsBlank {
                outcome.status = .failed
                outcome.summary = "the rendering is one flat colour (\(blank)): not written as the golden; --allow-blank writes it"
                outcome.actual = write(image, name: name, suffix: "actual")
                return outcome
            }
            if let blank { outcome.warning = "the rendering is one flat colour (\(blank)): is the camera outside the room, or did nothing draw?" }
            outcome.status = exists ? .updated : .new
            outcome.summary =
                exists ? "golden rewritten" : "no golden: \(writingNew ? "wrote" : "will write") this rendering as \(golden); look at it and commit it"
            return writingNew ? writeNewGolden(image, for: outcome) : outcome
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

    /// Why `golden` may not be read or written under `confinedTo`, or nil: outside the folder
    /// (lexically), a symbolic link anywhere from the folder down to it (a linked `goldens/`,
    /// a golden that links elsewhere, dangling or not), or a golden that is not a regular file
    /// (a FIFO would block `--update`).
    public func confinementProblem(_ golden: String) -> String? {
        guard let root = confinedTo else { return nil }
        func normalized(_ path: String) -> [Substring] {
            var parts: [Substring] = []
            for part in path.split(separator: "/") where part != "." {
                if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
            }
            return parts
        }
        let rootParts = normalized(root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root)
        let goldenParts = normalized(golden.hasPrefix("/") ? golden : FileManager.default.currentDirectoryPath + "/" + golden)
        guard goldenParts.count > rootParts.count, Array(goldenParts.prefix(rootParts.count)) == rootParts else {
            return "the golden \(golden) lies outside \(root): goldens stay inside the test's folder"
        }
        var path = "/" + rootParts.joined(separator: "/")
        for (i, part) in goldenParts.dropFirst(rootParts.count).enumerated() {
            path += "/" + part
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }   // the rest does not exist yet: a new golden
            if (info.st_mode & S_IFMT) == S_IFLNK { return "\(path) is a symbolic link: refused (goldens stay inside the test's folder)" }
            let isLast = i == goldenParts.count - rootParts.count - 1
            if isLast, (info.st_mode & S_IFMT) != S_IFREG { return "the golden \(golden) is not a regular file: refused" }
        }
        return nil
    }

    /// Writes `image` as the golden of a new or updated `outcome`; a golden that cannot be
    /// written turns the outcome into a failure saying why.
    public func writeNewGolden(_ image: Image, for outcome: GoldenOutcome) -> GoldenOutcome {
        var outcome = outcome
        do {
            try OutputFile.makeFolder(for: outcome.golden)
            try ImageFile.writePNG(image, to: outcome.golden, compressionLevel: 9)
            if outcome.status == .new { outcome.summary = "no golden: wrote this rendering as \(outcome.golden); look at it and commit it" }
        } catch {
            outcome.status = .failed
            outcome.summary = "cannot write the golden: \(error)"
        }
        return outcome
    }

    /// The colour of an image whose every pixel is the same (`rgba(r, g, b, a)`), else nil.
    public static func flatColour(of image: Image) -> String? {
        let pixels = image.pixels
        guard pixels.count >= 4 else { return nil }
        let first = (pixels[0], pixels[1], pixels[2], pixels[3])
        var i = 4
        while i + 3 < pixels.count {
            if (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) != first { return nil }
            i += 4
        }
        return "rgba(\(first.0), \(first.1), \(first.2), \(first.3))"
    }

    /// Where an outcome named `name` leaves its `suffix` picture (`actual`, `diff`).
    public func resultPath(name: String, suffix: String) -> String? {
        resultsFolder.map { $0 + "/" + name + "." + suffix + ".png" }
    }

    private func write(_ image: Image, name: String, suffix: String) -> String? {
        guard let path = resultPath(name: name, suffix: suffix) else { return nil }
        do {
            try OutputFile.makeFolder(for: path)
            try ImageFile.writePNG(image, to: path)
            return path
        } catch {
            return nil
        }
    }

    /// Removes the pictures an earlier run left for the case `name` (`name.actual.png`,
    /// `name.diff.png`, and those in `name/`), so the results folder shows this run only. Only
    /// files named as Sprout names them are removed; a folder is removed only once empty.
    public func clearResults(ofCase name: String) {
        guard let resultsFolder, !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return }
        let manager = FileManager.default
        for suffix in ["actual", "diff"] { try? manager.removeItem(atPath: resultsFolder + "/" + name + "." + suffix + ".png") }
        let folder = resultsFolder + "/" + name
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where Self.isResultPicture(entry) { try? manager.removeItem(atPath: folder + "/" + entry) }
        if (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true { try? manager.removeItem(atPath: folder) }
    }

    /// Whether a file name is one `GoldenCheck` writes into a results folder.
    public static func isResultPicture(_ fileName: String) -> Bool {
        fileName.hasSuffix(".actual.png") || fileName.hasSuffix(".diff.png")
    }
}
