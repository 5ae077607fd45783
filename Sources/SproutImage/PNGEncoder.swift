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
        guard let compressed = deflateFiltered(pixels: pixels, width: width, height: height, level: level) else { return nil }
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

    /// The zlib stream (RFC 1950) of the filtered rows, as PNG's IDAT holds: each row is its
    /// filter byte (2, "up": the difference from the row above) and the row. Rows are filtered
    /// a few at a time into a small buffer, so encoding holds little beyond the compressed bytes.
    private static func deflateFiltered(pixels: [UInt8], width: Int, height: Int, level: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, max(0, min(9, level)), Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let rowBytes = width * 4
        let rowsPerBatch = max(1, (64 << 10) / (rowBytes + 1))
        var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * min(rowsPerBatch, height))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var out: [UInt8] = []
        var y = 0
        return pixels.withUnsafeBufferPointer { src -> [UInt8]? in
            while y < height {
                let rows = min(rowsPerBatch, height - y)
                filtered.withUnsafeMutableBufferPointer { dst in
                    for r in 0..<rows {
                        let o = r * (rowBytes + 1), row = (y + r) * rowBytes
                        dst[o] = 2
                        let out = UnsafeMutableRawPointer(dst.baseAddress! + o + 1), here = UnsafeRawPointer(src.baseAddress! + row)
                        if y + r == 0 {
                            out.copyMemory(from: here, byteCount: rowBytes)
                        } else {
                            Self.subtract(here - rowBytes, from: here, into: out, count: rowBytes)
                        }
                    }
                }
                y += rows
                let last = y == height
                // zlib's own pattern (zpipe.c): deflate until it leaves room in the output.
                let ok = filtered.withUnsafeMutableBufferPointer { input -> Bool in
                    stream.next_in = input.baseAddress
                    stream.avail_in = uInt(rows * (rowBytes + 1))
                    var status = Z_OK
                    repeat {
                        status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                            stream.next_out = buffer.baseAddress
                            stream.avail_out = uInt(buffer.count)
                            return CZlib.deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                        }
                        if status == Z_STREAM_ERROR { return false }
                        out.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                    } while stream.avail_out == 0
                    return stream.avail_in == 0 && (!last || status == Z_STREAM_END)
                }
                guard ok else { return nil }
            }
            return out
        }
    }

    /// `out[i] = row[i] &- above[i]` for `count` bytes (PNG's "up" filter), 32 bytes at a time:
    /// byte by byte it was 2 ms of a cold 1280x720 render.
    private static func subtract(_ above: UnsafeRawPointer, from row: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int) {
        var x = 0
        while x + 32 <= count {
            let difference = row.loadUnaligned(fromByteOffset: x, as: SIMD32<UInt8>.self) &- above.loadUnaligned(fromByteOffset: x, as: SIMD32<UInt8>.self)
            out.storeBytes(of: difference, toByteOffset: x, as: SIMD32<UInt8>.self)
            x += 32
        }
        while x < count {
            out.storeBytes(of: row.load(fromByteOffset: x, as: UInt8.self) &- above.load(fromByteOffset: x, as: UInt8.self), toByteOffset: x, as: UInt8.self)
            x += 1
        }
    }

    /// Appends one chunk: length, type, data, CRC-32 (internal: tests build hostile headers with it).
    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png += typeBytes
        png += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png.appendBigEndian(UInt32(crc))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
