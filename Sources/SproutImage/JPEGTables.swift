/// A JPEG's Huffman tables, checked before stb_image decodes it (found by the `image` fuzz
/// target). The stb_image Debian 12 ships trusts them: a DC table's symbol above 15 (a
/// coefficient of more than 15 bits, which baseline and progressive JPEG never have) indexes
/// past its bit-mask table, and a scan naming a table no DHT segment defined decodes through
/// uninitialised memory; either can end in a segmentation fault. Later stb releases refuse the
/// first ("bad huffman code"); Sprout refuses both, by name, before stb sees them.
enum JPEGTables {
    /// Why the JPEG's tables cannot be decoded safely, or nil (also for bytes that are not a
    /// JPEG, or whose markers end early: stb then reports them).
    static func problem(_ bytes: [UInt8]) -> String? {
        // stb reads a marker as 0xFF, any more 0xFF fill bytes, then its code: the start too.
        guard bytes.count > 4, bytes[0] == 0xFF, let code = bytes.firstIndex(where: { $0 != 0xFF }), bytes[code] == 0xD8 else { return nil }
        var offset = code + 1
        var defined = Set<UInt8>()   // class (0 DC, 1 AC) << 4 | id, as DHT segments define them
        var progressive = false
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { offset += 1; continue }   // stb skips fill bytes likewise
            let marker = bytes[offset + 1]
            if marker == 0xFF || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 1; continue }
            if marker == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            let segment = bytes[(offset + 4)..<end]
            if marker == 0xC2 { progressive = true }
            if marker == 0xC4 {
                if let problem = huffmanProblem(segment) { return problem }
                defined.formUnion(tableKeys(segment))
            }
            if marker == 0xDA {
                if let problem = scanProblem(segment, defined: defined, progressive: progressive) { return problem }
                offset = entropyEnd(bytes, from: end)
                continue
            }
            offset = end
        }
        return nil
    }

    /// A scan header (SOS: component count, then each component's id and DC | AC table byte,
    /// then the spectral range and approximation) naming a table that is not defined, where stb
    /// decodes with it: baseline scans use both; progressive ones the DC table in a first DC
    /// scan (Ss 0, Ah 0), the AC table in an AC scan (Ss > 0).
    static func scanProblem(_ segment: ArraySlice<UInt8>, defined: Set<UInt8>, progressive: Bool) -> String? {
        guard let count = segment.first.map(Int.init), segment.count >= 1 + 2 * count + 3 else { return nil }
        let base = segment.startIndex
        let spectralStart = segment[base + 1 + 2 * count], successiveHigh = segment[base + 3 + 2 * count] >> 4
        for c in 0..<count {
            let tables = segment[base + 2 + 2 * c], dc = tables >> 4, ac = tables & 15
            guard dc <= 3 && ac <= 3 else { return nil }   // stb refuses these itself
            let usesDC = !progressive || (spectralStart == 0 && successiveHigh == 0)
            let usesAC = !progressive || spectralStart != 0
            if usesDC && !defined.contains(dc) { return "a scan uses DC Huffman table \(dc), which no DHT segment before it defines" }
            if usesAC && !defined.contains(1 << 4 | ac) { return "a scan uses AC Huffman table \(ac), which no DHT segment before it defines" }
        }
        return nil
    }

    /// Where a scan's entropy-coded data ends: the next marker that is neither a stuffed 0xFF 0x00
    /// nor a restart marker.
    static func entropyEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF, bytes[i + 1] != 0, !(0xD0...0xD7).contains(bytes[i + 1]), bytes[i + 1] != 0xFF { return i }
            i += 1
        }
        return bytes.count
    }

    /// The tables a DHT segment defines, as class << 4 | id.
    static func tableKeys(_ segment: ArraySlice<UInt8>) -> [UInt8] {
        var keys: [UInt8] = []
        var i = segment.startIndex
        while i + 17 <= segment.endIndex {
            keys.append(segment[i])   // class << 4 | id (stb refuses any other byte)
            i += 17 + segment[(i + 1)...(i + 16)].reduce(0) { $0 + Int($1) }
        }
        return keys
    }

    /// A DHT segment: tables of a class-and-id byte, 16 code counts and their symbols.
    static func huffmanProblem(_ segment: ArraySlice<UInt8>) -> String? {
        var i = segment.startIndex
        while i + 17 <= segment.endIndex {
            let tableClass = segment[i] >> 4
            let count = segment[(i + 1)...(i + 16)].reduce(0) { $0 + Int($1) }
            guard count <= 256, i + 17 + count <= segment.endIndex else { return "a Huffman table declares \(count) codes, more than it holds" }
            if tableClass == 0, let bad = segment[(i + 17)..<(i + 17 + count)].first(where: { $0 > 15 }) {
                return "a DC Huffman table has the symbol \(bad), past the 15 bits a coefficient may have"
            }
            i += 17 + count
        }
        return nil
    }
}
