#if canImport(Glibc)
import Glibc
#endif

/// A codec's C library opened with dlopen on its first use, through the shim's open function
/// (`sprout_webp_open`, `sprout_avif_open`), which fills a table of the library's functions.
enum LibraryOpening {
    /// The table `open` fills from `api`'s empty one (it returns 0), or why it could not:
    /// dlerror's reason, or a function missing, naming the library's `file` and `name`.
    static func open<API>(_ api: API, file: String, name: String, with open: (UnsafeMutablePointer<API>) -> Int32) -> Result<API, ImageCodec.Failure> {
        var api = api
        guard open(&api) == 0 else {
            let reason = dlerror().map { String(cString: $0) } ?? "a function is missing"
            return .failure(.undecodable(source: file, reason: "\(name) cannot be opened: \(reason)"))
        }
        return .success(api)
    }
}
