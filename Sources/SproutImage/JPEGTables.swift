/// A JPEG's Huffman tables, checked before stb_image decodes it (found by the `image` fuzz
/// target). The stb_image Debian 12 ships trusts a DC table's symbols: a symbol above 15 (a
/// coefficient of more than 15 bits, which baseline and progressive JPEG never have) indexes
/// past its bit-mask table and the decode ends in a segmentation fault. Later stb releases
/// refuse such a file ("bad huffman code"); so does Sprout, by name, before stb sees it.
enum JPEGTables {
    /// Why the JPEG's tables cannot be decoded safely, or nil (also for bytes that are not a
    /// JPEG, or whose markers end before a scan: stb then reports them).
    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { offset += 1; continue }   // stb skips fill bytes likewise
            let marker = bytes[offset + 1]
            if marker == 0xFF || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 1; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }   // the end, or the first scan: tables before it are read
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xC4, let problem = huffmanProblem(bytes[(offset + 4)..<end]) { return problem }
            offset = end
        }
        return nil
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
