/// A paletted PNG whose pixels may index past its palette (issue 30, item 9). stb_image keeps
/// the palette in a 256-entry stack array and fills only the entries PLTE gives, so an index
/// past them reads whatever the stack held: pixels that differ from run to run and leak memory.
/// The PNG specification calls such an index an error; here it is black, as the padded entries
/// are zero: the PLTE chunk is rewritten to 256 entries before stb sees it.
enum PNGPalette {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The most entries a PLTE may hold (PNG 11.2.3: 256, three bytes each).
    static let fullLength = 256 * 3

    /// The same PNG with its PLTE padded to 256 entries, or nil when nothing needs changing
    /// (not a PNG, no PLTE, a full one, or chunks that do not parse: stb then reports them).
    static func padded(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return nil }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            guard length >= 0, end <= bytes.count else { return nil }
            if type == "PLTE" {
                guard length < fullLength, length % 3 == 0 else { return nil }
                var out = Array(bytes[0..<offset])
                PNGEncoder.appendChunk("PLTE", Array(bytes[(offset + 8)..<(offset + 8 + length)]) + [UInt8](repeating: 0, count: fullLength - length), to: &out)
                out += bytes[end...]
                return out
            }
            if type == "IDAT" || type == "IEND" { return nil }
            offset = end
        }
        return nil
    }
}
