/// Render-test results as JUnit XML, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read: one `testsuite`, one `testcase` per case, a `failure` with its lines.
public enum JUnitReport {
    /// The JUnit XML for `results`, as one test suite named `suiteName`.
    public static func xml(_ results: [RenderTestResult], suiteName: String) -> String {
        let failures = results.filter { $0.status == .failed || $0.status == .new }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = ""
        for result in results {
            xml +=
                "    <testcase classname=\"\(escape(suiteName))\" name=\"\(escape(result.test.name))\" file=\"\(escape(result.test.path))\" time=\"\(seconds(result.seconds))\""
            switch result.status {
            case .passed, .updated:
                xml += "/>\n"
            case .failed, .new:
                let lines = result.problems + result.outcomes.filter(\.isFailure).map { "\($0.name): \($0.summary)" + ($0.diff.map { " (diff: \($0))" } ?? "") }
                let message = result.status == .new ? "no golden: wrote a new one" : (lines.first ?? "failed")
                xml +=
                    ">\n      <failure message=\"\(escape(message))\" type=\"\(result.status.rawValue)\">\(escape(lines.joined(separator: "\n")))</failure>\n    </testcase>\n"
            }
        }
        return document(suiteName: suiteName, tests: results.count, failures: failures, time: " time=\"\(seconds(total))\"", cases: xml)
    }

    /// The XML declaration, one `testsuites` holding one `testsuite` with its counts (and
    /// `time`, an attribute or nothing), and the suite's `cases`.
    static func document(suiteName: String, tests: Int, failures: Int, time: String, cases: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites tests=\"\(tests)\" failures=\"\(failures)\"\(time)>\n"
            + "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\"\(time)>\n"
            + cases
            + "  </testsuite>\n</testsuites>\n"
    }

    /// The JUnit XML for an exploration (`sprout explore`): one suite named `suiteName`, a
    /// test case per run (`run 0` as written, then the varied ones), each failing run with its
    /// first failure and the shrunk script that repeats it.
    public static func exploration(runs: Int, failures: [(run: Int, message: String, detail: String)], suiteName: String, file: String) -> String {
        var xml = ""
        let byRun = Dictionary(failures.map { ($0.run, $0) }, uniquingKeysWith: { first, _ in first })
        for run in 0..<runs {
            xml += "    <testcase classname=\"\(escape(suiteName))\" name=\"run \(run)\" file=\"\(escape(file))\""
            if let failure = byRun[run] {
                xml += ">\n      <failure message=\"\(escape(failure.message))\" type=\"failed\">\(escape(failure.detail))</failure>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return document(suiteName: suiteName, tests: runs, failures: failures.count, time: "", cases: xml)
    }

    static func seconds(_ s: Double) -> String {
        let ms = Int((s * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// XML text and attribute escaping; control characters other than tab and newline dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            // XML 1.0 allows neither C0 controls nor U+FFFE/U+FFFF: a CI reporter drops the whole
            // file over one; they are left out (surrogates cannot occur in a Swift string).
            case "\u{FFFE}", "\u{FFFF}": break
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
