/// Images stored as 4 x 4 blocks of a fixed number of bytes, row-major (BC1 to BC7 in DDS files,
/// UASTC in KTX 2.0): the walk over the blocks that both decoders share, the texels of blocks past
/// the right and bottom edges dropped.
enum BlockImage {
    /// RGBA8 pixels, row 0 at the top, of the `width` x `height` image whose `blockBytes`-byte
    /// blocks start at `bytes[start]` (the caller has checked that all of them are there).
    /// `decodeBlock(block, texels, rowBytes, column, row)` writes the 4 x 4 texels of the block at
    /// `block` (the `column`-th across, the `row`-th down), texel (x, y) at `texels + y * rowBytes
    /// + x * 4`; a block that crosses an edge is written to a scratch block and cropped from there.
    static func decode(
        _ bytes: [UInt8], from start: Int, width: Int, height: Int, blockBytes: Int,
        block decodeBlock: (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int, Int, Int) throws -> Void
    ) rethrows -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let blocksWide = (width + 3) / 4
        let blocksHigh = (height + 3) / 4
        let rowBytes = width * 4
        try bytes.withUnsafeBufferPointer { source in
            try pixels.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { scratch in
                    guard let edge = scratch.baseAddress else { return }
                    for row in 0..<blocksHigh {
                        for column in 0..<blocksWide {
                            let block = from + start + (row * blocksWide + column) * blockBytes
                            let corner = to + row * 4 * rowBytes + column * 16
                            let columns = min(4, width - column * 4)
                            let rows = min(4, height - row * 4)
                            if columns == 4 && rows == 4 {
                                try decodeBlock(block, corner, rowBytes, column, row)
                                continue
                            }
                            try decodeBlock(block, edge, 16, column, row)
                            for y in 0..<rows { (corner + y * rowBytes).update(from: edge + y * 16, count: columns * 4) }
                        }
                    }
                }
            }
        }
        return pixels
    }
}
