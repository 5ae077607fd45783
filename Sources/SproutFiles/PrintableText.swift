/// Text from a file someone else wrote (a model's names, a document's values) made safe to
/// print: a control character (C0, DEL or C1: a terminal's escape sequences start with them)
/// is written as `\u{1b}`, so a message quoting it cannot move the cursor or recolour a console.
public enum PrintableText {
    /// `text` with its control characters escaped, cut to `limit` characters (then "...").
    public static func escaped(_ text: String, limit: Int = .max) -> String {
        escaped(text, limit: limit, keeping: [])
    }

    /// A message of several lines made safe to print: like `escaped`, but line breaks and tabs
    /// stay as they are (what a command prints as its error).
    public static func escapedKeepingLines(_ text: String) -> String {
        escaped(text, limit: .max, keeping: ["\n", "\t"])
    }

    private static func escaped(_ text: String, limit: Int, keeping: Set<Unicode.Scalar>) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { return result + "..." }
            let v = scalar.value
            let control = (v < 0x20 || (0x7F...0x9F).contains(v)) && !keeping.contains(scalar)
            result += control ? "\\u{\(String(v, radix: 16))}" : String(scalar)
            count += 1
        }
        return result
    }
}
