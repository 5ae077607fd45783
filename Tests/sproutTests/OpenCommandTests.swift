import ArgumentParser
import SproutAssets
import SproutPlants
import SproutScene
import SproutSeedShop
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

@Suite struct CatalogIntegrityTests {
    /// Every product's model loads and stands as tall as the catalog says, within 2 %.
    @Test func everyProductLoadsAtItsStatedHeight() throws {
        let catalog = try Catalog.load(path: Fixtures.assetsDirectory + "/catalog.yaml")
        #expect(!catalog.products.isEmpty)
        for product in catalog.products {
            let asset = try ModelImporter.load(path: product.modelPath)
            let height = asset.bounds.extents.y
            #expect(abs(height - product.height) / product.height < 0.02, "\(product.key): \(height) m, catalog says \(product.height) m")
            #expect(FileManager.default.fileExists(atPath: product.packetPath))
            #expect(try catalog.resolve("https://seedshop.example/\(product.key)").productKey == product.key)
        }
        #expect(try catalog.resolve(try #require(catalog.testURL)).productKey == "sunfl")
    }

    @Test func theSunflowerIsAMammoth() throws {
        let catalog = try Catalog.load(path: Fixtures.assetsDirectory + "/catalog.yaml")
        let sunflower = try #require(catalog.product("sunfl"))
        #expect(sunflower.height >= 2.5 && sunflower.height <= 3.5)
        // The head (the petals' crown) is about 30 cm across: measured on the generator's parts.
        let petals = try #require(SunflowerGenerator().parts().first { $0.mesh.name == "petals" })
        let across = petals.mesh.bounds.extents.x
        #expect(abs(across - 0.30) < 0.05, "head \(across) m across")
    }
}

@Suite struct OpenCommandTests {
    @Test func aForeignURLIsRefusedAndNothingIsSaved() throws {
        let dir = try Fixtures.temporaryDirectory("open")
        let error = #expect(throws: (any Error).self) {
            try OpenCommand.parse([
                "https://evil.example/sunfl", "--output", dir + "/frames", "--state", dir + "/sprout/last-experience", "--cache", dir + "/cache"
            ]).run()
        }
        #expect("\(error!)".contains("is not an associated domain"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/sprout/last-experience"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
    }
}
