import Foundation
import SproutImage
import SproutScene
import SproutTesting
import Testing
@testable import SproutGolden

/// One policy for goldens: `sprout test`, `expect: { image: }` and a user's `Golden.check`
/// all go through `GoldenCheck` (issue 31, item 5).
@Suite struct GoldenPolicyTests {
    static func grey(_ v: UInt8) -> Image {
        Image(width: 2, height: 2, pixels: [UInt8](repeating: v, count: 16).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
    }
    static func twoTone() -> Image { Image(width: 2, height: 1, pixels: [10, 20, 30, 255, 200, 100, 50, 255]) }

    @Test func aUsersCheckWritesAMissingGoldenFailsAndThenPasses() throws {
        let dir = try Fixtures.temporaryDirectory("golden-policy")
        let path = dir + "/g.png"
        let error = #expect(throws: Golden.Mismatch.self) { try Golden.check(Self.twoTone(), against: path) }
        #expect(error?.outcome.status == .new && FileManager.default.fileExists(atPath: path))
        #expect(try Golden.check(Self.twoTone(), against: path).status == .passed)
        // A difference beyond the tolerance writes the rendering and the diff beside the golden.
        var changed = Self.twoTone()
        changed.pixels[0] = 200
        let mismatch = #expect(throws: Golden.Mismatch.self) { try Golden.check(changed, against: path) }
        #expect(mismatch?.outcome.status == .failed && mismatch?.outcome.actual == dir + "/g.actual.png" && mismatch?.outcome.diff == dir + "/g.diff.png")
    }

    @Test func aFlatNewGoldenIsWrittenWithAWarningAndRefusedOnUpdate() throws {
        let dir = try Fixtures.temporaryDirectory("golden-flat")
        let fresh = GoldenCheck(resultsFolder: dir).check(Self.grey(128), golden: dir + "/flat.png", name: "flat")
        #expect(fresh.status == .new && fresh.warning?.contains("one flat colour") == true)
        let update = GoldenCheck(updating: true, resultsFolder: dir).check(Self.grey(90), golden: dir + "/flat.png", name: "flat")
        #expect(update.status == .failed && update.summary.contains("not written as the golden"))
    }
}
