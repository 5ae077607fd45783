import SproutImage
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

/// `sprout open` offscreen, in the serialized CLI GL suite.
extension RenderCommandGLTests {
    @Test func openGrowsTheSunflowerAndALaterLaunchRestoresIt() throws {
        let dir = try Fixtures.temporaryDirectory("open-frames")
        try OpenCommand.parse(["https://seedshop.example/sunfl", "--size", "160x90", "--frames", "2", "--output", dir + "/a", "--state", dir + "/sprout/last-experience", "--cache", dir + "/cache"]).run()
        #expect(String(decoding: FileManager.default.contents(atPath: dir + "/sprout/last-experience") ?? Data(), as: UTF8.self) == "https://seedshop.example/sunfl\n")
        let last = try ImageFile.read(path: dir + "/a/frame-001.png")
        #expect(last.width == 160)
        // A launch without a URL restores the saved experience and draws the same.
        try OpenCommand.parse(["--size", "160x90", "--frames", "2", "--output", dir + "/b", "--state", dir + "/sprout/last-experience", "--cache", dir + "/cache"]).run()
        #expect(try ImageFile.read(path: dir + "/b/frame-001.png") == last)
    }
}
