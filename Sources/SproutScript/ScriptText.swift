/// A script written back as text after `Explorer` shrank it: the original file's lines, less the
/// blocks of the steps it dropped, with `seed:`, `jitter:` and `faults:` written at the top, so
/// comments, objects and paths stay as the author wrote them. Only a YAML block list of steps
/// (`steps:` then `  - step` lines) can be edited so; for any other form this gives nil.
public enum ScriptText {
    /// `original` (the text `script` was parsed from, every step kept) edited to hold only the
    /// steps of `shrunk` (some of `script`'s, by line) and `shrunk`'s seed, jitter and faults;
    /// `header` becomes a comment at the top.
    public static func edit(_ original: String, from script: Script, to shrunk: Script, header: String) -> String? {
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let stepsLine = lines.firstIndex(where: { $0.hasPrefix("steps:") && $0.dropFirst(6).allSatisfy { $0 == " " } }) else { return nil }
        // Each step's block: from its line to the next step's, the last to the next line in column 0.
        let starts = script.steps.map { $0.line - 1 }
        guard starts.allSatisfy({ $0 > stepsLine && $0 < lines.count }), starts == starts.sorted(), Set(starts).count == starts.count else { return nil }
        var end = (starts.last ?? stepsLine) + 1
        while end < lines.count, lines[end].isEmpty || lines[end].hasPrefix(" ") || lines[end].hasPrefix("#") { end += 1 }
        let kept = Set(shrunk.steps.map(\.line))
        var drop = Set<Int>()
        for (i, start) in starts.enumerated() where !kept.contains(script.steps[i].line) {
            let stop = i + 1 < starts.count ? starts[i + 1] : end
            drop.formUnion(start..<stop)
        }
        // Top-level seed, jitter and faults go (each with its indented lines), then come back as `shrunk` has them.
        var i = 0
        while i < lines.count {
            if ["seed:", "jitter:", "faults:"].contains(where: { lines[i].hasPrefix($0) }) {
                drop.insert(i)
                var j = i + 1
                while j < lines.count, lines[j].hasPrefix(" ") || lines[j].hasPrefix("\t") { drop.insert(j); j += 1 }
                i = j
            } else {
                i += 1
            }
        }
        lines = lines.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
        var top = header.split(separator: "\n").map { "# " + $0 } + ["seed: \(shrunk.seed)"]
        if let j = shrunk.jitter {
            top.append(
                "jitter: { seed: \(j.seed), touch: \(JSONValue.format(Double(j.touch))), device: \(JSONValue.format(Double(j.device))), frame: \(JSONValue.format(j.frame)) }"
            )
        }
        if !shrunk.faults.isEmpty {
            top.append(
                "faults: ["
                    + shrunk.faults.map { "{ at: \(JSONValue.format($0.at)), for: \(JSONValue.format($0.duration)), kind: \($0.kind.rawValue) }" }.joined(
                        separator: ", ") + "]")
        }
        return (top + lines).joined(separator: "\n")
    }
}
