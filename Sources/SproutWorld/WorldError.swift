#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request the world cannot carry out (an object or a clip that is not there), in words.
public struct WorldError: Error, CustomStringConvertible, LocalizedError {
    /// The failure in words, as shown to the user.
    public let description: String
    /// The same words as `description`.
    public var errorDescription: String? { description }
    /// A failure described by `description`.
    public init(_ description: String) { self.description = description }
}
