/// A canonical Huffman code (as in Deflate) over symbols 0..<count, built from code lengths.
struct BasisLZHuffman {
    /// How many codes have each length 0...16.
    private var lengthCounts = [Int](repeating: 0, count: 17)
    /// The symbols with a code, by code length and then by symbol.
    private var sortedSymbols: [Int] = []
    /// The number of symbols the table was sent with (symbols with no code included).
    let symbolCount: Int

    /// A table with no codes; decoding with it throws.
    init() { symbolCount = 0 }

    /// Builds the code from `lengths` (each 0...16); throws if the lengths over-subscribe the code space.
    init(lengths: [Int]) throws {
        symbolCount = lengths.count
        for length in lengths {
            guard (0...16).contains(length) else { throw ImageDataError(reason: "Huffman code length \(length)") }
            lengthCounts[length] += 1
        }
        lengthCounts[0] = 0
        var left = 1
        for length in 1...16 {
            left = left * 2 - lengthCounts[length]
            guard left >= 0 else { throw ImageDataError(reason: "over-subscribed Huffman code lengths") }
        }
        var offsets = [Int](repeating: 0, count: 17)
        for length in 1..<16 { offsets[length + 1] = offsets[length] + lengthCounts[length] }
        sortedSymbols = [Int](repeating: 0, count: offsets[16] + lengthCounts[16])
        for (symbol, length) in lengths.enumerated() where length > 0 {
            sortedSymbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    /// Decodes one symbol, reading the code a bit at a time.
    func decode(_ reader: inout BasisLZBitReader) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...16 {
            code |= try reader.bit()
            let count = lengthCounts[length]
            if code - first < count { return sortedSymbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw ImageDataError(reason: "invalid Huffman code")
    }

    /// The order in which the code length code's lengths are sent.
    private static let codeLengthOrder = [17, 18, 19, 20, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15, 16]

    /// Reads a compressed Huffman table (`read_huffman_table()` in the BasisLZ specification).
    static func read(_ reader: inout BasisLZBitReader) throws -> BasisLZHuffman {
        let total = try reader.bits(14)
        if total == 0 { return BasisLZHuffman() }
        let codeLengthCodes = try reader.bits(5)
        guard (1...21).contains(codeLengthCodes) else {
            throw ImageDataError(reason: "\(codeLengthCodes) code length codes in a Huffman table")
        }
        var codeLengthLengths = [Int](repeating: 0, count: 21)
        for i in 0..<codeLengthCodes { codeLengthLengths[codeLengthOrder[i]] = try reader.bits(3) }
        let lengthCode = try BasisLZHuffman(lengths: codeLengthLengths)
        var lengths = [Int](repeating: 0, count: total)
        var current = 0
        while current < total {
            let symbol = try lengthCode.decode(&reader)
            if symbol <= 16 {
                lengths[current] = symbol
                current += 1
                continue
            }
            let run: Int
            switch symbol {
            case 17: run = try reader.bits(3) + 3
            case 18: run = try reader.bits(7) + 11
            case 19: run = try reader.bits(2) + 3
            default: run = try reader.bits(7) + 7
            }
            guard current + run <= total else { throw ImageDataError(reason: "Huffman code lengths overrun the table") }
            if symbol >= 19 {
                guard current > 0, lengths[current - 1] > 0 else {
                    throw ImageDataError(reason: "Huffman code length repeat with nothing to repeat")
                }
                let previous = lengths[current - 1]
                for i in current..<(current + run) { lengths[i] = previous }
            }
            current += run
        }
        return try BasisLZHuffman(lengths: lengths)
    }
}
