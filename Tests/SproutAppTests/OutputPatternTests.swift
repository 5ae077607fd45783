import SproutApp
import Testing

@Suite struct OutputPatternTests {
    @Test func outputPatternsNumberFrames() {
        #expect(OutputPattern(template: "frame-%03d.png").path(frame: 7) == "frame-007.png")
        #expect(OutputPattern(template: "f%d.png").path(frame: 12) == "f12.png")
        #expect(!OutputPattern(template: "plain.png").isPattern)
        #expect(OutputPattern(template: "plain.png").path(frame: 3) == "plain.png")
    }
}
