/// One value of a parsed YAML or JSON document that remembers where it was written, so every
/// reader error names the file, the line and the field.
public struct DocumentValue: Sendable {
    /// What a value holds: a scalar, a list or a mapping (keys in file order).
    public enum Content: Sendable {
        case null
        /// The text as written; `isPlain` is false for quoted strings ("7" is text, 7 a number).
        case scalar(String, isPlain: Bool)
        case sequence([DocumentValue])
        case mapping([(key: String, value: DocumentValue)])
    }

    /// What the value holds.
    public let content: Content
    /// The file the value was read from, as messages name it.
    public let file: String
    /// The 1-based line the value starts on (0 when unknown).
    public let line: Int
    /// Dotted path from the document root (`steps[3].pan.from`).
    public let field: String

    /// A value with its place in the document (for documents built in code and tests).
    public init(content: Content, file: String, line: Int, field: String) {
        self.content = content
        self.file = file
        self.line = line
        self.field = field
    }

    /// An error at this value.
    public func error(_ message: String) -> DocumentError {
        DocumentError(file: file, line: line, field: field, message: message)
    }

    /// What the value is, for messages ("a list", "the text 'abc'").
    public var summary: String {
        switch content {
        case .null: return "nothing"
        // A whole document that is one text (a secrets file named as a stage) is never quoted;
        // a value inside one is, escaped and cut to 80 characters.
        case .scalar(let s, _): return field.isEmpty ? "text (\(s.utf8.count) bytes)" : "'\(Document.excerpt(s))'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// True for an explicit or empty null (`~`, `null`, nothing after the colon).
    public var isNull: Bool { if case .null = content { return true } else { return false } }

    /// The field path of `key` inside `field` (`camera.position`).
    public static func child(_ field: String, key: String) -> String { field.isEmpty ? key : field + "." + key }
    static func element(_ field: String, index: Int) -> String { "\(field)[\(index)]" }
}
