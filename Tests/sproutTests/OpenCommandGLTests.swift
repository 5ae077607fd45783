import SproutApp
import SproutImage
import SproutTesting
import SproutWorld
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

/// `sprout open` offscreen, in the serialized CLI GL suite.
extension RenderCommandGLTests {
    /// The offscreen demo tells the sample's story: scanning with its coaching text, the code
    /// read, the packet in view, the plant growing, the grown plant from a step back; and the
    /// demo's own device path never limits tracking.
    @Test func theOpenDemoTellsTheStoryWithoutSelfInflictedWarnings() throws {
        let dir = try Fixtures.temporaryDirectory("open-story")
        let surface = try OffscreenSurface(width: 1280, height: 720, samples: 0)
        let world = try World.onStage("tabletop", seed: 1, viewport: surface.viewport)
        let catalog = try Assets.catalog()
        world.startSeedShop(catalog: catalog, launchURL: "https://seedshop.example/sunfl", loadModel: Assets.localProductLoader())
        let loop = try FrameLoop(world: world, surface: surface)
        let packet = try #require(world.stage.images.first { catalog.product($0.name) != nil }).frame.center
        let story = SeedShopStory(world: world, packet: packet)
        var coaching: [String] = [], limited = false
        let tour = story.tour(folder: dir)
        let written = try tour.run(
            loop, on: surface, beforeStep: { story.beforeStep($0) },
            afterStep: { _ in
                if case .limited = world.session.trackingState, world.frameCount > 60 { limited = true }
                if world.seedShop!.isCoachingVisible, coaching.last != world.seedShop!.coachingText { coaching.append(world.seedShop!.coachingText) }
            })
        #expect(written.count == 5 && story.taken == SeedShopStory.moments)
        #expect(coaching.first == "Scan code to start")
        #expect(!limited)   // no "Excessive motion" of the demo's own making
        #expect(world.seedShop!.presented.keys.sorted() == ["sunfl"])
        // The grown plant is whole in the last frame: it stands its 3 m, and the frame is not the first one again.
        let grown = try #require(world.seedShop!.presented["sunfl"]).visualBounds()
        #expect(abs(grown.max.y - grown.min.y - 3.0) < 0.05)
        #expect(try ImageFile.read(path: written[4]) != ImageFile.read(path: written[3]))
    }

    @Test func openGrowsTheSunflowerAndALaterLaunchRestoresIt() throws {
        let dir = try Fixtures.temporaryDirectory("open-frames")
        try OpenCommand.parse([
            "https://seedshop.example/sunfl", "--frames", "2", "--output", dir + "/a", "--state", dir + "/sprout/last-experience", "--cache", dir + "/cache"
        ]).run()
        #expect(
            String(decoding: FileManager.default.contents(atPath: dir + "/sprout/last-experience") ?? Data(), as: UTF8.self)
                == "https://seedshop.example/sunfl\n")
        let last = try ImageFile.read(path: dir + "/a/frame-001.png")
        #expect(last.width == 1280)
        // A launch without a URL restores the saved experience and draws the same.
        // (--frames 2: the first two moments, scanning and the code read.)
        try OpenCommand.parse(["--frames", "2", "--output", dir + "/b", "--state", dir + "/sprout/last-experience", "--cache", dir + "/cache"]).run()
        #expect(try ImageFile.read(path: dir + "/b/frame-001.png") == last)
    }
}
