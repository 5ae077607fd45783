/// An animated GIF built in memory: frames are downscaled by a whole factor to at most
/// `maximumWidth`, kept at about 20 per second (GIF delays are whole centiseconds), each given a
/// palette of its own by median cut (`MedianCutPalette`: a status panel's text stays sharp, not
/// dithered) and LZW-compressed (GIF89a). Deterministic; no C.
public final class GIFWriter {
    /// The default largest width: 1280-pixel frames become 640 wide.
    public static let defaultMaximumWidth = 640
    /// About how many frames a second the GIF keeps: every n-th input frame, n = fps / 20 rounded.
    public static let targetFPS = 20

    /// The GIF's width, pixels: the source width divided by the whole downscale factor.
    public let width: Int
    /// The GIF's height, pixels: the source height divided by the same factor.
    public let height: Int
    private let sourceWidth: Int
    private let sourceHeight: Int
    private let scale: Int
    private let keepEvery: Int
    private let delay: Int
    private var frameIndex = 0
    private var bytes: [UInt8] = []

    /// - Parameter maximumWidth: the widest the GIF may be (frames shrink by a whole factor).
    public init(width sourceWidth: Int, height sourceHeight: Int, fps: Int, maximumWidth: Int = GIFWriter.defaultMaximumWidth) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        let widest = max(1, maximumWidth)
        scale = max(1, (sourceWidth + widest - 1) / widest)
        width = max(1, sourceWidth / scale)
        height = max(1, sourceHeight / scale)
        keepEvery = max(1, Int((Double(fps) / Double(Self.targetFPS)).rounded()))
        delay = max(2, Int((100 * Double(keepEvery) / Double(max(fps, 1))).rounded()))
        writeHeader()
    }

    /// Frames written so far.
    public private(set) var frameCount = 0

    /// Whether the next frame will be kept (so a caller can skip drawing the others).
    public var keepsNextFrame: Bool { frameIndex % keepEvery == 0 }

    /// Counts a frame without its pixels (one `keepsNextFrame` said would be dropped).
    public func skipFrame() { frameIndex += 1 }

    /// Adds a frame of `sourceWidth x sourceHeight` RGBA pixels, rows top first.
    public func add(_ rgba: [UInt8]) {
        defer { frameIndex += 1 }
        guard frameIndex % keepEvery == 0, rgba.count >= sourceWidth * sourceHeight * 4 else { return }
        frameCount += 1
        // Graphic control extension: delay, no transparency; image descriptor with a local palette of 256.
        bytes += [0x21, 0xF9, 0x04, 0x00, UInt8(delay & 0xFF), UInt8(delay >> 8), 0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0] + le16(width) + le16(height) + [0x87]
        let (palette, indices) = quantised(rgba)
        for i in 0..<256 {
            let c = i < palette.colors.count ? palette.colors[i] : (0, 0, 0)
            bytes += [c.0, c.1, c.2]
        }
        bytes.append(8)   // LZW minimum code size
        writeSubBlocks(lzw(indices))
    }

    /// The finished file.
    public func finish() -> [UInt8] { bytes + [0x3B] }

    // MARK: Encoding

    /// The global palette (for decoders that show it before the first frame): a 6x7x6 cube.
    private static let levels = (r: 6, g: 7, b: 6)

    private func writeHeader() {
        bytes += Array("GIF89a".utf8) + le16(width) + le16(height)
        bytes += [0xF7, 0x00, 0x00]   // global palette of 256 entries, 8 bits per channel
        let (lr, lg, lb) = Self.levels
        for i in 0..<256 {
            if i < lr * lg * lb {
                let r = i / (lg * lb), g = (i / lb) % lg, b = i % lb
                bytes += [UInt8(r * 255 / (lr - 1)), UInt8(g * 255 / (lg - 1)), UInt8(b * 255 / (lb - 1))]
            } else {
                bytes += [0, 0, 0]
            }
        }
        // Loop for ever (NETSCAPE2.0 application extension).
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    }

    /// Box-filtered down by `scale`, then a palette for this frame and each pixel's entry in it.
    private func quantised(_ rgba: [UInt8]) -> (MedianCutPalette, [UInt8]) {
        var keys = [Int](repeating: 0, count: width * height)
        var counts = [UInt32](repeating: 0, count: 32768)
        var sumR = [UInt64](repeating: 0, count: 32768), sumG = sumR, sumB = sumR
        let n = scale * scale
        for y in 0..<height {
            for x in 0..<width {
                var r = 0, g = 0, b = 0
                for sy in 0..<scale {
                    let row = (y * scale + sy) * sourceWidth
                    for sx in 0..<scale {
                        let i = (row + x * scale + sx) * 4
                        r += Int(rgba[i]); g += Int(rgba[i + 1]); b += Int(rgba[i + 2])
                    }
                }
                let (mr, mg, mb) = ((r + n / 2) / n, (g + n / 2) / n, (b + n / 2) / n)
                let key = MedianCutPalette.key(mr, mg, mb)
                keys[y * width + x] = key
                counts[key] += 1
                sumR[key] += UInt64(mr); sumG[key] += UInt64(mg); sumB[key] += UInt64(mb)
            }
        }
        let palette = MedianCutPalette(counts: counts, sums: (sumR, sumG, sumB))
        return (palette, keys.map { palette.lookup[$0] })
    }

    /// Variable-width LZW with clear codes, as GIF wants it (codes up to 12 bits).
    private func lzw(_ indices: [UInt8]) -> [UInt8] {
        let clear = 256, end = 257
        var table: [Int: Int] = [:]
        table.reserveCapacity(4096)
        var next = 258, codeSize = 9
        var out: [UInt8] = []
        var bitBuffer = 0, bitCount = 0
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                out.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else { emit(end); return out }
        for byte in indices.dropFirst() {
            let key = prefix << 8 | Int(byte)
            if let code = table[key] { prefix = code; continue }
            emit(prefix)
            if next < 4096 {
                table[key] = next
                next += 1
                if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            } else {
                emit(clear)
                table.removeAll(keepingCapacity: true)
                next = 258
                codeSize = 9
            }
            prefix = Int(byte)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        return out
    }

    private func writeSubBlocks(_ data: [UInt8]) {
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            bytes.append(UInt8(n))
            bytes += data[i..<(i + n)]
            i += n
        }
        bytes.append(0)
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
}
