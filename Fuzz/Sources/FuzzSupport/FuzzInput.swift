#if canImport(Glibc)
import Glibc
#endif

/// One libFuzzer input as bytes or text, and a scratch folder for harnesses that need files.
public enum FuzzInput {
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }

    /// The input as UTF-8 text (invalid sequences replaced, as a file read would be refused or repaired).
    public static func text(_ data: UnsafePointer<UInt8>?, _ count: Int) -> String {
        String(decoding: bytes(data, count), as: UTF8.self)
    }

    /// A folder of this process's own under /tmp, made once.
    public static let folder: String = {
        let path = "/tmp/sprout-fuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// Writes `bytes` to `name` in the scratch folder and returns its path.
    public static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = folder + "/" + name
        guard let f = fopen(path, "wb") else { return path }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        return path
    }
}
