import Dispatch

/// Mipmap levels made on the CPU. llvmpipe's `glGenerateMipmap` draws each level through its
/// blitter, a shader it compiles the first time (about 50 ms) and runs at some 20 ms a 2,048²
/// level chain; a box filter here makes the same chain in a few milliseconds, rows split
/// across the cores.
extension Image {
    /// The next mipmap level: `max(1, width / 2)` by `max(1, height / 2)` (OpenGL's level
    /// sizes), each texel the mean of the texels its area covers: the 2 x 2 under it along an
    /// even size; along an odd size 2n + 1, three texels weighted (n - i, n, i + 1) / (2n + 1)
    /// (the footprint of texel i is 2 + 1/n texels wide); a size of 1 stays one texel. With
    /// `sRGB`, red, green and blue are averaged as linear light and encoded again (what
    /// OpenGL asks of an sRGB texture's mipmaps); alpha, and every channel of a linear
    /// texture, is averaged as stored. With `weightedByAlpha`, colour is the mean weighted by
    /// alpha (the colour of what a texel's area covers, as blending the texels one by one would
    /// show it; a coverage map's levels, `Image.keepingCut`), the plain mean where every
    /// weight is 0. Rounded to nearest.
    public func halved(sRGB: Bool, weightedByAlpha: Bool = false) -> Image {
        let w = max(1, width / 2), h = max(1, height / 2)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let sourceWidth = width, sourceHeight = height
        let tables = SRGBTables.shared
        let columns = BoxTaps(sourceSize: width), rows = BoxTaps(sourceSize: height)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { destination in
                guard let src = source.baseAddress, let dst = destination.baseAddress else { return }
                let sendable = (src: UnsafeSendable(src), dst: UnsafeSendable(dst))
                /// Rows `band` of the level.
                @Sendable func make(_ band: Range<Int>) {
                    let src = sendable.src.pointer, dst = sendable.dst.pointer
                    let decode = sRGB ? tables.linear : tables.identity, encode = sRGB ? tables.encoded : tables.identityEncoded
                    if sourceWidth % 2 == 0 && sourceHeight % 2 == 0 {
                        // The 2 x 2 mean in integers: a quarter of the four, rounded.
                        for y in band {
                            let row0 = src + 2 * y * sourceWidth * 4, row1 = row0 + sourceWidth * 4
                            var o = dst + y * w * 4
                            for x in 0..<w {
                                let a = 8 * x, b = a + 4
                                let w00 = UInt32(row0[a + 3]), w01 = UInt32(row0[b + 3]), w10 = UInt32(row1[a + 3]), w11 = UInt32(row1[b + 3])
                                let alpha = w00 + w01 + w10 + w11
                                if weightedByAlpha && alpha > 0 {
                                    // sum(colour x alpha) / sum(alpha), rounded: at most 65,535 x 1,020 each.
                                    for c in 0..<3 {
                                        let sum =
                                            UInt32(decode[Int(row0[a + c])]) * w00 + UInt32(decode[Int(row0[b + c])]) * w01
                                            + UInt32(decode[Int(row1[a + c])]) * w10 + UInt32(decode[Int(row1[b + c])]) * w11
                                        o[c] = encode[Int((sum + alpha / 2) / alpha)]
                                    }
                                } else {
                                    for c in 0..<3 {
                                        let sum =
                                            UInt32(decode[Int(row0[a + c])]) + UInt32(decode[Int(row0[b + c])])
                                            + UInt32(decode[Int(row1[a + c])]) + UInt32(decode[Int(row1[b + c])])
                                        o[c] = encode[Int((sum + 2) >> 2)]
                                    }
                                }
                                o[3] = UInt8((alpha + 2) >> 2)
                                o += 4
                            }
                        }
                        return
                    }
                    for y in band {
                        var o = dst + y * w * 4
                        for x in 0..<w {
                            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                            var weighted: (Float, Float, Float) = (0, 0, 0)
                            for j in 0..<BoxTaps.count {
                                let wy = rows.weights[3 * y + j]
                                guard wy > 0 else { continue }
                                let row = src + rows.indices[3 * y + j] * sourceWidth * 4
                                for i in 0..<BoxTaps.count {
                                    let weight = wy * columns.weights[3 * x + i]
                                    guard weight > 0 else { continue }
                                    let texel = row + columns.indices[3 * x + i] * 4
                                    let colour = (Float(decode[Int(texel[0])]), Float(decode[Int(texel[1])]), Float(decode[Int(texel[2])]))
                                    sum.0 += weight * colour.0
                                    sum.1 += weight * colour.1
                                    sum.2 += weight * colour.2
                                    let covered = weight * Float(texel[3])
                                    sum.3 += covered
                                    guard weightedByAlpha else { continue }
                                    weighted.0 += covered * colour.0
                                    weighted.1 += covered * colour.1
                                    weighted.2 += covered * colour.2
                                }
                            }
                            if weightedByAlpha && sum.3 > 0 {
                                sum.0 = weighted.0 / sum.3
                                sum.1 = weighted.1 / sum.3
                                sum.2 = weighted.2 / sum.3
                            }
                            o[0] = encode[min(65_535, Int(sum.0 + 0.5))]
                            o[1] = encode[min(65_535, Int(sum.1 + 0.5))]
                            o[2] = encode[min(65_535, Int(sum.2 + 0.5))]
                            o[3] = UInt8(min(255, sum.3 + 0.5))
                            o += 4
                        }
                    }
                }
                inBands(rows: h, texels: w * h, make)
            }
        }
        return Image(width: w, height: h, pixels: out)
    }
}

