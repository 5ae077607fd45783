/// Decodes one ETC1S slice (an I-frame: Sprout reads no texture video) into RGBA8 pixels.
enum BasisLZSlice {
    /// Which channels of the decoded colors to write.
    enum Target {
        /// Red, green and blue from the slice; alpha is left as it is.
        case color
        /// Alpha from the slice's green channel; the color is left as it is.
        case alpha
    }

    /// Decodes the slice at `range` (checked to lie inside `bytes`) of a `width` x `height` image into
    /// `pixels` (RGBA8, `width * height * 4` bytes, row 0 first).
    static func decode(
        _ bytes: [UInt8], range: Range<Int>, codebooks: BasisLZCodebooks, width: Int, height: Int,
        target: Target, into pixels: inout [UInt8]
    ) throws {
        let blocksX = (width + 3) / 4
        let blocksY = (height + 3) / 4
        let endpointCount = codebooks.endpoints.count
        let selectorCount = codebooks.selectors.count
        let historySize = codebooks.selectorHistorySize
        let historyRunSymbol = selectorCount + historySize
        var reader = BasisLZBitReader(bytes, start: range.lowerBound, count: range.count, what: "ETC1S slice")

        var endpointPreds = [[Int]](repeating: [Int](repeating: 0, count: blocksX), count: 2)
        var predBits = [Int](repeating: 0, count: (blocksX + 1) / 2)
        var history = [Int](repeating: 0, count: historySize)
        var historyRover = historySize / 2
        var selectorRunCount = 0
        var currentPredBits = 0
        var previousPredSymbol = 0
        var predRepeatCount = 0
        var previousEndpoint = 0

        for blockY in 0..<blocksY {
            let row = blockY & 1
            for blockX in 0..<blocksX {
                if blockX & 1 == 0 {
                    if row == 0 {
                        if predRepeatCount > 0 {
                            predRepeatCount -= 1
                            currentPredBits = previousPredSymbol
                        } else {
                            currentPredBits = try codebooks.endpointPredModel.decode(&reader)
                            if currentPredBits == 256 {
                                predRepeatCount = try reader.vlc(chunkBits: 5) + 3 - 1
                                currentPredBits = previousPredSymbol
                            } else if currentPredBits > 256 {
                                throw ImageDataError(reason: "endpoint prediction symbol \(currentPredBits)")
                            } else {
                                previousPredSymbol = currentPredBits
                            }
                        }
                        predBits[blockX >> 1] = currentPredBits >> 4
                    } else {
                        currentPredBits = predBits[blockX >> 1]
                    }
                }
                let pred = currentPredBits & 3
                currentPredBits >>= 2
                let endpoint: Int
                switch pred {
                case 0:
                    guard blockX > 0 else { throw ImageDataError(reason: "left endpoint prediction in the first column") }
                    endpoint = previousEndpoint
                case 1:
                    guard blockY > 0 else { throw ImageDataError(reason: "upper endpoint prediction in the first row") }
                    endpoint = endpointPreds[row ^ 1][blockX]
                case 2:
                    guard blockX > 0, blockY > 0 else {
                        throw ImageDataError(reason: "upper-left endpoint prediction on the image's edge")
                    }
                    endpoint = endpointPreds[row ^ 1][blockX - 1]
                default:
                    let delta = try codebooks.endpointDeltaModel.decode(&reader)
                    var index = delta + previousEndpoint
                    if index >= endpointCount { index -= endpointCount }
                    endpoint = index
                }
                endpointPreds[row][blockX] = endpoint
                previousEndpoint = endpoint

                var selectorSymbol: Int
                if selectorRunCount > 0 {
                    selectorRunCount -= 1
                    selectorSymbol = selectorCount
                } else {
                    selectorSymbol = try codebooks.selectorModel.decode(&reader)
                    if selectorSymbol == historyRunSymbol {
                        let run = try codebooks.selectorHistoryRunModel.decode(&reader)
                        if run == 63 {
                            selectorRunCount = try reader.vlc(chunkBits: 8) + 3
                        } else {
                            selectorRunCount = run + 3
                        }
                        selectorSymbol = selectorCount
                        selectorRunCount -= 1
                    }
                }
                let selector: Int
                if selectorSymbol >= selectorCount {
                    let historyIndex = selectorSymbol - selectorCount
                    guard historyIndex < historySize else {
                        throw ImageDataError(reason: "selector history index \(historyIndex) of \(historySize)")
                    }
                    selector = history[historyIndex]
                    if historyIndex != 0 {
                        history.swapAt(historyIndex / 2, historyIndex)
                    }
                } else {
                    selector = selectorSymbol
                    if historySize > 0 {
                        history[historyRover] = selector
                        historyRover += 1
                        if historyRover == historySize { historyRover = historySize / 2 }
                    }
                }
                guard endpoint < endpointCount, selector < selectorCount else {
                    throw ImageDataError(reason: "block refers to endpoint \(endpoint) or selector \(selector) outside the codebooks")
                }
                write(
                    codebooks.endpoints[endpoint], codebooks.selectors[selector], blockX: blockX, blockY: blockY,
                    width: width, height: height, target: target, into: &pixels)
            }
        }
    }

    private static func write(
        _ endpoint: ETC1SEndpoint, _ selector: ETC1SSelector, blockX: Int, blockY: Int, width: Int, height: Int,
        target: Target, into pixels: inout [UInt8]
    ) {
        let colors = endpoint.colors()
        for y in 0..<4 {
            let py = blockY * 4 + y
            guard py < height else { break }
            for x in 0..<4 {
                let px = blockX * 4 + x
                guard px < width else { break }
                let s = selector.selector(x: x, y: y) * 3
                let at = (py * width + px) * 4
                switch target {
                case .color:
                    pixels[at] = colors[s]
                    pixels[at + 1] = colors[s + 1]
                    pixels[at + 2] = colors[s + 2]
                case .alpha:
                    pixels[at + 3] = colors[s + 1]
                }
            }
        }
    }
}
