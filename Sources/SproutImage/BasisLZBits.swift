/// Reads a BasisLZ bit stream: bits are taken from each byte least significant first, and a
/// multi-bit value has its first bit in its least significant place. Reading past the end throws.
struct BasisLZBitReader {
    private let bytes: [UInt8]
    private let end: Int
    private var bitPosition: Int
    private let what: String

    /// Reads `bytes[start..<start + count]`, which the caller has checked lie inside `bytes`.
    init(_ bytes: [UInt8], start: Int, count: Int, what: String) {
        self.bytes = bytes
        self.end = start + count
        self.bitPosition = start * 8
        self.what = what
    }

    /// The next bit (0 or 1).
    mutating func bit() throws -> Int {
        let byteIndex = bitPosition >> 3
        guard byteIndex < end, byteIndex >= 0 else { throw ImageDataError(reason: "\(what) ends too soon") }
        let value = Int(bytes[byteIndex] >> UInt8(bitPosition & 7)) & 1
        bitPosition += 1
        return value
    }

    /// The next `count` bits (at most 32) as a number.
    mutating func bits(_ count: Int) throws -> Int {
        var value = 0
        for shift in 0..<count { value |= try bit() << shift }
        return value
    }

    /// A variable-length number sent in chunks of `chunkBits` bits whose top bit says another follows.
    mutating func vlc(chunkBits: Int) throws -> Int {
        let payload = chunkBits - 1
        var value = 0
        var shift = 0
        while shift < 32 {
            let chunk = try bits(chunkBits)
            value |= (chunk & ((1 << payload) - 1)) << shift
            shift += payload
            if chunk >> payload == 0 { break }
        }
        return value
    }
}
