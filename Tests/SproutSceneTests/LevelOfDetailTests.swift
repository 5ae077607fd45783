import SproutMath
import Testing
@testable import SproutScene

@Suite struct LevelOfDetailTests {
    let full = ModelPart(mesh: MeshFactory.sphere(radius: 1, segments: 32, rings: 16, name: "full"), material: Material())
    let half = ModelPart(mesh: MeshFactory.sphere(radius: 1, segments: 8, rings: 4, name: "half"), material: Material())
    let box = ModelPart(mesh: MeshFactory.box(size: .one, name: "box"), material: Material())

    @Test func theSmallestLevelThatAllowsTheHeightIsDrawn() {
        // Levels in any order: each is drawn below its own height.
        let model = ModelComponent(
            parts: [full],
            levelsOfDetail: [
                LevelOfDetail(maxScreenHeight: 0.2, parts: [box]),
                LevelOfDetail(maxScreenHeight: 0.5, parts: [half])
            ])
        #expect(model.parts(forScreenHeight: 2).map(\.mesh.name) == ["full"])
        #expect(model.parts(forScreenHeight: 0.5).map(\.mesh.name) == ["full"])   // at the limit: still the full parts
        #expect(model.parts(forScreenHeight: 0.49).map(\.mesh.name) == ["half"])
        #expect(model.parts(forScreenHeight: 0.2).map(\.mesh.name) == ["half"])
        #expect(model.parts(forScreenHeight: 0.01).map(\.mesh.name) == ["box"])
        #expect(ModelComponent(parts: [full]).parts(forScreenHeight: 0).map(\.mesh.name) == ["full"])
    }

    @Test func boundsComeFromTheFullParts() {
        let model = ModelComponent(
            parts: [full],
            levelsOfDetail: [LevelOfDetail(maxScreenHeight: 0.5, parts: [ModelPart(mesh: MeshFactory.box(size: Vec3(9, 9, 9)), material: Material())])])
        #expect(model.bounds.extents.isApproximately(Vec3(2, 2, 2), tolerance: 1e-5))
        #expect(LevelOfDetail.screenHeights == [1, 0.2, 0.08])
    }
}
