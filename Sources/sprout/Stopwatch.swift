#if canImport(Glibc)
import Glibc
#endif

/// Wall time for --verbose and `bench` (the only wall clock in Sprout, and only for reporting).
struct Stopwatch {
    private let start = Stopwatch.now()
    var milliseconds: Double { (Stopwatch.now() - start) * 1000 }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// printf-style formatting without Foundation.
func format3(_ format: String, _ args: CVarArg...) -> String {
    withVaList(args) { va in
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, va)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
