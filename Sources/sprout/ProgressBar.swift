#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on standard error, only on a terminal and only once a run has taken
/// longer than a second; silent otherwise (pipes, CI logs).
final class ProgressBar {
    private let label: String
    private let isTerminal = isatty(2) != 0
    private var shown = false

    init(label: String) { self.label = label }

    func update(_ fraction: Double, elapsed: Double) {
        guard isTerminal, elapsed > 1 else { return }
        shown = true
        let width = 30, filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        writeError("\r[\(bar)] \(Int(fraction * 100))% \(label)")
    }

    func finish() { if shown { writeError("\n") } }
}

/// Writes to standard error (the `stderr` global is not usable from Swift 6 code).
func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func printError(_ line: String) { writeError(line + "\n") }
