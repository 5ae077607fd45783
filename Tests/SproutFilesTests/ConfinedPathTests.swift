import Foundation
import SproutTesting
import Testing
@testable import SproutFiles

@Suite struct ConfinedPathTests {
    @Test func relativePathsInsideTheFolderPassAndEveryEscapeIsNamed() throws {
        let root = try Fixtures.temporaryDirectory("confined")
        let folder = root + "/stage"
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try Fixtures.write("png", to: folder + "/art/wall.png")
        try Fixtures.write("secret", to: root + "/secret.png")
        #expect(ConfinedPath.resolve("art/wall.png", in: folder) == .success(folder + "/art/wall.png"))
        for bad in ["", "/etc/passwd", "../secret.png", "art/../../secret.png", "art\\wall.png"] {
            #expect(ConfinedPath.resolve(bad, in: folder) == .failure(.notRelative), "\(bad)")
        }
        #expect(ConfinedPath.resolve("art/none.png", in: folder) == .failure(.missing(path: folder + "/art/none.png")))
        // A link to a file outside, and a link to a folder outside (the old check saw neither
        // a folder link nor a relative target without '..').
        #expect(symlink(root + "/secret.png", folder + "/file-link.png") == 0)
        #expect(ConfinedPath.resolve("file-link.png", in: folder) == .failure(.leavesFolder(path: folder + "/file-link.png")))
        #expect(symlink(root, folder + "/up") == 0)
        #expect(ConfinedPath.resolve("up/secret.png", in: folder) == .failure(.leavesFolder(path: folder + "/up/secret.png")))
        // A link that stays inside is fine.
        #expect(symlink("art/wall.png", folder + "/same.png") == 0)
        #expect(ConfinedPath.resolve("same.png", in: folder) == .success(folder + "/same.png"))
    }
}
