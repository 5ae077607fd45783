import SproutFiles
import SproutScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation

/// Seed 000's `CachingWebLoader` (AC `CachingWebLoader.swift`): models and packet images from `file:` and `http(s):` URLs
/// into an on-disk cache keyed by the URL. A cache hit skips the network; however many ask for
/// one URL at once, it is downloaded once and every caller hears its progress; a failure
/// removes the in-flight entry (and any partial file), so a retry starts afresh.
public final class CachingLoader: @unchecked Sendable {
    /// A URL that could not be loaded, and why.
    public struct Failure: Error, CustomStringConvertible {
        /// The URL as given to `load(_:progress:)`.
        public var url: String
        /// Why it failed, in words for the user ("no such file", "the server answered 404").
        public var reason: String
        /// `url: reason`.
        public var description: String { "\(url): \(reason)" }
    }

    /// The folder downloads are cached in; created by the first download.
    public let cacheDirectory: String
    private let lock = NSLock()
    private var inFlight: [String: Download] = [:]
    private let fetcher: (any HTTPFetcher)?

    /// - Parameter fetcher: downloads `http:` and `https:` URLs (`CurlFetcher` in
    ///   SproutNetwork); without one, only `file:` URLs load and web URLs fail with a clear reason.
    public init(cacheDirectory: String, fetcher: (any HTTPFetcher)? = nil) {
        self.cacheDirectory = cacheDirectory
        self.fetcher = fetcher
    }

    /// Where `url` is cached (a hash of the URL and its last path component, so nothing in the
    /// URL can name a path outside the cache).
    public func cachedPath(for url: String) -> String {
        let hash = fnv1a(url)
        let last = url.split(separator: "/").last.map(String.init) ?? "file"
        let safe = String(last.prefix(64).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" })
        return cacheDirectory + "/" + String(hash, radix: 16) + "-" + safe
    }

    /// The local path of `url`, downloading it if it is not cached yet; blocks until done.
    /// `progress` hears fractions 0...1 (1 at the end, also for a cache hit).
    public func load(_ url: String, progress: @escaping @Sendable (Double) -> Void = { _ in }) throws -> String {
        let path = cachedPath(for: url)
        if FileManager.default.fileExists(atPath: path) {
            progress(1)
            return path
        }
        lock.lock()
        let download: Download
        let isOwner: Bool
        if let existing = inFlight[url] {
            download = existing
            isOwner = false
        } else {
            download = Download()
            inFlight[url] = download
            isOwner = true
        }
        download.addListener(progress)
        lock.unlock()
        if isOwner { start(url, path: path, download: download) }
        let result = download.wait()
        switch result {
        case .success(let p): return p
        case .failure(let error): throw error
        }
    }

    private func start(_ url: String, path: String, download: Download) {
        let finish: @Sendable (Result<String, Failure>) -> Void = { [weak self] result in
            guard let self else { return }
            self.lock.lock()
            self.inFlight[url] = nil   // a failure is forgotten: the next request starts afresh
            self.lock.unlock()
            download.complete(result)
        }
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased() else {
            finish(.failure(Failure(url: url, reason: "not a URL"))); return
        }
        do { try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true) } catch {
            finish(.failure(Failure(url: url, reason: "cannot create the cache \(cacheDirectory)"))); return
        }
        switch scheme {
        case "file":
            guard let data = FileManager.default.contents(atPath: parsed.path) else {
                finish(.failure(Failure(url: url, reason: "no such file"))); return
            }
            finish(
                Self.store(data, at: path, url: url).map {
                    download.report(1); return $0
                })
        case "http", "https":
            guard let fetcher else {
                finish(.failure(Failure(url: url, reason: "no network fetcher was given to this loader, so only file: URLs load"))); return
            }
            fetcher.fetch(parsed, progress: { download.report($0) }) { result in
                switch result {
                case .failure(let reason):
                    finish(.failure(Failure(url: url, reason: reason.description)))
                case .success(let data):
                    download.report(1)
                    finish(Self.store(data, at: path, url: url))
                }
            }
        default:
            finish(.failure(Failure(url: url, reason: "only file:, http: and https: URLs are loaded")))
        }
    }

    /// Writes atomically (Foundation writes a temporary file and renames it into place), so a
    /// half download never looks cached.
    private static func store(_ data: Data, at path: String, url: String) -> Result<String, Failure> {
        do { try OutputFile.write([UInt8](data), to: path) } catch {
            return .failure(Failure(url: url, reason: "cannot write \(path) into the cache"))
        }
        return .success(path)
    }
}

/// One download and the callers waiting for it.
private final class Download: @unchecked Sendable {
    private let condition = NSCondition()
    private var listeners: [@Sendable (Double) -> Void] = []
    private var result: Result<String, CachingLoader.Failure>?

    func addListener(_ listener: @escaping @Sendable (Double) -> Void) {
        condition.lock(); listeners.append(listener); condition.unlock()
    }

    func report(_ fraction: Double) {
        condition.lock(); let l = listeners; condition.unlock()
        for listener in l { listener(fraction) }
    }

    func complete(_ r: Result<String, CachingLoader.Failure>) {
        condition.lock(); result = r; condition.broadcast(); condition.unlock()
    }

    func wait() -> Result<String, CachingLoader.Failure> {
        condition.lock()
        while result == nil { condition.wait() }
        let r = result!
        condition.unlock()
        return r
    }
}
