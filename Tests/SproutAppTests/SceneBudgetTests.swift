import SproutAssets
import SproutDocument
import SproutTesting
import Testing
@testable import SproutApp

/// One budget across a scene's models (issue 30, item 12), each distinct file counted once.
@Suite struct SceneBudgetTests {
    @Test func theSceneIsRefusedAtTheModelThatCrossesItsBudget() throws {
        let dir = try Fixtures.temporaryDirectory("scene-budget")
        let box = Fixtures.sharedModel("Box/Box.glb"), duck = Fixtures.sharedModel("Duck/Duck.glb")
        // The box (12 triangles) three times counts once; the duck (4,212) crosses 1,000.
        try Fixtures.write("size: [16, 16]\nmodels:\n  - \(box)\n  - \(box)\n  - \(box)\n  - \(duck)\n", to: dir + "/s.yaml")
        let budget = ModelLimits(maximumTriangles: 1_000)
        let error = #expect(throws: DocumentError.self) { try SceneView(path: dir + "/s.yaml", budget: budget) }
        #expect(error?.field == "models[3].model", "\(error.map { "\($0)" } ?? "")")
        #expect(error?.message.hasPrefix("the scene's models come to 4224 triangles") == true, "\(error.map { "\($0)" } ?? "")")
        try Fixtures.write("size: [16, 16]\nmodels:\n  - \(box)\n  - \(box)\n  - \(box)\n", to: dir + "/t.yaml")
        _ = try SceneView(path: dir + "/t.yaml", budget: budget)
    }
}
