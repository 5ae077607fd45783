/// KHR_meshopt_compression's COLOR filter (Appendix B, filter 4), which Debian 12's meshoptimizer
/// 0.18 does not have: each element's YCoCg colour and its alpha, K-bit integers in four 8-bit
/// (`stride` 4) or 16-bit (`stride` 8) components, back to normalised RGBA. K is found from the
/// alpha's top bit; an alpha of 0 (no K) gives a transparent black, a result outside the
/// component's range (which no encoder writes) the nearest end of it.
enum MeshoptColorFilter {
    /// `data`, `count` elements of `stride` (4 or 8) bytes, decoded in place.
    static func decode(_ data: inout [UInt8], count: Int, stride: Int) {
        precondition(stride == 4 || stride == 8, "the caller checks the stride")
        let wide = stride == 8
        let maximum = Float(wide ? 65535 : 255)
        func read(_ element: Int, _ component: Int) -> Int {
            let at = element * stride + component * (wide ? 2 : 1)
            return wide ? Int(UInt16(data[at]) | UInt16(data[at + 1]) << 8) : Int(data[at])
        }
        func signed(_ value: Int) -> Int { wide ? Int(Int16(truncatingIfNeeded: value)) : Int(Int8(truncatingIfNeeded: value)) }
        func write(_ element: Int, _ component: Int, _ value: Float) {
            let clamped = Int(min(max(value.rounded(.toNearestOrAwayFromZero), 0), maximum))
            let at = element * stride + component * (wide ? 2 : 1)
            data[at] = UInt8(truncatingIfNeeded: clamped)
            if wide { data[at + 1] = UInt8(truncatingIfNeeded: clamped >> 8) }
        }
        for element in 0..<min(count, data.count / stride) {
            let alpha = read(element, 3)
            guard alpha > 0 else {
                for component in 0..<4 { write(element, component, 0) }
                continue
            }
            // (1 << (findMSB(alpha) + 1)) - 1: K bits of ones.
            let scaleBits = (1 << (Int.bitWidth - alpha.leadingZeroBitCount)) - 1
            let y = read(element, 0), co = signed(read(element, 1)), cg = signed(read(element, 2))
            var a = alpha & (scaleBits >> 1)
            a = (a << 1) | (a & 1)
            let scale = maximum / Float(scaleBits)
            write(element, 0, Float(y + co - cg) * scale)
            write(element, 1, Float(y + cg) * scale)
            write(element, 2, Float(y - co - cg) * scale)
            write(element, 3, Float(a) * scale)
        }
    }
}
