import SproutDocument
import SproutFiles
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import SproutSeedShop

@Suite struct CatalogTests {
    private func catalogFile(_ products: String, testURL: String = "https://seedshop.example/sunfl") throws -> String {
        let dir = try Fixtures.temporaryDirectory("catalog")
        try FileManager.default.createDirectory(atPath: dir + "/plants", withIntermediateDirectories: true)
        try Fixtures.write("o", to: dir + "/plants/sunflower.obj")
        try Fixtures.write("png", to: dir + "/packet.png")
        try Fixtures.write(
            """
            associatedDomains: [seedshop.example]
            testURL: \(testURL)
            experiences:
              - { url: "https://seedshop.example/", title: "Seed Shop", subtitle: "Grow a plant on its packet." }
            products:
            \(products)
            """, to: dir + "/catalog.yaml")
        return dir + "/catalog.yaml"
    }

    /// A model that is a symbolic link out of the catalog's folder was opened and copied into the cache.
    @Test func aModelLinkingOutOfTheFolderIsRefused() throws {
        let path = try catalogFile("  - { key: sunfl, name: S, model: plants/escape.obj, packet: packet.png, height: 3 }")
        let folder = Document.folder(of: path)
        let outside = try Fixtures.temporaryDirectory("outside")
        try Fixtures.write("secret", to: outside + "/secret.obj")
        #expect(symlink(outside + "/secret.obj", folder + "/plants/escape.obj") == 0)
        let error = #expect(throws: DocumentError.self) { try Catalog.load(path: path) }
        #expect(error?.message == folder + "/plants/escape.obj is a link that leaves \(folder); refused, not read")
        // Links that stay inside are fine.
        let inside = try catalogFile("  - { key: sunfl, name: S, model: plants/alias.obj, packet: packet.png, height: 3 }")
        #expect(symlink("sunflower.obj", Document.folder(of: inside) + "/plants/alias.obj") == 0)
        #expect(throws: Never.self) { try Catalog.load(path: inside) }
    }

    @Test func productsResolveThroughTheirURLs() throws {
        let path = try catalogFile("  - { key: sunfl, name: Mammoth Sunflower, model: plants/sunflower.obj, packet: packet.png, height: 3.0 }")
        let catalog = try Catalog.load(path: path)
        let sunflower = try #require(catalog.product("sunfl"))
        #expect(sunflower.packetWidth == 0.08 && sunflower.height == 3.0 && sunflower.name == "Mammoth Sunflower")
        #expect(sunflower.modelPath.hasSuffix("/plants/sunflower.obj"))
        #expect(try catalog.resolve("https://seedshop.example/sunfl").productKey == "sunfl")
    }

    @Test func aProductMayDeclareItsAlignmentsAndIsFoundByModelName() throws {
        let path = try catalogFile(
            """
              - { key: sunfl, name: S, model: plants/sunflower.obj, packet: packet.png, height: 3 }
              - { key: ivy, name: Ivy, model: plants/sunflower.obj, packet: packet.png, height: 1, alignment: vertical }
            """)
        let catalog = try Catalog.load(path: path)
        #expect(catalog.product("sunfl")?.allowedAlignments == [.horizontal])
        #expect(catalog.product("ivy")?.allowedAlignments == [.vertical])
        #expect(catalog.product(named: "sunflower")?.key == "sunfl")
    }

    @Test(arguments: [
        (
            "  - { key: sunfl, name: S, model: plants/sunflower.obj, packet: packet.png, height: 3, alignment: diagonal }", "products[0].alignment",
            "must be one of horizontal, vertical, any; got 'diagonal'"
        ),
        ("  - { key: sunfl, name: S, model: ../outside.obj, packet: packet.png, height: 3 }", "products[0].model", "without '..', got '../outside.obj'"),
        ("  - { key: sunfl, name: S, model: /etc/passwd, packet: packet.png, height: 3 }", "products[0].model", "without '..', got '/etc/passwd'"),
        ("  - { key: sunfl, name: S, model: plants/missing.obj, packet: packet.png, height: 3 }", "products[0].model", "plants/missing.obj does not exist"),
        (
            "  - { key: sunfl, name: S, model: plants/sunflower.obj, packet: packet.png, height: -1 }", "products[0].height",
            "must lie in (0, 100] metres, got -1.0"
        ),
        (
            "  - { key: \"sun/fl\", name: S, model: plants/sunflower.obj, packet: packet.png, height: 3 }", "products[0].key",
            "a product key is letters, digits, '-' and '_', got 'sun/fl'"
        )
    ])
    func badEntriesAreRefused(_ products: String, field: String, reason: String) throws {
        let path = try catalogFile(products)
        let error = #expect(throws: DocumentError.self) { try Catalog.load(path: path) }
        #expect(error?.field == field)
        #expect(error?.message.hasSuffix(reason) == true, "\(error?.message ?? "")")
    }

    @Test func theTestURLMustResolve() throws {
        let path = try catalogFile(
            "  - { key: sunfl, name: S, model: plants/sunflower.obj, packet: packet.png, height: 3 }",
            testURL: "https://seedshop.example/basil")
        let error = #expect(throws: DocumentError.self) { try Catalog.load(path: path) }
        #expect(error?.field == "testURL")
    }
}

@Suite struct LaunchStateTests {
    @Test func savesAndRestoresTheLastExperience() throws {
        let state = LaunchState(path: try Fixtures.temporaryDirectory("launch") + "/state/last")
        #expect(state.restore() == nil)
        try state.save("https://seedshop.example/sunfl")
        #expect(state.restore() == "https://seedshop.example/sunfl")
        try state.save("https://seedshop.example/basil")
        #expect(state.restore() == "https://seedshop.example/basil")
    }

    @Test func aCrashBetweenWriteAndRenameKeepsThePreviousState() throws {
        let state = LaunchState(path: try Fixtures.temporaryDirectory("launch-crash") + "/last")
        try state.save("https://seedshop.example/sunfl")
        // Write the next state but "crash" before the rename: the temporary file is left, named
        // as the atomic write names it (the old cleanup removed a name it never used).
        let leftover = Document.folder(of: state.path) + "/.last" + OutputFile.temporaryMarker + "Ab12Cd"
        try Fixtures.write("https://seedshop.example/basil\n", to: leftover)
        #expect(state.restore() == "https://seedshop.example/sunfl")
        // The next save replaces the leftover.
        try state.save("https://seedshop.example/tomato")
        #expect(state.restore() == "https://seedshop.example/tomato")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try FileManager.default.contentsOfDirectory(atPath: Document.folder(of: state.path)) == ["last"])
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(LaunchState.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/sprout/last-experience")
        #expect(LaunchState.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/sprout/last-experience")
        #expect(LaunchState.defaultPath(environment: [:]) == nil)
    }
}
