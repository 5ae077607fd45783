extension Document {
    /// Keys that start with this (`x-note: ...`) are a writer's own: every reader skips them, so
    /// a file can carry notes or fields a later version may read without failing today.
    public static let extensionPrefix = "x-"

    /// The error text for an unknown key: the nearest known key when one is close, then the list.
    public static func unknownFieldMessage(_ key: String, allowed: [String]) -> String {
        let hint = nearest(key, in: allowed).map { "did you mean '\($0)'? " } ?? ""
        return "unknown field; \(hint)expected one of \(allowed.joined(separator: ", ")) (or an \(extensionPrefix) key of your own)"
    }

    /// The candidate closest to `word` by edit distance (letters compared case-insensitively),
    /// when it is close enough to be a typo: at most 2 edits, and fewer than the word has letters.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = editDistance(lowered, Array(candidate.lowercased()))
            if d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        guard let best, best.distance <= min(2, lowered.count - 1) else { return nil }
        return best.candidate
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit (`modles` -> `models`: 1).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
