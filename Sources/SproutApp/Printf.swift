#if canImport(Glibc)
import Glibc
#endif

/// printf-style formatting without Foundation, for console lines (`Printf.format("%.1f ms", t)`).
public enum Printf {
    /// `format` with `arguments` as C's `snprintf` writes them, at most 511 bytes.
    public static func format(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { va in
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, va)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
