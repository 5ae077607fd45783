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

    @Test func theSunflowerIsAMammothWithA30CentimetreHead() {
        let parts = SunflowerGenerator().parts()
        let height = bounds(parts).max.y
        #expect(height > 2.9 && height < 3.1)
        let petals = parts.first { $0.mesh.name == "petals" }!
        #expect(abs(petals.mesh.bounds.extents.x - 0.30) < 0.03)
    }
}
