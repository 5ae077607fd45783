/// A document that cannot be used, with the place and the reason: `file:line: field: message`.
public struct DocumentError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    /// 1-based; 0 when the place is the whole file.
    public let line: Int
    /// Dotted path of the field (`surfaces[2].size`); empty for the whole document.
    public let field: String
    public let message: String

    /// Messages quote the bad value; past this many characters the quote is cut (a 1 MB value
    /// was echoed whole).
    public static let maximumMessageLength = 500

    public init(file: String, line: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.field = String(field.prefix(200))
        self.message = message.count > Self.maximumMessageLength
            ? String(message.prefix(Self.maximumMessageLength)) + "... (\(message.utf8.count) bytes in all)" : message
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return field.isEmpty ? "\(place): \(message)" : "\(place): \(field): \(message)"
    }
}
