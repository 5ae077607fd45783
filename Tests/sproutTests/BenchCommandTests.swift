import Testing
@testable import sprout

@Suite struct BenchCommandTests {
    @Test func tooFewFramesAreRefused() {
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--frames", "10"]) }
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--runs", "0"]) }
    }

    /// The benchmark runs and finds planes (its figures are for BENCHMARKS.md, never asserted).
    @Test func aShortRunCompletes() throws {
        try BenchCommand.parse(["--stage", "tabletop", "--frames", "300", "--raycasts", "100", "--runs", "1"]).run()
    }
}
