#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SproutFiles



/// Whole-file writes through `OutputFile`: atomic for regular files (a temporary file renamed
/// over the old one), through for devices and FIFOs, `-` for standard output.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try OutputFile.write(bytes, to: path)
    }

    /// `path` made absolute against the current directory (for messages and recorded scripts).
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
