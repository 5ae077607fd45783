/// One ETC1S endpoint: a 5-bit-per-channel base color and an intensity table index (0...7).
struct ETC1SEndpoint {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var intensity: UInt8

    /// The ETC1 intensity modifier tables, each in selector order -b, -a, +a, +b.
    private static let modifiers: [[Int]] = [
        [-8, -2, 2, 8], [-17, -5, 5, 17], [-29, -9, 9, 29], [-42, -13, 13, 42],
        [-60, -18, 18, 60], [-80, -24, 24, 80], [-106, -33, 33, 106], [-183, -47, 47, 183]
    ]

    private static func expand(_ value: UInt8) -> Int {
        let v = Int(value & 31)
        return (v << 3) | (v >> 2)
    }

    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value, 0), 255))
    }

    /// The four colors (RGB, 3 bytes each) that selectors 0...3 pick: the base color (ETC1
    /// differential mode, 5 bits expanded to 8) plus the table's modifier, clamped to 0...255.
    func colors() -> [UInt8] {
        let table = Self.modifiers[Int(intensity & 7)]
        let r = Self.expand(red)
        let g = Self.expand(green)
        let b = Self.expand(blue)
        var result = [UInt8](repeating: 0, count: 12)
        for s in 0..<4 {
            result[s * 3] = Self.clamp(r + table[s])
            result[s * 3 + 1] = Self.clamp(g + table[s])
            result[s * 3 + 2] = Self.clamp(b + table[s])
        }
        return result
    }
}

/// One ETC1S selector entry: four rows of four 2-bit selectors, the leftmost in the low bits.
struct ETC1SSelector {
    var rows: (UInt8, UInt8, UInt8, UInt8)

    /// The selector (0...3) of the texel at column `x`, row `y` (each 0...3).
    func selector(x: Int, y: Int) -> Int {
        let row: UInt8
        switch y & 3 {
        case 0: row = rows.0
        case 1: row = rows.1
        case 2: row = rows.2
        default: row = rows.3
        }
        return Int(row >> UInt8((x & 3) * 2)) & 3
    }
}
