/// KHR_meshopt_compression's attribute stream (mode 0, the extension's Appendix A), versions 0
/// and 1, decoded here: Debian 12's meshoptimizer 0.18 reads version 0 only (EXT_meshopt_compression's,
/// which `MeshoptCodec` leaves to it); version 1 adds per-byte control modes and per-channel
/// delta modes. Every read is bounds-checked, so a hostile stream gets a reason, never a trap.
enum MeshoptAttributes {
    /// The stream's first byte: 0xa0 with the version in the low four bits.
    static let header: UInt8 = 0xa0

    /// `count` elements of `stride` bytes decoded from `stream` (`stride` a multiple of 4 up to 256).
    static func decode(_ stream: ArraySlice<UInt8>, count: Int, stride: Int) throws(MeshoptCodec.MeshoptError) -> [UInt8] {
        let data = Array(stream)
        guard stride > 0, stride % 4 == 0, stride <= 256, count >= 0 else {
            throw MeshoptCodec.MeshoptError("ATTRIBUTES need a byteStride that is a multiple of 4 up to 256, not \(stride)")
        }
        guard let first = data.first, first & 0xf0 == header, first & 0x0f <= 1 else {
            throw MeshoptCodec.MeshoptError("the stream does not begin with an attribute header (0xa0 or 0xa1)")
        }
        let version = Int(first & 0x0f)
        // The tail: the first element's baseline, then (version 1) a mode byte for each 4-byte channel,
        // padded before with zeros to at least 32 (version 0) or 24 (version 1) bytes.
        let tailSize = stride + (version == 0 ? 0 : stride / 4)
        let paddedTail = max(tailSize, version == 0 ? 32 : 24)
        guard data.count - 1 >= paddedTail else { throw MeshoptCodec.MeshoptError("the stream is shorter than its tail") }
        var previous = Array(data[(data.count - tailSize)..<(data.count - tailSize + stride)])
        let channelModes = version == 0 ? [UInt8](repeating: 0, count: stride / 4) : Array(data[(data.count - stride / 4)...])
        for mode in channelModes where mode & 3 == 3 || (mode & 3 < 2 && mode >> 4 != 0) {
            throw MeshoptCodec.MeshoptError("channel mode 0x\(String(mode, radix: 16)) is not one of the extension's")
        }
        var reader = Reader(data: data, position: 1)
        var output = [UInt8](repeating: 0, count: count * stride)
        let blockElements = min((8192 / stride) & ~15, 256)
        var start = 0
        while start < count {
            let elements = min(blockElements, count - start)
            try decodeBlock(
                &reader, into: &output, at: start, elements: elements, stride: stride, previous: &previous, channelModes: channelModes,
                version: version)
            start += elements
        }
        guard data.count - reader.position == paddedTail else {
            throw MeshoptCodec.MeshoptError("\(data.count - reader.position - paddedTail) bytes are left between the data and the tail")
        }
        return output
    }

    /// The stream read forward, each read checked against its end.
    private struct Reader {
        let data: [UInt8]
        var position: Int
        var remaining: Int { data.count - position }

        mutating func take(_ n: Int) throws(MeshoptCodec.MeshoptError) -> ArraySlice<UInt8> {
            guard n <= remaining else { throw MeshoptCodec.MeshoptError("the stream ends inside a block") }
            defer { position += n }
            return data[position..<(position + n)]
        }
    }

