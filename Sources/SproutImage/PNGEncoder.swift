internal import CZlib

/// Writes RGBA8 rows as a PNG (8-bit RGBA, every row with the "up" filter) through zlib.
///
/// stb's writer, used before, carries its own deflate, which took 45-55 ms for a 1280x720
/// frame; zlib at level 1 takes about a quarter of that for a file of the same size, and a
/// cold `sprout render` spends that time once per picture. It also keeps no global settings,
/// so two threads may encode at once.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// PNG bytes; nil when zlib fails (out of memory).
    static func encode(pixels: [UInt8], width: Int, height: Int, level: Int32) -> [UInt8]? {
        let rowBytes = width * 4
        // Each row: its filter byte (2, "up": the difference from the row above), then the row.
        var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        pixels.withUnsafeBufferPointer { src in
            filtered.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let out = y * (rowBytes + 1), row = y * rowBytes
                    dst[out] = 2
                    if y == 0 {
                        for x in 0..<rowBytes { dst[out + 1 + x] = src[row + x] }
                    } else {
                        for x in 0..<rowBytes { dst[out + 1 + x] = src[row + x] &- src[row - rowBytes + x] }
                    }
                }
            }
        }
        guard let compressed = deflate(filtered, level: level) else { return nil }
        var png = signature
        png.reserveCapacity(compressed.count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]   // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", compressed, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A zlib stream (RFC 1950) of `bytes`, as PNG's IDAT holds.
    private static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, max(0, min(9, level)), Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let result: Int32 = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        out.removeLast(out.count - Int(stream.total_out))
        return out
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png += typeBytes
        png += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png.appendBigEndian(UInt32(crc))
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
