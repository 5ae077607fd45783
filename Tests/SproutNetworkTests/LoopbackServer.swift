import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.0 server on 127.0.0.1 for the loader tests, on its own thread:
/// `/ok/NAME` sends `body` in 8 KiB pieces with a short pause between them (so progress is
/// seen), `/fail` promises `body.count` bytes, sends a tenth and closes; `/missing` is a 404.
/// It counts the requests per path.
final class LoopbackServer: @unchecked Sendable {
    let port: UInt16
    let body: [UInt8]
    private let socketFD: Int32
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var failNext = 0

    init(bodySize: Int = 200_000) throws {
        body = (0..<bodySize).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        socketFD = fd
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [unowned self] in self.serve() }
        thread.start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func requests(_ path: String) -> Int { lock.lock(); defer { lock.unlock() }; return counts[path] ?? 0 }

    /// The next `n` requests to `/flaky` fail mid-download; later ones succeed.
    func failFlaky(times n: Int) { lock.lock(); failNext = n; lock.unlock() }

    private func serve() {
        while true {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { return }
            Thread { [unowned self] in self.handle(client) }.start()
        }
    }

    private func handle(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(client, &buffer, buffer.count)
        guard n > 0, let request = String(bytes: buffer[0..<n], encoding: .utf8),
            let path = request.split(separator: " ").dropFirst().first.map(String.init)
        else { return }
        lock.lock()
        counts[path, default: 0] += 1
        var fail = path == "/fail"
        if path == "/flaky", failNext > 0 { failNext -= 1; fail = true }
        lock.unlock()
        if path == "/missing" {
            send(client, Array("HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8))
            return
        }
        send(client, Array("HTTP/1.0 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
        let limit = fail ? body.count / 10 : body.count
        var offset = 0
        while offset < limit {
            let end = min(offset + 8192, limit)
            send(client, Array(body[offset..<end]))
            offset = end
            usleep(2000)
        }
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a client that hung up (a download refused part way) must not raise
            // SIGPIPE, which would end the whole test process without a word.
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }
}
