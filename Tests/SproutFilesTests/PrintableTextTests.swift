import SproutFiles
import Testing

/// Text from someone else's file, made safe to print.
@Suite struct PrintableTextTests {
    /// C0, DEL and C1 controls are written as escapes; everything else, accents included, stays.
    @Test func controlCharactersAreEscaped() {
        #expect(PrintableText.escaped("a\u{1b}[2Jb\nc\u{7f}\u{9b}é") == "a\\u{1b}[2Jb\\u{a}c\\u{7f}\\u{9b}é")
        #expect(PrintableText.escaped("abcdef", limit: 3) == "abc...")
    }

    /// A command's error message keeps its lines and tabs, and nothing else that steers a terminal.
    @Test func messagesKeepTheirLines() {
        #expect(PrintableText.escapedKeepingLines("Error: 'x\u{1b}[31m'\n\tUsage: y\r") == "Error: 'x\\u{1b}[31m'\n\tUsage: y\\u{d}")
    }
}
