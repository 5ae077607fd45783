#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `LocalizedError` for this module's errors, so that `error.localizedDescription` (what a
// program or a test runner prints) says what `"\(error)"` says instead of "The operation
// could not be completed".

extension ImageComparison.Failure: LocalizedError {
    /// The same words as `description`.
    public var errorDescription: String? { description }
}
