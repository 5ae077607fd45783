import SproutImage
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

/// `sprout play` with pictures, in the serialized CLI GL suite.
extension RenderCommandGLTests {
    @Test func playWritesSnapshotsAndAGIFThatAreTheSameEveryRun() throws {
        let dir = try Fixtures.temporaryDirectory("play-frames")
        try Fixtures.write("""
        viewport: [160, 90]
        seed: 3
        steps:
          - wait: 3
          - place: pot
          - wait: 0.2
          - snapshot: placed
        """, to: dir + "/small.yaml")
        for run in ["a", "b"] {
            try PlayCommand.parse([dir + "/small.yaml", "--output", dir + "/" + run, "--video", dir + "/\(run).gif"]).run()
        }
        let a = try ImageFile.read(path: dir + "/a/placed.png"), b = try ImageFile.read(path: dir + "/b/placed.png")
        #expect(a.width == 160 && a.height == 90)
        #expect(a == b)
        // The pot stands in the middle: a terracotta pixel at the centre (red over blue).
        let centre = a[80, 44]
        #expect(centre.r > centre.b, "centre \(centre)")
        let gifA = try #require(FileManager.default.contents(atPath: dir + "/a.gif"))
        let gifB = try #require(FileManager.default.contents(atPath: dir + "/b.gif"))
        #expect(gifA == gifB && gifA.count > 1000)
    }
}
