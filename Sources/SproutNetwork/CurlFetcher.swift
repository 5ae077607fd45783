internal import CCurl
import Foundation

/// `HTTPFetcher` over libcurl, the one place Sprout touches the network: each download on a
/// thread of its own, redirects followed (10 at most, http and https only), no cookies, no
/// cache. libcurl is opened on the first download rather than linked (`CCurl`), so a program
/// that never downloads never loads it and its 27 libraries.
public final class CurlFetcher: HTTPFetcher {
    /// Seconds a connection may take to open, and seconds a transfer may stay below 1 KiB/s, before it fails.
    public let timeout: Double
    /// Seconds a whole download may take (15 minutes by default): a server that trickles bytes
    /// just fast enough cannot hold a command for ever.
    public let maximumSeconds: Double
    /// The largest body accepted (1 GiB by default, `ModelLimits`' largest file): a longer one
    /// fails as soon as it passes the limit, so a hostile server cannot fill the memory.
    public let maximumBytes: Int

    /// A fetcher that gives up after `timeout` seconds below 1 KiB/s, after `maximumSeconds` in
    /// all, and past `maximumBytes`.
    public init(timeout: Double = 30, maximumSeconds: Double = 900, maximumBytes: Int = 1 << 30) {
        self.timeout = timeout
        self.maximumSeconds = maximumSeconds
        self.maximumBytes = maximumBytes
    }

    /// Starts a GET of `url` on a new thread and returns at once. Fails on a transport error, a
    /// status outside 200...299, a body longer than `maximumBytes`, or one whose length differs
    /// from its Content-Length; `progress` hears fractions up to 0.999, only when the length is
    /// announced. Callbacks come on the download's thread, not the caller's.
    public func fetch(
        _ url: URL, progress: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable (Result<Data, FetchFailure>) -> Void
    ) {
        Thread { completion(self.get(url, progress: progress)) }.start()
    }

    /// The download itself, on the calling thread.
    func get(_ url: URL, progress: @escaping (Double) -> Void) -> Result<Data, FetchFailure> {
        let api: UnsafeMutablePointer<sprout_curl>
        switch Curl.opened {
        case .success(let opened): api = opened
        case .failure(let failure): return .failure(failure)
        }
        guard let handle = api.pointee.easy_init() else { return .failure(FetchFailure("download failed: libcurl could not start a transfer")) }
        defer { api.pointee.easy_cleanup(handle) }
        let transfer = Transfer(api: api, handle: handle, limit: maximumBytes, progress: progress)
        let seconds = max(1, Int(timeout.rounded(.up)))
        _ = sprout_curl_set_string(api, handle, CURLOPT_URL, url.absoluteString)
        _ = sprout_curl_set_string(api, handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = sprout_curl_set_string(api, handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = sprout_curl_set_long(api, handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = sprout_curl_set_long(api, handle, CURLOPT_MAXREDIRS, 10)
        _ = sprout_curl_set_long(api, handle, CURLOPT_NOSIGNAL, 1)   // threads: no SIGALRM for name lookups
        _ = sprout_curl_set_long(api, handle, CURLOPT_CONNECTTIMEOUT, seconds)
        _ = sprout_curl_set_long(api, handle, CURLOPT_LOW_SPEED_LIMIT, 1024)
        _ = sprout_curl_set_long(api, handle, CURLOPT_LOW_SPEED_TIME, seconds)
        _ = sprout_curl_set_long(api, handle, CURLOPT_TIMEOUT_MS, max(1, Int(min(maximumSeconds, 1e9) * 1000)))
        _ = sprout_curl_set_offset(api, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBytes))
        _ = sprout_curl_set_write_function(api, handle, Transfer.write)
        _ = sprout_curl_set_pointer(api, handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque())
        let code = withExtendedLifetime(transfer) { api.pointee.easy_perform(handle) }
        if transfer.exceeded || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(FetchFailure("the download is larger than the limit of \(maximumBytes) bytes"))
        }
        guard code == CURLE_OK else {
            let reason = api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
            return .failure(FetchFailure("download failed: \(reason)"))
        }
        let status = sprout_curl_status(api, handle)
        guard (200..<300).contains(status) else { return .failure(FetchFailure("the server answered \(status)")) }
        let expected = sprout_curl_content_length(api, handle)
        if expected > 0, Int64(transfer.data.count) != Int64(expected) {
            return .failure(FetchFailure("the download stopped at \(transfer.data.count) of \(expected) bytes"))
        }
        return .success(transfer.data)
    }
}

/// Renamed: Sprout no longer goes through URLSession (FoundationNetworking links libcurl into every start).
@available(*, deprecated, renamed: "CurlFetcher")
public typealias URLSessionFetcher = CurlFetcher

/// libcurl, opened once for the process on the first download (a Swift global: thread-safe
/// lazy initialisation, as curl_global_init needs).
private enum Curl {
    nonisolated(unsafe) static let opened: Result<UnsafeMutablePointer<sprout_curl>, FetchFailure> = {
        let api = UnsafeMutablePointer<sprout_curl>.allocate(capacity: 1)
        api.initialize(to: sprout_curl())
        guard sprout_curl_open(api) == 0 else {
            let reason = dlerror().map { String(cString: $0) } ?? "curl_global_init failed"
            return .failure(FetchFailure("cannot download: libcurl could not be opened (\(reason)); install libcurl4"))
        }
        return .success(api)
    }()
}

/// One transfer's body so far, for libcurl's write callback (on the transfer's thread).
private final class Transfer {
    let api: UnsafeMutablePointer<sprout_curl>
    let handle: UnsafeMutableRawPointer
    let limit: Int
    let progress: (Double) -> Void
    var data = Data()
    var exceeded = false
    private var expected: Int64?

    init(api: UnsafeMutablePointer<sprout_curl>, handle: UnsafeMutableRawPointer, limit: Int, progress: @escaping (Double) -> Void) {
        self.api = api
        self.handle = handle
        self.limit = limit
        self.progress = progress
    }

    /// Appends a piece of the body; returning less than given stops the transfer (past the limit).
    static let write: sprout_curl_write_function = { bytes, size, count, context in
        guard let bytes, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard transfer.data.count + length <= transfer.limit else {
            transfer.exceeded = true
            return 0
        }
        transfer.data.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        let expected = transfer.expected ?? Int64(sprout_curl_content_length(transfer.api, transfer.handle))
        transfer.expected = expected
        if expected > 0 { transfer.progress(min(Double(transfer.data.count) / Double(expected), 0.999)) }
        return length
    }
}