/// Runs `make` over rows `0..<rows` of a level of `texels` texels: in 8 bands on every core
/// once the level is large enough to repay the threads (65,536 texels), else at once.
func inBands(rows: Int, texels: Int, _ make: @Sendable (Range<Int>) -> Void) {
    let bands = texels >= 65_536 ? 8 : 1
    if bands == 1 {
        make(0..<rows)
    } else {
        DispatchQueue.concurrentPerform(iterations: bands) { band in make((band * rows / bands)..<((band + 1) * rows / bands)) }
    }
}

/// The source texels under each texel of a halved dimension, three a texel (unused ones
/// weigh 0), and their weights, which sum to 1.
struct BoxTaps: Sendable {
    static let count = 3
    var indices: [Int] = []
    var weights: [Float] = []

    init(sourceSize m: Int) {
        let n = max(1, m / 2)
        for i in 0..<n {
            if m == 1 {
                indices += [0, 0, 0]
                weights += [1, 0, 0]
            } else if m % 2 == 0 {
                indices += [2 * i, 2 * i + 1, 2 * i + 1]
                weights += [0.5, 0.5, 0]
            } else {
                indices += [2 * i, 2 * i + 1, 2 * i + 2]
                weights += [Float(n - i), Float(n), Float(i + 1)].map { $0 / Float(m) }
            }
        }
    }
}

/// A pointer handed to the threads of `concurrentPerform`, which write disjoint rows.
struct UnsafeSendable<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
    init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
    init(_ pointer: UnsafePointer<Pointee>) { self.pointer = UnsafeMutablePointer(mutating: pointer) }
}

/// sRGB's transfer (IEC 61966-2-1, `linearFromSRGB`) as tables: each 8-bit value's linear
/// light in 16 bits, and each 16-bit linear value (the rounded mean of four) encoded to 8 bits,
/// rounded to nearest. Made once and kept for the process, read through pointers (no bounds
/// check in the inner loop: every index is a byte, or a mean of four 16-bit values).
private final class SRGBTables: @unchecked Sendable {
    static let shared = SRGBTables()
    /// 8-bit sRGB -> linear, 0...65,535.
    let linear: UnsafePointer<UInt16>
    /// 16-bit linear -> 8-bit sRGB.
    let encoded: UnsafePointer<UInt8>
    /// 8-bit -> itself, so that a linear texture's mean is of its stored values.
    let identity: UnsafePointer<UInt16>
    /// Its inverse: the mean of four stored values.
    let identityEncoded: UnsafePointer<UInt8>

    private init() {
        func table<Value>(_ values: [Value]) -> UnsafePointer<Value> {
            let memory = UnsafeMutablePointer<Value>.allocate(capacity: values.count)
            memory.initialize(from: values, count: values.count)
            return UnsafePointer(memory)
        }
        linear = table((0..<256).map { UInt16((Double(linearFromSRGB(Float($0) / 255)) * 65_535).rounded()) })
        encoded = table((0..<65_536).map { UInt8(min(255, max(0, (Double(sRGBFromLinear(Float($0) / 65_535)) * 255).rounded()))) })
        identity = table((0..<256).map { UInt16($0) })
        identityEncoded = table((0..<256).map { UInt8($0) })
    }
}
