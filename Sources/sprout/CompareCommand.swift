import ArgumentParser
import SproutApp
import SproutImage
import SproutGolden

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a rendering with its golden image.",
        discussion: """
            A pixel fails when one of its channels differs by more than --max-delta; the images match when at most \
            --max-fraction of the pixels fail and the mean channel difference is at most --max-mean. Exit status: 0 \
            match, 1 differ (sizes that differ included), 2 an image cannot be read.
            """
    )

    @Argument(help: "The rendering (PNG).")
    var actual: String

    @Argument(help: "The golden image (PNG).")
    var golden: String

    @Option(help: "Write a diff image: the golden dimmed, failing pixels red, smaller differences yellow.")
    var diff: String?

    @Option(name: .customLong("max-delta"), help: "Largest per-channel difference (0-255) a pixel may have without failing.")
    var maxDelta = ImageTolerance.strict.maxChannelDelta

    @Option(name: .customLong("max-fraction"), help: "Fraction of pixels allowed to fail.")
    var maxFraction = ImageTolerance.strict.maxFailingFraction

    @Option(name: .customLong("max-mean"), help: "Largest mean per-channel difference (0-255).")
    var maxMean = ImageTolerance.strict.maxMeanDelta

    func validate() throws {
        guard (0...255).contains(maxDelta) else { throw ValidationError("--max-delta must lie in 0...255, got \(maxDelta)") }
        guard (0...1).contains(maxFraction) else { throw ValidationError("--max-fraction must lie in 0...1, got \(maxFraction)") }
        guard (0...255).contains(maxMean) else { throw ValidationError("--max-mean must lie in 0...255, got \(maxMean)") }
    }

    func run() throws {
        let tolerance = ImageTolerance(maxChannelDelta: maxDelta, maxFailingFraction: maxFraction, maxMeanDelta: maxMean)
        let result: ImageDiff
        do {
            result = try ImageComparison.compare(actualPath: actual, goldenPath: golden, tolerance: tolerance)
        } catch let failure as ImageComparison.Failure {
            printError("differ: \(failure)")
            throw ExitCode(1)
        } catch {
            printError("cannot compare: \(error)")
            throw ExitCode(2)
        }
        if let diff { try ImageFile.writePNG(result.visualization, to: diff) }
        print((result.passes ? "match: " : "differ: ") + result.summary + (diff.map { "; diff \($0)" } ?? ""))
        if !result.passes { throw ExitCode(1) }
    }
}
