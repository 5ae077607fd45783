/// A failure of the app layer (a file that cannot be written, a missing asset), in words.
public struct AppError: Error, CustomStringConvertible {
    /// The failure in words, as shown to the user.
    public let description: String
    /// A failure described by `description`.
    public init(_ description: String) { self.description = description }
}
