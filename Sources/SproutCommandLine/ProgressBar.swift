#if canImport(Glibc)
import Glibc
#endif

/// Progress on standard error once a run has taken a while: on a terminal, a one-line bar
/// redrawn in place after the first second; elsewhere (pipes, CI logs), a plain line every
/// `lineInterval` seconds after the first five, so a long run is never silent.
public final class ProgressBar {
    private let label: String
    private let isTerminal: Bool
    private var shown = false
    /// Off a terminal: seconds between lines, and when the next is due.
    public let lineInterval: Double
    private var nextLine: Double

    /// A bar for `label` (`rendering x.glb`), drawn on standard error when it is a terminal.
    public init(label: String, isTerminal: Bool = isatty(2) != 0, lineInterval: Double = 5) {
        self.label = label
        self.isTerminal = isTerminal
        self.lineInterval = lineInterval
        nextLine = lineInterval
    }

    /// - Parameter detail: what has been done, e.g. "frame 120 of 300".
    public func update(_ fraction: Double, elapsed: Double, detail: String = "") {
        if !isTerminal {
            guard elapsed >= nextLine else { return }
            nextLine = elapsed + lineInterval
            StandardError.write(Self.line(label: label, fraction: fraction, elapsed: elapsed, detail: detail) + "\n")
            return
        }
        guard elapsed > 1 else { return }
        shown = true
        let width = 30, filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        StandardError.write("\r[\(bar)] \(Int(fraction * 100))% \(label)")
    }

    /// `playing tour.yaml: 45% (frame 120 of 300), 12 s`
    public static func line(label: String, fraction: Double, elapsed: Double, detail: String) -> String {
        "\(label): \(Int(fraction * 100))%" + (detail.isEmpty ? "" : " (\(detail))") + ", \(Int(elapsed)) s"
    }

    /// Ends the bar's line, if one was drawn.
    public func finish() { if shown { StandardError.write("\n") } }
}

/// Standard error, written without Foundation (the `stderr` global is not usable from Swift 6 code).
public enum StandardError {
    /// Writes `text` as it is.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Writes `line` and a newline.
    public static func print(_ line: String) { write(line + "\n") }
}
