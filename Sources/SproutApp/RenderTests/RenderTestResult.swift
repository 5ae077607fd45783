import SproutGolden
/// What one render-test case came to: its pictures' outcomes and anything else that failed.
public struct RenderTestResult: Sendable, Codable, Equatable {
    /// The case's verdict.
    public enum Status: String, Sendable, Codable {
        case passed
        /// A picture differs, an expectation failed, or the case could not run.
        case failed
        /// Every picture matched or was new: new goldens were written (a failure unless updating).
        case new
        /// `--update` rewrote its goldens.
        case updated
    }

    /// The case.
    public var test: RenderTestCase
    /// The verdict, from the outcomes and problems.
    public var status: Status
    /// Each picture's comparison with its golden, in order.
    public var outcomes: [GoldenOutcome]
    /// Errors and failed expectations, one line each.
    public var problems: [String]
    /// How long the case took, wall-clock seconds.
    public var seconds: Double

    /// A result whose `status` follows from `outcomes` and `problems`.
    public init(test: RenderTestCase, outcomes: [GoldenOutcome], problems: [String], seconds: Double) {
        self.test = test
        self.outcomes = outcomes
        self.problems = problems
        self.seconds = seconds
        if !problems.isEmpty || outcomes.contains(where: { $0.status == .failed }) {
            status = .failed
        } else if outcomes.contains(where: { $0.status == .new }) {
            status = .new
        } else if outcomes.contains(where: { $0.status == .updated }) {
            status = .updated
        } else {
            status = .passed
        }
    }

    /// One line for the console: status, name, time and, for a failure, what went wrong first.
    public var line: String {
        let time = (seconds * 100).rounded() / 100
        var text = "\(status.rawValue.uppercased() + String(repeating: " ", count: max(0, 7 - status.rawValue.count))) \(Self.printable(test.name)) (\(time) s)"
        switch status {
        case .passed:
            break
        case .updated:
            text += ": rewrote " + Self.printable(outcomes.filter { $0.status == .updated }.map(\.golden).joined(separator: ", "))
        case .new:
            text += ": no golden; wrote " + Self.printable(outcomes.filter { $0.status == .new }.map(\.golden).joined(separator: ", "))
        case .failed:
            let first =
                problems.first ?? outcomes.first { $0.status == .failed }.map { "\($0.name): \($0.summary)" + ($0.diff.map { "; diff \($0)" } ?? "") } ?? ""
            text += ": " + Self.printable(first)
            let more = problems.count + outcomes.filter { $0.status == .failed }.count - 1
            if more > 0 { text += " (and \(more) more)" }
        }
        for warning in outcomes.compactMap({ o in o.warning.map { "\(o.name): \($0)" } }) { text += "\n  warning: " + Self.printable(warning) }
        return text
    }

    /// `text` with control characters escaped (`\u{1b}`): a case named by a pull request must not
    /// move the terminal's cursor, colour it, or forge a line of the report.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
