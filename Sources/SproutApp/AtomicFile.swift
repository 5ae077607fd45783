#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif



/// Whole-file writes that never leave a half-written file: Foundation's atomic write (a
/// temporary file renamed over the old one), as `ImageFile` writes PNGs.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        do { try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw AppError("cannot write \(path): \(error)")
        }
    }

    /// `path` made absolute against the current directory (for messages and recorded scripts).
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
