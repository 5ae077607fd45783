import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// Another format's node animations (COLLADA here, FBX through the same path) play as clips.
@Suite struct AssimpAnimationTests {
    static let mover = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/mover.dae"

    /// The fixture's one clip lifts "mover" from y 0 to y 2 over a second: at 0.5 s it is at
    /// y 1, at 1 s and after at y 2; nothing is warned about. (Assimp gives COLLADA's animated
    /// transform as position, rotation and scaling keys: three channels.)
    @Test func aCOLLADANodeAnimationPlays() throws {
        let asset = try ModelImporter.load(path: Self.mover, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let clip = try #require(asset.root.animationClips.first)
        #expect(asset.root.animationClips.count == 1 && clip.duration == 1)
        #expect(clip.channels.map(\.property) == [.translation, .rotation, .scale])
        let mover = try #require(asset.root.findEntity(named: "mover"))
        clip.apply(to: asset.root, at: 0.5)
        #expect(mover.transform.translation == Vec3(0, 1, 0))
        clip.apply(to: asset.root, at: 3)
        #expect(mover.transform.translation == Vec3(0, 2, 0))
    }

    /// A key that is not a number cannot be played: its channel (the position's) is left out
    /// and said; the rotation and scaling keys still play.
    @Test func keysThatAreNotNumbersAreWarnedAbout() throws {
        let dir = try Fixtures.temporaryDirectory("assimp-animation")
        let text = try String(decoding: Fixtures.read(Self.mover), as: UTF8.self)
        try Fixtures.write(
            text.replacingOccurrences(of: #"count="6">0 0 0 0 2 0</float_array>"#, with: #"count="6">0 0 0 0 nan 0</float_array>"#), to: dir + "/m.dae")
        let asset = try ModelImporter.load(path: dir + "/m.dae", cache: nil)
        #expect(asset.root.animationClips.first?.channels.map(\.property) == [.rotation, .scale])
        #expect(
            asset.warnings == ["\(dir)/m.dae: has 1 animation channel(s) Sprout cannot play (keys not in time order or not finite, or on no node it draws)"])
    }
}
