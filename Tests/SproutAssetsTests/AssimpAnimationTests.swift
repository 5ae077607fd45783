import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// Another format's node animations and skins (COLLADA here, FBX through the same path) play.
@Suite struct AssimpAnimationTests {
    static let mover = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/mover.dae"
    static let bender = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/bender.dae"

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

    /// The fixture's strip (x 0 to 1, y 0 to 2) is skinned to "hip" (its two lower corners) and
    /// "knee" (the upper two, bound 1 m up: offset = translation (0, -1, 0)). The clip slides the
    /// knee from (0, 1, 0) to (1, 1, 0) over a second; at 0.5 s its palette matrix is
    /// T(0.5, 1, 0) x T(0, -1, 0) = T(0.5, 0, 0): the upper corners move 0.5 m along x, the lower
    /// stay, and the posed box spans x 0 to 1.5.
    @Test func aCOLLADASkinFollowsItsBones() throws {
        let asset = try ModelImporter.load(path: Self.bender, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let body = try #require(asset.root.findEntity(named: "body")), knee = try #require(asset.root.findEntity(named: "knee"))
        let model = try #require(body.model)
        let skin = try #require(model.skin)
        #expect(skin.inverseBindMatrices == [.identity, Matrix4.translation(Vec3(0, -1, 0))])
        #expect(skin.joints[1].resolve(from: body) === knee && skin.joints[0].resolve(from: body)?.name == "hip")
        let mesh = model.parts[0].mesh
        let cornerAt2 = try #require(mesh.positions.firstIndex(of: Vec3(1, 2, 0))), cornerAt0 = try #require(mesh.positions.firstIndex(of: Vec3(1, 0, 0)))
        #expect(mesh.influences(ofVertex: cornerAt2).first { $0.weight > 0 }?.joint == 1)

        let clip = try #require(asset.root.animationClips.first)
        clip.apply(to: asset.root, at: 0.5)
        let posed = mesh.deformedPositions(by: try #require(body.deformation))
        #expect(posed[cornerAt2] == Vec3(1.5, 2, 0) && posed[cornerAt0] == Vec3(1, 0, 0))
        let box = mesh.bounds(deformedBy: try #require(body.deformation), skin: skin)
        #expect(box.min.x == 0 && box.max.x == 1.5)
    }

    /// A bone naming no node leaves its node in the bind pose, said once; so does an offset
    /// matrix that is not a number (the mesh keeps no influences).
    @Test func aBoneNamingNoNodeIsWarnedAbout() throws {
        let dir = try Fixtures.temporaryDirectory("assimp-skin")
        let text = try String(decoding: Fixtures.read(Self.bender), as: UTF8.self)
        try Fixtures.write(text.replacingOccurrences(of: #"count="2">hip knee</Name_array>"#, with: #"count="2">hip ankle</Name_array>"#), to: dir + "/b.dae")
        let asset = try ModelImporter.load(path: dir + "/b.dae", cache: nil)
        #expect(asset.root.findEntity(named: "body")?.model?.skin == nil)

        try Fixtures.write(text.replacingOccurrences(of: "0 1 0 -1 0 0 1 0", with: "0 1 0 nan 0 0 1 0"), to: dir + "/n.dae")
        let notANumber = try ModelImporter.load(path: dir + "/n.dae", cache: nil)
        #expect(notANumber.root.findEntity(named: "body")?.model?.skin == nil)
        #expect(notANumber.root.findEntity(named: "body")?.model?.parts[0].mesh.skinSets == 0)
        #expect(notANumber.warnings.count == 1 && notANumber.warnings[0].contains("1 skinned mesh(es) whose bones Sprout cannot follow"))
        #expect(asset.warnings == ["\(dir)/b.dae: has 1 skinned node(s) with a bone naming no node, which Sprout draws in their bind pose"])
    }
}
