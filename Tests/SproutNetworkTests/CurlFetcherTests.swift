import Foundation
@testable import SproutNetwork
import Testing

/// libcurl opened on the first download, against the loopback server.
@Suite(.serialized) struct CurlFetcherTests {
    func get(_ url: String, maximumBytes: Int = 1 << 30, progress: @escaping (Double) -> Void = { _ in }) -> Result<Data, FetchFailure> {
        CurlFetcher(timeout: 5, maximumBytes: maximumBytes).get(URL(string: url)!, progress: progress)
    }

    @Test func theBodyArrivesWithRisingProgressBelowOne() throws {
        let server = try LoopbackServer(bodySize: 100_000)
        var fractions: [Double] = []
        let data = try get(server.url("/ok/a.glb")) { fractions.append($0) }.get()
        #expect([UInt8](data) == server.body)
        #expect(fractions.count >= 3 && fractions == fractions.sorted() && fractions.last! < 1)
    }

    @Test func aBodyPastTheLimitStopsThere() throws {
        let server = try LoopbackServer(bodySize: 200_000)
        let result = get(server.url("/ok/big.glb"), maximumBytes: 50_000)
        #expect(throws: FetchFailure.self) { try result.get() }
        if case .failure(let failure) = result { #expect(failure.description == "the download is larger than the limit of 50000 bytes") }
    }

    @Test func anErrorStatusAndANetworkFailureAreNamed() throws {
        let server = try LoopbackServer()
        if case .failure(let failure) = get(server.url("/missing")) {
            #expect(failure.description == "the server answered 404")
        } else {
            Issue.record("a 404 was taken for a download")
        }
        if case .failure(let failure) = get(server.url("/fail")) {
            #expect(failure.description.hasPrefix("download failed: "), "\(failure)")
        } else {
            Issue.record("a body cut short was taken for a download")
        }
        // Port 1 on the loopback: nothing listens there.
        if case .failure(let failure) = get("http://127.0.0.1:1/x.glb") {
            #expect(failure.description.hasPrefix("download failed: "), "\(failure)")
        } else {
            Issue.record("a refused connection was taken for a download")
        }
    }

    /// The loopback server sends its body in 8 KiB pieces 2 ms apart: 400 KB take at least a
    /// tenth of a second, so 20 ms in all stops it, named.
    @Test func aDownloadPastItsTimeStops() throws {
        let server = try LoopbackServer(bodySize: 400_000)
        let result = CurlFetcher(timeout: 5, maximumSeconds: 0.02).get(URL(string: server.url("/ok/slow.glb"))!) { _ in }
        guard case .failure(let failure) = result else {
            Issue.record("a download past its time limit was taken")
            return
        }
        #expect(failure.description.hasPrefix("download failed: Timeout"), "\(failure)")
    }

    @Test func onlyHTTPAndHTTPSAreFetched() {
        guard case .failure(let failure) = get("file:///etc/hostname") else {
            Issue.record("a file: URL went through the fetcher")
            return
        }
        #expect(failure.description.hasPrefix("download failed: "), "\(failure)")
    }
}
