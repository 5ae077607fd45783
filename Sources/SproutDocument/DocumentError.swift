/// A document that cannot be used, with the place and the reason: `file:line: field: message`.
public struct DocumentError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    /// 1-based; 0 when the place is the whole file.
    public let line: Int
    /// Dotted path of the field (`surfaces[2].size`); empty for the whole document.
    public let field: String
    public let message: String

    public init(file: String, line: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return field.isEmpty ? "\(place): \(message)" : "\(place): \(field): \(message)"
    }
}
