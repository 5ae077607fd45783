/// The closest command name by edit distance, when it is close enough to be a typo
/// (`sprout rendr`: did you mean 'render'?).
public enum CommandSuggestion {
    /// The name in `names` nearest `word`, when at most max(2, a third of its length) edits away.
    public static func nearest(to word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        guard let (name, d) = scored, d <= max(2, name.count / 3) else { return nil }
        return name
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
