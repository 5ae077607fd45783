import ArgumentParser

/// `K/N`: shard K of N, 1-based.
public struct ShardArgument: ExpressibleByArgument {
    /// K, from 1.
    public let index: Int
    /// N, at least 1 and at most 10,000.
    public let count: Int

    /// `2/4`; nil unless 1 <= K <= N.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, (1...n).contains(k) else { return nil }
        index = k
        count = n
    }

    /// Nothing to complete.
    public static var defaultCompletionKind: CompletionKind { .default }
}
