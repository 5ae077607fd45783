import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPFetcher` over Foundation's `URLSession` (libcurl on Linux): the one place Sprout
/// touches the network. Ephemeral (no cookies, no shared cache), 30 s per request.
public final class URLSessionFetcher: HTTPFetcher, @unchecked Sendable {
    private let session: URLSession
    private let delegate = SessionDelegate()

    /// - Parameter timeout: seconds a request may wait for data before it fails.
    public init(timeout: Double = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Starts a GET of `url` and returns at once. Fails on a transport error, a status outside
    /// 200...299, or a body whose length differs from its Content-Length; `progress` hears
    /// fractions up to 0.999, only when the length is announced. Callbacks come on the session's
    /// delegate queue, not the caller's.
    public func fetch(
        _ url: URL, progress: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable (Result<Data, FetchFailure>) -> Void
    ) {
        let task = session.dataTask(with: url)
        delegate.register(task, onProgress: progress) { data, response, error in
            if let error {
                completion(.failure(FetchFailure("download failed: \(error.localizedDescription)"))); return
            }
            guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                let code = (response as? HTTPURLResponse)?.statusCode ?? 0
                completion(.failure(FetchFailure("the server answered \(code)"))); return
            }
            if http.expectedContentLength > 0, Int64(data.count) != http.expectedContentLength {
                completion(.failure(FetchFailure("the download stopped at \(data.count) of \(http.expectedContentLength) bytes"))); return
            }
            completion(.success(data))
        }
        task.resume()
    }
}

/// Collects each task's bytes and reports progress (bytes so far / expected length).
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Entry {
        var data = Data()
        var expected: Int64 = -1
        var onProgress: (Double) -> Void
        var onDone: (Data, URLResponse?, Error?) -> Void
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]

    func register(_ task: URLSessionDataTask, onProgress: @escaping (Double) -> Void, onDone: @escaping (Data, URLResponse?, Error?) -> Void) {
        lock.lock(); entries[task.taskIdentifier] = Entry(onProgress: onProgress, onDone: onDone); lock.unlock()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock(); entries[dataTask.taskIdentifier]?.expected = response.expectedContentLength; lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        entries[dataTask.taskIdentifier]?.data.append(data)
        let entry = entries[dataTask.taskIdentifier]
        lock.unlock()
        if let entry, entry.expected > 0 { entry.onProgress(min(Double(entry.data.count) / Double(entry.expected), 0.999)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock(); let entry = entries.removeValue(forKey: task.taskIdentifier); lock.unlock()
        entry?.onDone(entry?.data ?? Data(), task.response, error)
    }
}
