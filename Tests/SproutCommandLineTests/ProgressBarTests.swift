import SproutCommandLine
import Testing

/// Progress off a terminal: silent for five seconds, then a line every five.
@Suite struct ProgressLineTests {
    @Test func offATerminalALineEveryFiveSecondsAfterTheFirstFive() {
        #expect(
            ProgressBar.line(label: "playing tour.yaml", fraction: 0.45, elapsed: 12.7, detail: "frame 120 of 300")
                == "playing tour.yaml: 45% (frame 120 of 300), 12 s")
        #expect(ProgressBar.line(label: "rendering x", fraction: 1, elapsed: 5, detail: "") == "rendering x: 100%, 5 s")
    }
}
