import SproutMath
import Testing
@testable import SproutSession

/// Room geometry with coordinates no room has (issue 30, item 8): a vertex 1e17 m away, a
/// triangle 1e19 m off, NaN: built and searched without a trap (Float-to-Int conversions clamp).
@Suite struct FarCoordinateTests {
    /// A 1 m floor square and `extra`, as triangles.
    func floor(plus extra: [Vec3]) -> [Vec3] {
        [Vec3(0, 0, 0), Vec3(1, 0, 1), Vec3(1, 0, 0), Vec3(0, 0, 0), Vec3(0, 0, 1), Vec3(1, 0, 1)] + extra
    }

    @Test(arguments: [Float(1e17), 1e19, .nan, .infinity])
    func farAndNonFiniteVerticesNeitherTrapNorSpoilTheFloor(_ far: Float) {
        var extra: [Vec3] = [Vec3(far, 0, 0), Vec3(far, 1, 0), Vec3(far, 0, 1)]
        for i in 0..<30 {
            let x = Float(i)
            extra += [Vec3(x, 0, 2), Vec3(x + 1, 0, 3), Vec3(x + 1, 0, 2)]
        }
        let vertices = floor(plus: extra)
        let regions = PlanarRegions(vertices: vertices)
        #expect(!regions.regions.isEmpty)
        let bvh = TriangleBVH(vertices: vertices)
        let hit = bvh.nearestHit(origin: Vec3(0.25, 1, 0.75), direction: Vec3(0, -1, 0))
        #expect(hit.map { abs($0.t - 1) < 1e-5 } == true)
    }

    @Test func clampedIntNeverTraps() {
        #expect(clampedInt(1e20, in: 0...9) == 9 && clampedInt(-1e20, in: 0...9) == 0 && clampedInt(.nan, in: 0...9) == 0)
        #expect(clampedInt(3.7, in: 0...9) == 3 && clampedInt(.infinity, in: Int.min...Int.max) == Int.max)
    }
}
