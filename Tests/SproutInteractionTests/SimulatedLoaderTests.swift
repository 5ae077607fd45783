import SproutSession
import Testing
@testable import SproutInteraction

@Suite struct SimulatedLoaderTests {
    /// 100 kB/s after 0.25 s: 50,000 bytes take 0.75 s, done on frame 45 at 60 fps.
    @Test func progressFollowsTheLinkAndEndsOnTheFirstFrameAtOrPastTheEnd() {
        let loader = SimulatedLoader(link: NetworkLink(bandwidth: 100_000, latency: 0.25))
        var reports: [Int: Double] = [:]
        var doneAt: Int?
        var frame = 0
        loader.load("sunfl", bytes: 50_000, at: 0, progress: { reports[frame] = $0 }, completion: { doneAt = frame })
        #expect(loader.isLoading && loader.progress(of: "sunfl") == 0)
        for k in 1...60 {
            frame = k
            loader.update(at: Double(k) / 60)
        }
        #expect(reports[15] == 0)   // still waiting for the first byte
        #expect(abs((reports[30] ?? 0) - 0.5) < 1e-12)   // 0.25 s of bytes: 25,000
        #expect(reports[44].map { $0 < 1 } == true && reports[45] == 1 && reports[46] == nil)
        #expect(doneAt == 45 && !loader.isLoading && loader.progress(of: "sunfl") == nil)
    }

    /// As `CachingWebLoader` hands out one load per URL, asking again joins the download.
    @Test func askingAgainJoinsTheDownloadUnderWay() {
        let loader = SimulatedLoader(link: NetworkLink(bandwidth: 1000, latency: 0))
        var completions: [String] = []
        loader.load("a", bytes: 1000, at: 0, completion: { completions.append("first") })
        loader.load("a", bytes: 1000, at: 0.5, completion: { completions.append("second") })
        #expect(loader.downloads.count == 1)
        loader.update(at: 0.99)
        #expect(completions.isEmpty)
        loader.update(at: 1)
        #expect(completions == ["first", "second"])
    }

    @Test func theStandardLinkTakesTheSunflowerAboutTwoSeconds() {
        #expect(abs(NetworkLink.standard.duration(bytes: 481_796) - 2.027184) < 1e-6)
    }

    /// P18 restartExperience: refused while an object loads (spec 1.11 step 1), as is the menu.
    @Test func restartAndPlacementWaitWhileSomethingLoads() throws {
        let engine = try InteractionFixture.engine()
        InteractionFixture.run(engine, seconds: 3)
        engine.loader.load("model", bytes: 250_000, at: engine.session.time)
        #expect(!engine.restartExperience() && !engine.place(InteractionFixture.pot()))
        InteractionFixture.run(engine, seconds: 1.1)   // 0.1 s + 1 s at the standard link
        #expect(!engine.loader.isLoading && engine.place(InteractionFixture.pot()) && engine.restartExperience())
    }
}
