/// SplitMix64: a small, fast generator whose sequence is fixed by its seed, so generated
/// content and simulated noise are the same run after run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    public mutating func float(in range: ClosedRange<Float>) -> Float {
        Float.random(in: range, using: &self)
    }
}

/// FNV-1a (64 bits) of a string's UTF-8: a hash fixed across runs and machines (Swift's
/// `Hasher` is seeded per process), for names and patterns derived from text.
public func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf29ce484222325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
    return hash
}
