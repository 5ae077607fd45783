/// The 128 bits of a block, read from bit 0 (byte 0's lowest) up; a field's first bit is its lowest.
struct BlockBits {
    /// Bits 0...63 (bytes 0...7, little-endian).
    private let low: UInt64
    /// Bits 64...127 (bytes 8...15, little-endian).
    private let high: UInt64
    /// The next bit to read; reads past bit 127 give zeros.
    private var position = 0

    /// The 16 bytes at `block`, which the caller has checked lie inside its buffer.
    init(_ block: UnsafePointer<UInt8>) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in (0..<8).reversed() {
            low = low << 8 | UInt64(block[index])
            high = high << 8 | UInt64(block[8 + index])
        }
        self.low = low
        self.high = high
    }

    /// Moves past `count` bits.
    mutating func skip(_ count: Int) {
        position += count
    }

    /// The first `count` bits of the block as a number, wherever reading has got to.
    func leading(_ count: Int) -> Int {
        Int(truncatingIfNeeded: low) & ((1 << count) - 1)
    }

    /// The next `count` bits (0...57) as a number.
    mutating func read(_ count: Int) -> Int {
        let start = position
        position += count
        let bits: UInt64
        if start >= 128 {
            bits = 0
        } else if start >= 64 {
            bits = high >> UInt64(start - 64)
        } else if start == 0 {
            bits = low
        } else {
            bits = low >> UInt64(start) | high << UInt64(64 - start)
        }
        return Int(truncatingIfNeeded: bits) & ((1 << count) - 1)
    }
}
