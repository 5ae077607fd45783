/// Little-endian fields of a container's header (KTX 2.0, DDS), read from untrusted bytes: a field
/// that does not lie wholly inside reads as 0, so a cut-off file fails the checks that follow
/// rather than trapping.
extension [UInt8] {
    /// The unsigned 16-bit field at byte `at`, or 0.
    func littleEndian16(at: Int) -> Int {
        guard at >= 0, at <= count - 2 else { return 0 }
        return Int(self[at]) | Int(self[at + 1]) << 8
    }

    /// The unsigned 32-bit field at byte `at`, or 0.
    func littleEndian32(at: Int) -> Int {
        guard at >= 0, at <= count - 4 else { return 0 }
        return Int(self[at]) | Int(self[at + 1]) << 8 | Int(self[at + 2]) << 16 | Int(self[at + 3]) << 24
    }
}
