#if canImport(Glibc)
import Glibc
#endif

/// printf-style formatting without Foundation.
func format3(_ format: String, _ args: CVarArg...) -> String {
    withVaList(args) { va in
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, va)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
