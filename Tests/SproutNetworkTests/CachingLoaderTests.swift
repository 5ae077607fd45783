import Foundation
@testable import SproutNetwork
import SproutTesting
import Testing

/// The loader against a real HTTP server on 127.0.0.1, started here.
@Suite(.serialized) struct CachingLoaderTests {
    final class Fractions: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Double] = []
        func add(_ x: Double) { lock.lock(); values.append(x); lock.unlock() }
        var all: [Double] { lock.lock(); defer { lock.unlock() }; return values }
    }

    @Test func downloadsWithProgressThenServesFromTheCache() throws {
        let server = try LoopbackServer()
        let loader = CachingLoader(cacheDirectory: try Fixtures.temporaryDirectory("cache"), fetcher: CurlFetcher())
        let fractions = Fractions()
        let path = try loader.load(server.url("/ok/sunflower.obj")) { fractions.add($0) }
        #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == server.body)
        #expect(fractions.all.count >= 3 && fractions.all.last == 1)
        #expect(fractions.all == fractions.all.sorted())
        // A cache hit skips the network.
        _ = try loader.load(server.url("/ok/sunflower.obj"))
        #expect(server.requests("/ok/sunflower.obj") == 1)
        #expect(path.hasPrefix(loader.cacheDirectory + "/") && path.hasSuffix("-sunflower.obj"))
    }

    @Test func oneDownloadHoweverManyAsk() throws {
        let server = try LoopbackServer(bodySize: 400_000)
        let loader = CachingLoader(cacheDirectory: try Fixtures.temporaryDirectory("cache-dedup"), fetcher: CurlFetcher())
        let url = server.url("/ok/packet.png")
        let paths = Fractions()   // reused as a thread-safe box of results
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if (try? loader.load(url)) != nil { paths.add(1) }
        }
        #expect(paths.all.count == 6)
        #expect(server.requests("/ok/packet.png") == 1)
    }

    @Test func aFailureIsForgottenSoARetryStartsAfresh() throws {
        let server = try LoopbackServer()
        let loader = CachingLoader(cacheDirectory: try Fixtures.temporaryDirectory("cache-fail"), fetcher: CurlFetcher())
        server.failFlaky(times: 1)
        let url = server.url("/flaky")
        let error = #expect(throws: CachingLoader.Failure.self) { try loader.load(url) }
        #expect(error?.reason.hasPrefix("download failed") == true || error?.reason.hasPrefix("the download stopped") == true, "\(error?.reason ?? "")")
        #expect(!FileManager.default.fileExists(atPath: loader.cachedPath(for: url)))
        let path = try loader.load(url)
        #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == server.body)
        #expect(server.requests("/flaky") == 2)
        #expect(throws: CachingLoader.Failure.self) { try loader.load(server.url("/missing")) }
    }

    @Test func fileURLsAreCachedToo() throws {
        let dir = try Fixtures.temporaryDirectory("cache-file")
        try Fixtures.write("plant", to: dir + "/plant.obj")
        let loader = CachingLoader(cacheDirectory: dir + "/cache", fetcher: CurlFetcher())
        let path = try loader.load("file://" + dir + "/plant.obj")
        #expect(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) == "plant")
        #expect(throws: CachingLoader.Failure.self) { try loader.load("file://" + dir + "/missing.obj") }
        #expect(throws: CachingLoader.Failure.self) { try loader.load("ftp://example.com/x") }
    }

    /// The core has no network of its own: web URLs need a fetcher, and a test can pass one.
    @Test func webURLsGoThroughTheGivenFetcherOnly() throws {
        let dir = try Fixtures.temporaryDirectory("cache-fetcher")
        let bare = CachingLoader(cacheDirectory: dir + "/a")
        let error = #expect(throws: CachingLoader.Failure.self) { try bare.load("https://seedshop.example/plant.glb") }
        #expect(error?.reason == "no network fetcher was given to this loader, so only file: URLs load")

        struct Canned: HTTPFetcher {
            func fetch(
                _ url: URL, progress: @escaping @Sendable (Double) -> Void,
                completion: @escaping @Sendable (Result<Data, FetchFailure>) -> Void
            ) {
                progress(0.5)
                completion(url.path == "/gone" ? .failure(FetchFailure("the server answered 404")) : .success(Data("leaf".utf8)))
            }
        }
        let loader = CachingLoader(cacheDirectory: dir + "/b", fetcher: Canned())
        let fractions = Fractions()
        let path = try loader.load("https://seedshop.example/plant.glb") { fractions.add($0) }
        #expect(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) == "leaf")
        #expect(fractions.all == [0.5, 1])
        let gone = #expect(throws: CachingLoader.Failure.self) { try loader.load("https://seedshop.example/gone") }
        #expect(gone?.description == "https://seedshop.example/gone: the server answered 404")
    }
}
