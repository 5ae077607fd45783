#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a download failed, in words for the user ("the server answered 404").
public struct FetchFailure: Error, CustomStringConvertible, Sendable {
    /// The reason, in words for the user.
    public var description: String
    /// A failure that says `description`.
    public init(_ description: String) { self.description = description }
}

/// Downloads one `http:` or `https:` URL for `CachingLoader`. The network lives behind this
/// protocol so the Seed Shop core imports no C-backed networking; SproutNetwork's
/// `CurlFetcher` is the implementation, and tests can pass their own.
public protocol HTTPFetcher: Sendable {
    /// Starts the download and returns at once. `progress` hears fractions below 1 while bytes
    /// arrive; `completion` is called exactly once, with the whole body or the reason it failed
    /// (an error status, a connection failure, a body shorter than announced).
    func fetch(
        _ url: URL, progress: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable (Result<Data, FetchFailure>) -> Void)
}
