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
        var text = "\(status.rawValue.uppercased() + String(repeating: " ", count: max(0, 7 - status.rawValue.count))) \(test.name) (\(time) s)"
        switch status {
        case .passed:
            break
        case .updated:
            text += ": rewrote " + outcomes.filter { $0.status == .updated }.map(\.golden).joined(separator: ", ")
        case .new:
            text += ": no golden; wrote " + outcomes.filter { $0.status == .new }.map(\.golden).joined(separator: ", ")
        case .failed:
            let first = problems.first ?? outcomes.first { $0.status == .failed }.map { "\($0.name): \($0.summary)" + ($0.diff.map { "; diff \($0)" } ?? "") } ?? ""
            text += ": " + first
            let more = problems.count + outcomes.filter { $0.status == .failed }.count - 1
            if more > 0 { text += " (and \(more) more)" }
        }
        for warning in outcomes.compactMap({ o in o.warning.map { "\(o.name): \($0)" } }) { text += "\n  warning: " + warning }
        return text
    }
}
