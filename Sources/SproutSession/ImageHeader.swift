#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pixel size of a PNG or JPEG file, read from its header only: the session needs an image's
/// aspect (and to know the file really is a picture) without decoding it or linking a codec.
enum ImageHeader {
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        if bytes.count >= 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // PNG: the IHDR chunk comes first; width and height are big-endian at 16 and 20.
            let w = bigEndian(bytes, 16, 4), h = bigEndian(bytes, 20, 4)
            return w > 0 && h > 0 ? (w, h) : nil
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            // JPEG: walk the segments to the first start-of-frame (SOF0...SOF15 except DHT/JPG/DAC).
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = bigEndian(bytes, i + 2, 2)
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    let h = bigEndian(bytes, i + 5, 2), w = bigEndian(bytes, i + 7, 2)
                    return w > 0 && h > 0 ? (w, h) : nil
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }

    static func size(ofFileAt path: String) -> (width: Int, height: Int)? {
        // FoundationEssentials has no FileHandle; textures are small enough to read whole.
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return size(of: [UInt8](data.prefix(1 << 16)))
    }

    private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(b[at + $1]) }
    }
}