    /// One block of `elements` (at most 256): for each byte of the element its deltas, in groups
    /// of 16, then each 4-byte channel's deltas applied from `previous`, the element before.
    private static func decodeBlock(
        _ reader: inout Reader, into output: inout [UInt8], at start: Int, elements: Int, stride: Int, previous: inout [UInt8],
        channelModes: [UInt8], version: Int
    ) throws(MeshoptCodec.MeshoptError) {
        let aligned = (elements + 15) & ~15
        let controls = version == 0 ? [UInt8](repeating: 0, count: stride / 4) : Array(try reader.take(stride / 4))
        for channel in 0..<(stride / 4) {
            // The channel's four byte positions, each `aligned` deltas.
            var deltas = [[UInt8]](repeating: [], count: 4)
            for byte in 0..<4 {
                switch (controls[channel] >> (byte * 2)) & 3 {
                case 3: deltas[byte] = Array(try reader.take(elements)) + [UInt8](repeating: 0, count: aligned - elements)
                case 2: deltas[byte] = [UInt8](repeating: 0, count: aligned)
                case let control:
                    // Version 0's widths per header code; version 1's by the control mode.
                    let widths = version == 0 ? [0, 2, 4, 8] : (control == 0 ? [0, 1, 2, 4] : [1, 2, 4, 8])
                    deltas[byte] = try decodeBytes(&reader, count: aligned, widths: widths)
                }
            }
            let mode = channelModes[channel]
            let base = channel * 4
            switch mode & 3 {
            case 0:   // byte deltas, zigzag
                for byte in 0..<4 {
                    var value = previous[base + byte]
                    for i in 0..<elements {
                        let d = deltas[byte][i]
                        value &+= (d & 1) != 0 ? ~(d >> 1) : d >> 1
                        output[(start + i) * stride + base + byte] = value
                    }
                    previous[base + byte] = value
                }
            case 1:   // 2-byte deltas, zigzag, little-endian
                for half in 0..<2 {
                    let at = base + half * 2
                    var value = UInt16(previous[at]) | UInt16(previous[at + 1]) << 8
                    for i in 0..<elements {
                        let d = UInt16(deltas[half * 2][i]) | UInt16(deltas[half * 2 + 1][i]) << 8
                        value &+= (d & 1) != 0 ? ~(d >> 1) : d >> 1
                        output[(start + i) * stride + at] = UInt8(truncatingIfNeeded: value)
                        output[(start + i) * stride + at + 1] = UInt8(truncatingIfNeeded: value >> 8)
                    }
                    previous[at] = UInt8(truncatingIfNeeded: value)
                    previous[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
                }
            default:   // 4-byte XOR deltas, rotated by the high four bits
                let rotation = UInt32((32 - Int(mode >> 4)) & 31)
                var value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(previous[base + $1]) << (8 * $1) }
                for i in 0..<elements {
                    let d = (0..<4).reduce(UInt32(0)) { $0 | UInt32(deltas[$1][i]) << (8 * $1) }
                    value ^= (d << rotation) | (d >> ((32 - rotation) & 31))
                    for byte in 0..<4 { output[(start + i) * stride + base + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
                }
                for byte in 0..<4 { previous[base + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
            }
        }
    }

    /// `count` (a multiple of 16) byte deltas: two header bits for each group of 16 choosing its
    /// width among `widths`, then each group's packed deltas, a delta of all ones (the sentinel)
    /// standing for the full byte that follows the group.
    private static func decodeBytes(_ reader: inout Reader, count: Int, widths: [Int]) throws(MeshoptCodec.MeshoptError) -> [UInt8] {
        let groups = count / 16
        let headerBytes = Array(try reader.take((groups + 3) / 4))
        var out = [UInt8](repeating: 0, count: count)
        for group in 0..<groups {
            // The reference decoder reads whole groups ahead: a group needs 24 bytes left (the tail's padding).
            guard reader.remaining >= 24 else { throw MeshoptCodec.MeshoptError("the stream ends inside a block") }
            let width = widths[Int((headerBytes[group / 4] >> ((group % 4) * 2)) & 3)]
            let o = group * 16
            switch width {
            case 0: break
            case 8: for (i, b) in try reader.take(16).enumerated() { out[o + i] = b }
            default:
                let packed = Array(try reader.take(2 * width))
                let sentinel = UInt8((1 << width) - 1)
                for i in 0..<16 {
                    let bit = i * width
                    let byte = packed[bit / 8]
                    // 1-bit deltas from the least significant bit; 2- and 4-bit from the most.
                    let code = width == 1 ? (byte >> (bit % 8)) & 1 : (byte >> (8 - width - bit % 8)) & sentinel
                    out[o + i] = code == sentinel ? try reader.take(1).first! : code
                }
            }
        }
        return out
    }
}
