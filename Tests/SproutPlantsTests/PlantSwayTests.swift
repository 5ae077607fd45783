import SproutMath
import SproutScene
import Testing
@testable import SproutPlants

/// The sway a catalog plant carries (issue 28): bends quadratic in height, leaves lifting, a
/// seamless loop of the weights.
@Suite struct PlantSwayTests {
    @Test func bendsGrowWithTheSquareOfHeightAndOnlyLeavesLift() {
        let mesh = Mesh(positions: [Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(0, 2, 0), Vec3(0.5, 1, 0)], indices: [0, 1, 3, 1, 2, 3])
        let parts = PlantSway.addingTargets(to: [ModelPart(mesh: mesh, material: Material(name: "stems")),
                                                 ModelPart(mesh: mesh, material: Material(name: "leaves"))], height: 2)
        let stem = parts[0].mesh.morphTargets, leaves = parts[1].mesh.morphTargets
        #expect(stem.count == 3 && PlantSway.targetNames.count == 3)
        // A tip 2 m up moves 3 % of the height (6 cm) at weight 1; halfway up, a quarter of that; the base stays.
        #expect(stem[0].positionOffsets.map(\.x) == [0, 0.015, 0.06, 0.015])
        #expect(stem[1].positionOffsets.map(\.z) == [0, 0.015, 0.06, 0.015])
        #expect(stem[2].positionOffsets.allSatisfy { $0 == .zero })
        // A leaf point 0.5 m from the stem's axis rises 8 % of that.
        #expect(leaves[2].positionOffsets[3] == Vec3(0, 0.04, 0) && leaves[2].positionOffsets[1] == .zero)
    }

    @Test func theClipLoopsWithoutASeam() {
        let sampler = PlantSway.sampler
        #expect(sampler.duration == PlantSway.duration && sampler.times.count == 65 && sampler.width == 3)
        #expect(sampler.sample(at: 0) == sampler.sample(at: PlantSway.duration))
        // A quarter of the x bend's cycle (1 s): full bend; the leaves at the middle of theirs.
        let w = PlantSway.weights(at: 1)
        #expect(abs(w[0] - 1) < 1e-6 && abs(w[2] - 0.5) < 1e-6 && abs(w[1] - 0.6 * sin(3 * Float.pi / 4 + 1)) < 1e-6)
    }
}
