import SproutCommandLine
import SproutMath
import Testing

/// The option values Sprout's commands share, parsed as a user types them.
@Suite struct ArgumentTests {
    @Test func vectorsNeedThreeFiniteNumbers() {
        #expect(VectorArgument(argument: "0.8, 0.9,1.2")?.value == [0.8, 0.9, 1.2])
        #expect(VectorArgument(argument: "1,2") == nil)
        #expect(VectorArgument(argument: "1,nan,2") == nil)
        #expect(VectorArgument(argument: "1,,2") == nil)
    }

    @Test func sizesAreWidthByHeightInRange() {
        #expect(SizeArgument(argument: "1280x720").map { [$0.width, $0.height] } == [1280, 720])
        #expect(SizeArgument(argument: "0x720") == nil)
        #expect(SizeArgument(argument: "-5x5") == nil)
        #expect(SizeArgument(argument: "99999x10") == nil)
    }

    @Test func shardsAreKOfNFromOne() {
        #expect(ShardArgument(argument: "2/4").map { [$0.index, $0.count] } == [2, 4])
        #expect(ShardArgument(argument: "0/4") == nil)
        #expect(ShardArgument(argument: "5/4") == nil)
    }

    @Test func aTypoSuggestsTheNearestCommand() {
        #expect(CommandSuggestion.nearest(to: "rendr", among: ["render", "preview"]) == "render")
        #expect(CommandSuggestion.nearest(to: "zzzzzzzz", among: ["render", "preview"]) == nil)
        #expect(CommandSuggestion.distance("kitten", "sitting") == 3)
    }
}
