import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutApp

/// Sprout's `Assets/` is found only where Sprout put it: never in a folder that merely has the
/// name, beside or above the program (issue 26, item 1).
@Suite struct ResourceLocatorTests {
    /// A fake program in `folder/bin/app`, with a user's own `Assets/` beside it and above it.
    func programAmongUsersFolders() throws -> (folder: String, executable: String) {
        let folder = try Fixtures.temporaryDirectory("locator")
        for assets in ["/Assets/stages", "/bin/Assets/stages"] {
            try FileManager.default.createDirectory(atPath: folder + assets, withIntermediateDirectories: true)
        }
        return (folder, folder + "/bin/app")
    }

    @Test func aUsersAssetsFolderIsNeverTaken() throws {
        let (folder, executable) = try programAmongUsersFolders()
        let result = ResourceLocator.locateAssets(environment: [:], executable: executable)
        guard case .failure(let error) = result else { Issue.record("found \(result)"); return }
        #expect(
            error.description == "cannot find Sprout's Assets/: no \(folder)/bin/Sprout_SproutApp.resources/Assets (copy "
                + "Sprout_SproutApp.resources beside the program, or set SPROUT_RESOURCES to a folder holding Assets/)")
    }

    @Test func theBundleBesideTheProgramIsFound() throws {
        let (folder, executable) = try programAmongUsersFolders()
        try FileManager.default.createDirectory(atPath: folder + "/bin/Sprout_SproutApp.resources/Assets", withIntermediateDirectories: true)
        #expect(try ResourceLocator.locateAssets(environment: [:], executable: executable).get() == folder + "/bin/Sprout_SproutApp.resources/Assets")
    }

    @Test func theEnvironmentVariableWinsAndAWrongOneIsAnError() throws {
        let (folder, executable) = try programAmongUsersFolders()
        try FileManager.default.createDirectory(atPath: folder + "/bin/Sprout_SproutApp.resources/Assets", withIntermediateDirectories: true)
        let environment = ["SPROUT_RESOURCES": folder + "/bin/"]
        #expect(try ResourceLocator.locateAssets(environment: environment, executable: executable).get() == folder + "/bin/Assets")
        let wrong = ResourceLocator.locateAssets(environment: ["SPROUT_RESOURCES": folder + "/nowhere"], executable: executable)
        guard case .failure(let error) = wrong else { Issue.record("found \(wrong)"); return }
        #expect(error.description == "SPROUT_RESOURCES=\(folder)/nowhere: no Assets/ folder there")
    }

    @Test func thisTestProgramFindsSproutsOwnBundle() throws {
        let assets = try Assets.requireDirectory()
        #expect(assets.hasSuffix("/Sprout_SproutApp.resources/Assets"))
        #expect(FileManager.default.fileExists(atPath: assets + "/stages/tabletop.yaml"))
        #expect(try Assets.stage("tabletop").name == "tabletop")
    }
}
