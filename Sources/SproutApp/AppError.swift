/// A failure of the app layer (a file that cannot be written, a missing asset), in words.
public struct AppError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
