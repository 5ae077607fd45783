import SproutMath
import SproutScene
import Testing
@testable import SproutPlants

/// The sway a catalog plant carries (issue 28): bends quadratic in height, leaves lifting, a
/// seamless loop of the weights.
@Suite struct PlantSwayTests {
    @Test func bendsGrowWithTheSquareOfHeightAndOnlyLeavesLift() {
        let mesh = Mesh(positions: [Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(0, 2, 0), Vec3(0.5, 1, 0)], indices: [0, 1, 3, 1, 2, 3])
        let parts = PlantSway.addingTargets(
            to: [
                ModelPart(mesh: mesh, material: Material(name: "stems")),
                ModelPart(mesh: mesh, material: Material(name: "leaves"))
            ], height: 2)
        let stem = parts[0].mesh.morphTargets, leaves = parts[1].mesh.morphTargets
        #expect(stem.count == 5 && PlantSway.targetNames.count == 5)
        // A tip 2 m up moves 3 % of the height (6 cm) at weight 1; halfway up, a quarter of that; the base stays.
        #expect(stem[0].positionOffsets.map(\.x) == [0, 0.015, 0.06, 0.015])
        #expect(stem[1].positionOffsets.map(\.x) == [0, -0.015, -0.06, -0.015])
        #expect(stem[2].positionOffsets.map(\.z) == [0, 0.015, 0.06, 0.015])
        #expect(stem[4].positionOffsets.allSatisfy { $0 == .zero })
        // A leaf point 0.5 m from the stem's axis rises 8 % of that.
        #expect(leaves[4].positionOffsets[3] == Vec3(0, 0.04, 0) && leaves[4].positionOffsets[1] == .zero)
    }

    @Test func theClipLoopsWithoutASeam() {
        let sampler = PlantSway.sampler
        #expect(sampler.duration == PlantSway.duration && sampler.times.count == 65 && sampler.width == 5)
        #expect(sampler.sample(at: 0) == sampler.sample(at: PlantSway.duration))
        // A quarter of the x bend's cycle (1 s): full bend towards +x; the leaves at the middle of theirs.
        let w = PlantSway.weights(at: 1)
        #expect(abs(w[0] - 1) < 1e-6 && w[1] == 0 && abs(w[4] - 0.5) < 1e-6)
        // z: 0.6 sin(3 pi / 4 + 1) = -0.128, a bend towards -z.
        #expect(w[2] == 0 && abs(w[3] + 0.6 * sin(3 * Float.pi / 4 + 1)) < 1e-6)
        // Three quarters (3 s): towards -x. No weight is ever negative (Blender clamps them at 0).
        #expect(abs(PlantSway.weights(at: 3)[1] - 1) < 1e-6 && PlantSway.weights(at: 3)[0] == 0)
        #expect(sampler.values.allSatisfy { $0 >= 0 && $0 <= 1 })
    }
}
