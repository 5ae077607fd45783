/// A document that cannot be used, with the place and the reason: `file:line: field: message`.
public struct DocumentError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The document's path, as given.
    public let file: String
    /// 1-based; 0 when the place is the whole file.
    public let line: Int
    /// Dotted path of the field (`surfaces[2].size`); empty for the whole document.
    public let field: String
    /// The reason, cut to `maximumMessageLength` characters (with the full length noted).
    public let message: String

    /// Messages quote the bad value; past this many characters the quote is cut (a 1 MB value
    /// was echoed whole).
    public static let maximumMessageLength = 500

    /// An error at `line` and `field` of `file`; `field` is cut to 200 characters and `message`
    /// to `maximumMessageLength`.
    public init(file: String, line: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.field = String(field.prefix(200))
        self.message =
            message.count > Self.maximumMessageLength
            ? String(message.prefix(Self.maximumMessageLength)) + "... (\(message.utf8.count) bytes in all)" : message
    }

    /// `file:line: field: message`, without the line when it is 0 and the field when it is empty.
    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return field.isEmpty ? "\(place): \(message)" : "\(place): \(field): \(message)"
    }
}
