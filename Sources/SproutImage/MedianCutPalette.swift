/// A palette of at most 256 colours chosen for one picture by median cut (Heckbert 1982) over
/// its colours at 5 bits a channel: the box of colours with the most spread (weighted by how
/// many pixels it holds) is split at its weighted median along its widest channel, until there
/// are enough boxes; each box's colour is its pixels' mean. Flat interface colours (a status
/// panel, text) get entries of their own instead of being dithered from a fixed cube.
struct MedianCutPalette {
    /// RGB entries.
    private(set) var colors: [(UInt8, UInt8, UInt8)] = []
    /// Palette index for each 15-bit colour (r5 << 10 | g5 << 5 | b5).
    private(set) var lookup = [UInt8](repeating: 0, count: 32768)

    /// The 15-bit key of an RGB colour.
    @inline(__always) static func key(_ r: Int, _ g: Int, _ b: Int) -> Int { (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3) }

    /// - Parameters:
    ///   - counts: pixels per 15-bit colour.
    ///   - sums: the full 8-bit channels summed over those pixels, so a box's colour is its pixels'
    ///     exact mean (a flat red stays 255, 0, 0, not the 5-bit bin's centre).
    init(counts: [UInt32], sums: (r: [UInt64], g: [UInt64], b: [UInt64]), maximumColors: Int = 256) {
        var boxes: [[Int]] = [counts.indices.filter { counts[$0] > 0 }]
        if boxes[0].isEmpty { boxes = [[0]] }
        func channel(_ k: Int, _ c: Int) -> Int { (k >> (10 - 5 * c)) & 31 }
        func spread(_ box: [Int]) -> (score: Double, channel: Int) {
            var lo = [31, 31, 31], hi = [0, 0, 0], weight: Double = 0
            for k in box {
                for c in 0..<3 { lo[c] = min(lo[c], channel(k, c)); hi[c] = max(hi[c], channel(k, c)) }
                weight += Double(counts[k])
            }
            let widest = (0..<3).max { hi[$0] - lo[$0] < hi[$1] - lo[$1] }!
            return (Double(hi[widest] - lo[widest]) * weight.squareRoot(), widest)
        }
        var scored = boxes.map(spread)   // kept per box: only the two halves of a split are scored again
        while boxes.count < maximumColors {
            guard let pick = scored.indices.filter({ boxes[$0].count > 1 }).max(by: { scored[$0].score < scored[$1].score }),
                scored[pick].score > 0
            else { break }
            let c = scored[pick].channel
            let sorted = boxes[pick].sorted { (channel($0, c), $0) < (channel($1, c), $1) }
            let total = sorted.reduce(0.0) { $0 + Double(counts[$1]) }
            var running = 0.0, cut = 1
            for (i, k) in sorted.enumerated() {
                running += Double(counts[k])
                if running >= total / 2 { cut = max(1, min(sorted.count - 1, i + 1)); break }
            }
            boxes[pick] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            scored[pick] = spread(boxes[pick])
            scored.append(spread(boxes[boxes.count - 1]))
        }
        for (index, box) in boxes.enumerated() {
            var r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0, w: UInt64 = 0
            for k in box {
                r += sums.r[k]; g += sums.g[k]; b += sums.b[k]; w += UInt64(counts[k])
                lookup[k] = UInt8(index)
            }
            let mean = { (sum: UInt64) -> UInt8 in w == 0 ? 0 : UInt8(min(255, (sum + w / 2) / w)) }
            colors.append((mean(r), mean(g), mean(b)))
        }
    }
}
