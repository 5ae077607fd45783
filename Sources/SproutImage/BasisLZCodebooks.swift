/// The global data of a BasisLZ texture: endpoint and selector codebooks and the four Huffman
/// tables every slice is coded with.
struct BasisLZCodebooks {
    var endpoints: [ETC1SEndpoint] = []
    var selectors: [ETC1SSelector] = []
    var endpointPredModel = BasisLZHuffman()
    var endpointDeltaModel = BasisLZHuffman()
    var selectorModel = BasisLZHuffman()
    var selectorHistoryRunModel = BasisLZHuffman()
    var selectorHistorySize = 0

    /// Decodes the codebooks from the byte ranges the global data header gives, each already checked
    /// to lie inside `bytes`.
    init(
        _ bytes: [UInt8], endpointCount: Int, endpointsAt: Range<Int>, selectorCount: Int,
        selectorsAt: Range<Int>, tablesAt: Range<Int>
    ) throws {
        guard endpointCount > 0, selectorCount > 0 else {
            throw ImageDataError(reason: "BasisLZ global data with \(endpointCount) endpoints and \(selectorCount) selectors")
        }
        try readEndpoints(bytes, count: endpointCount, at: endpointsAt)
        try readSelectors(bytes, count: selectorCount, at: selectorsAt)
        var reader = BasisLZBitReader(bytes, start: tablesAt.lowerBound, count: tablesAt.count, what: "BasisLZ slice tables")
        endpointPredModel = try BasisLZHuffman.read(&reader)
        endpointDeltaModel = try BasisLZHuffman.read(&reader)
        selectorModel = try BasisLZHuffman.read(&reader)
        selectorHistoryRunModel = try BasisLZHuffman.read(&reader)
        selectorHistorySize = try reader.bits(13)
    }

    private mutating func readEndpoints(_ bytes: [UInt8], count: Int, at range: Range<Int>) throws {
        var reader = BasisLZBitReader(bytes, start: range.lowerBound, count: range.count, what: "BasisLZ endpoint codebook")
        let colorModels = [
            try BasisLZHuffman.read(&reader), try BasisLZHuffman.read(&reader), try BasisLZHuffman.read(&reader)
        ]
        let intensityModel = try BasisLZHuffman.read(&reader)
        let grayscale = try reader.bit() == 1
        // Each endpoint takes at least one bit per coded value; refuse counts the bytes cannot hold.
        guard count <= range.count * 8 else { throw ImageDataError(reason: "\(count) endpoints in \(range.count) bytes") }
        var previous = [16, 16, 16]
        var previousIntensity = 0
        endpoints.reserveCapacity(count)
        for _ in 0..<count {
            previousIntensity = (previousIntensity + (try intensityModel.decode(&reader))) & 7
            for channel in 0..<(grayscale ? 1 : 3) {
                let p = previous[channel]
                let model = colorModels[p <= 9 ? 0 : (p <= 21 ? 1 : 2)]
                previous[channel] = (p + (try model.decode(&reader))) & 31
            }
            if grayscale {
                previous[1] = previous[0]
                previous[2] = previous[0]
            }
            endpoints.append(
                ETC1SEndpoint(
                    red: UInt8(previous[0]), green: UInt8(previous[1]), blue: UInt8(previous[2]),
                    intensity: UInt8(previousIntensity)))
        }
    }

    private mutating func readSelectors(_ bytes: [UInt8], count: Int, at range: Range<Int>) throws {
        var reader = BasisLZBitReader(bytes, start: range.lowerBound, count: range.count, what: "BasisLZ selector codebook")
        guard try reader.bits(2) == 0 else { throw ImageDataError(reason: "BasisLZ selector codebook with reserved bits set") }
        let raw = try reader.bit() == 1
        guard count <= range.count * 8 else { throw ImageDataError(reason: "\(count) selectors in \(range.count) bytes") }
        selectors.reserveCapacity(count)
        if raw {
            for _ in 0..<count {
                selectors.append(
                    ETC1SSelector(
                        rows: (
                            UInt8(try reader.bits(8)), UInt8(try reader.bits(8)), UInt8(try reader.bits(8)),
                            UInt8(try reader.bits(8))
                        )))
            }
            return
        }
        let deltaModel = try BasisLZHuffman.read(&reader)
        var rows = [UInt8](repeating: 0, count: 4)
        for j in 0..<4 { rows[j] = UInt8(try reader.bits(8)) }
        selectors.append(ETC1SSelector(rows: (rows[0], rows[1], rows[2], rows[3])))
        for _ in 1..<count {
            for j in 0..<4 { rows[j] ^= UInt8(truncatingIfNeeded: try deltaModel.decode(&reader)) }
            selectors.append(ETC1SSelector(rows: (rows[0], rows[1], rows[2], rows[3])))
        }
    }
}
