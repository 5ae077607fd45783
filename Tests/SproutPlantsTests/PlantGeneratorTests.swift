import SproutMath
import Testing
import SproutScene
@testable import SproutPlants

@Suite struct PlantGeneratorTests {
    private func bounds(_ parts: [ModelPart]) -> BoundingBox {
        parts.reduce(into: BoundingBox.empty) { $0.formUnion($1.mesh.bounds) }
    }

    @Test(arguments: ["tomato", "basil", "lavender", "tulip", "corn"])
    func eachSpeciesStandsItsDocumentedHeight(_ name: String) throws {
        let species = try #require(HerbGenerator.species[name])
        let parts = HerbGenerator(species: species, seed: 1).parts()
        #expect(abs(bounds(parts).extents.y - species.height) < 1e-3)
        #expect(parts.count >= 3)   // stems, leaves, flowers or fruit
        // Deterministic for a seed; another seed gives another plant.
        #expect(HerbGenerator(species: species, seed: 1).parts().map(\.mesh.positions) == parts.map(\.mesh.positions))
        #expect(HerbGenerator(species: species, seed: 2).parts().map(\.mesh.positions) != parts.map(\.mesh.positions))
    }

    @Test(arguments: PlantLibrary.names.filter { $0 != "seedling" })
    func cheaperLevelsStandAsTallWithFewerTriangles(_ name: String) throws {
        let full = try #require(PlantLibrary.parts(name))
        let levels = PlantLibrary.levelsOfDetail(name)
        #expect(levels.count == 3)
        var triangles = full.reduce(0) { $0 + $1.mesh.triangleCount }
        for (index, level) in levels.enumerated() {
            #expect(abs(bounds(level).max.y - bounds(full).max.y) < 0.02 * bounds(full).max.y)   // the same plant, as tall
            #expect(level.map(\.material.name) == full.map(\.material.name))
            let count = level.reduce(0) { $0 + $1.mesh.triangleCount }
            // Levels 1 and 2 each under half the one before; level 3, whose round parts and
            // tubes were at their fewest faces already, under it.
            #expect(index < 2 ? count * 2 < triangles : count < triangles)
            triangles = count
        }
    }

    @Test func theSunflowersLevelsHaveTheirTriangleCounts() {
        let count = { (parts: [ModelPart]) in parts.map(\.mesh.triangleCount) }
        // stem (rings x sides x 2), leaves (16 x quads x 2 x sheets), disc (rings x segments x 2, and its back), 52 petals
        #expect(count(SunflowerGenerator().parts()) == [24 * 12 * 2, 16 * 16 * 2 * 2, 8 * 40 * 2 * 2, 52 * 16 * 2 * 2])
        #expect(count(SunflowerGenerator().parts(detail: .reduced)) == [8 * 6 * 2, 16 * 16 * 2, 4 * 20 * 2, 52 * 4 * 2])
        #expect(count(SunflowerGenerator().parts(detail: .coarse)) == [4 * 3 * 2, 16 * 2 * 2, 2 * 10 * 2, 52 * 2 * 2])
        // Level 3: a stem of two segments, one quad a leaf, the first ring of petals alone.
        #expect(count(SunflowerGenerator().parts(detail: .minimal)) == [2 * 3 * 2, 16 * 1 * 2, 2 * 10 * 2, 26 * 1 * 2])
        #expect(SunflowerGenerator().parts(detail: .reduced).allSatisfy { $0.material.isDoubleSided || $0.mesh.name == "stem" })
        #expect(PlantLibrary.levelsOfDetail("seedling").isEmpty)
    }

    @Test func theSunflowerIsAMammothWithA30CentimetreHead() {
        let parts = SunflowerGenerator().parts()
        let height = bounds(parts).max.y
        #expect(height > 2.9 && height < 3.1)
        let petals = parts.first { $0.mesh.name == "petals" }!
        #expect(abs(petals.mesh.bounds.extents.x - 0.30) < 0.03)
    }
}
