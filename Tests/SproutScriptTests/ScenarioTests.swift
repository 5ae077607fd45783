import SproutMath
import SproutScene
import SproutSeedShop
import SproutSession
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutScript

/// Every script in `Scenarios/` replays without a failed expectation, twice, to the same trace.
@Suite struct ScenarioTests {
    static let folder = Fixtures.repositoryRoot + "/Tests/SproutScriptTests/Scenarios"
    static let scenarios: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    static func run(_ path: String) throws -> ScriptRunner {
        let script = try Script.load(path: path)
        let stagePath = script.stage.contains("/") ? folder + "/" + script.stage : script.stage
        let stage = try StageLoader.resolve(stagePath, assetsDirectory: Fixtures.assetsDirectory)
        let runner = ScriptRunner(script: script, stage: stage) { name in
            guard let model = BuiltInModels.make(script.objects[name] ?? name) else { throw DocumentErrorStub(name: name) }
            return model
        }
        // The real catalog; products are built as a column of their stated height (no importer here).
        runner.seedShop = (
            try Catalog.load(path: Fixtures.assetsDirectory + "/catalog.yaml"),
            { product in
                Entity(
                    name: product.key, transform: Transform(translation: Vec3(0, product.height / 2, 0)),
                    model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, product.height, 0.2)), material: Material()))
            }
        )
        try runner.run()
        return runner
    }

    struct DocumentErrorStub: Error { let name: String }

    @Test func thereAreAtLeastADozen() { #expect(Self.scenarios.count >= 12) }

    @Test(arguments: scenarios)
    func scenarioPassesAndIsReproducible(_ name: String) throws {
        let first = try Self.run(Self.folder + "/" + name)
        #expect(first.failures.isEmpty, "\(first.failures.map(\.description).joined(separator: "\n"))")
        let second = try Self.run(Self.folder + "/" + name)
        #expect(first.traceText != nil && first.traceText == second.traceText)
        // The length the runner checks before it starts is the length it plays.
        #expect(first.script.frameCount == first.frameCount)
    }
}

extension ScenarioTests {
    static func tabletop() throws -> Stage {
        try StageLoader.builtIn("tabletop", assetsDirectory: Fixtures.assetsDirectory)
    }
}
