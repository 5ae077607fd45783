import SproutAssets
import SproutImage
import SproutMath
import SproutRender
import SproutScene
import SproutSceneFile
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutApp

/// Render tests run in this process (`RenderTestSuite` without workers): goldens written when
/// missing, matched, failing with a diff picture and a report, rewritten on update.
@Suite(.serialized) struct RenderTestSuiteGLTests {
    static let example = Fixtures.repositoryRoot + "/Examples/render-tests"

    /// A copy of the example folder, so goldens can be changed.
    func copyOfExample() throws -> String { try Fixtures.copy(folder: Self.example, label: "render-tests") }

    @Test func theExampleFolderMatchesItsGoldens() throws {
        let suite = RenderTestSuite(folder: Self.example, resultsFolder: try Fixtures.temporaryDirectory("results"))
        let results = try suite.run()
        #expect(results.map(\.test.name) == ["basil-on-table", "garden-row", "place-and-turn"])
        #expect(results.map(\.test.kind) == [.scene, .scene, .script])
        for r in results { #expect(r.status == .passed, "\(r.line)") }
        #expect(results[2].outcomes.map(\.name) == ["place-and-turn/placed", "place-and-turn/turned"])
        #expect(!suite.failed(results))
        #expect(RenderTestSuite.summary(results) == "3 passed, 0 failed")
    }

    /// A scene on a stage made from a room model (`stage: model-room`): the room drawn from the
    /// model, a catalog plant on its table, matched against its golden.
    @Test func aSceneOnAModelStageMatchesItsGolden() throws {
        let suite = RenderTestSuite(
            folder: Fixtures.repositoryRoot + "/Tests/SproutAppTests/RenderCases",
            resultsFolder: try Fixtures.temporaryDirectory("results-model"))
        let results = try suite.run()
        #expect(results.map(\.test.name) == ["lavender-in-the-model-room"])
        #expect(RenderTestSuite.summary(results) == "1 passed, 0 failed", "\(results.map(\.line))")
    }

    @Test func aChangedGoldenFailsWithADiffPictureAndAReport() throws {
        let dir = try copyOfExample()
        let golden = dir + "/goldens/garden-row.png"
        var image = try ImageFile.read(path: golden)
        for y in 10..<30 { for x in 10..<30 { image.pixels[(y * image.width + x) * 4] ^= 0xFF } }   // a 20x20 square
        try ImageFile.writePNG(image, to: golden)
        let results = dir + "/results"
        let suite = RenderTestSuite(folder: dir, resultsFolder: results)
        let all = try suite.run()
        let garden = try #require(all.first { $0.test.name == "garden-row" })
        #expect(garden.status == .failed)
        let outcome = try #require(garden.outcomes.first)
        #expect(outcome.summary.hasPrefix("400 of 40960 pixels (0.977 %) differ by more than 2"))
        #expect(outcome.actual == results + "/garden-row.actual.png" && outcome.diff == results + "/garden-row.diff.png")
        let diff = try ImageFile.read(path: results + "/garden-row.diff.png")
        #expect(Array(diff.pixels[(15 * diff.width + 15) * 4..<(15 * diff.width + 15) * 4 + 3]) == [255, 0, 0])   // inside: red
        #expect(garden.line.hasPrefix("FAILED  garden-row ("))
        #expect(suite.failed(all) && RenderTestSuite.summary(all) == "2 passed, 1 failed")

        let page = try String(contentsOfFile: try HTMLReport.write(all, title: "t", to: dir + "/report"), encoding: .utf8)
        #expect(page.contains("<h2 id=\"garden-row\">garden-row <span class=\"failed\">failed</span></h2>"))
        #expect(page.components(separatedBy: "src=\"data:image/png;base64,").count == 4)   // golden, actual, diff
        #expect(!page.contains("src=\"/") && !page.contains("href=\"http"))   // nothing outside the page

        let xml = JUnitReport.xml(all, suiteName: "example")
        #expect(xml.contains("<testsuite name=\"example\" tests=\"3\" failures=\"1\""))
        #expect(xml.contains("<testcase classname=\"example\" name=\"basil-on-table\""))
        #expect(xml.contains("<failure message=\"garden-row: 400 of 40960 pixels"))
    }

    @Test func updateRewritesGoldensAndAMissingOneIsNew() throws {
        let dir = try copyOfExample()
        try FileManager.default.removeItem(atPath: dir + "/goldens/basil-on-table.png")
        let first = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run()
        #expect(first.map(\.status) == [.new, .passed, .passed])
        #expect(first[0].line == "NEW     basil-on-table (\((first[0].seconds * 100).rounded() / 100) s): no golden; wrote \(dir)/goldens/basil-on-table.png")
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/basil-on-table.png"))
        #expect(try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run().map(\.status) == [.passed, .passed, .passed])
        let updating = RenderTestSuite(folder: dir, resultsFolder: dir + "/results", updating: true)
        let updated = try updating.run()
        #expect(updated.map(\.status) == [.updated, .updated, .updated])
        #expect(!updating.failed(updated))
    }

    @Test func badCasesFailOnTheirOwnAndTheRunGoesOn() throws {
        let dir = try copyOfExample()
        try Fixtures.write("models:\n  - { model: nothere.glb }\n", to: dir + "/a-missing-model.yaml")
        try Fixtures.write("models: [basil\n", to: dir + "/b-broken-yaml.yaml")
        try Fixtures.write("not a png", to: dir + "/goldens/basil-on-table.png")
        try Fixtures.write("floor: { size: [2, 2] }\n", to: dir + "/c-neither.yaml")   // neither a case nor a stage: fails by name
        try Fixtures.write("name: room\nsurfaces: []\nx-note: mine\n", to: dir + "/d-stage.yaml")   // a stage: not a case
        let results = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run()
        #expect(results.map(\.test.name) == ["a-missing-model", "b-broken-yaml", "basil-on-table", "c-neither", "garden-row", "place-and-turn"])
        #expect(results.map(\.status) == [.failed, .failed, .failed, .failed, .passed, .passed])
        #expect(results[3].problems == ["\(dir)/c-neither.yaml: neither a scene (models:), a script (steps:) nor a stage: unknown key 'floor'"])
        #expect(results[0].problems == ["\(dir)/a-missing-model.yaml:2: models[0].model: \(dir)/nothere.glb: no such model file"])
        #expect(results[1].problems.first?.hasPrefix("\(dir)/b-broken-yaml.yaml:") == true)
        #expect(results[2].outcomes.first?.summary == "\(dir)/goldens/basil-on-table.png: cannot decode image: unknown image type")
    }

    @Test func shardsCoverEveryCaseOnce() {
        let cases = (0..<7).map { RenderTestCase(name: "c\($0)", path: "c\($0).yaml", kind: .scene, goldens: "g") }
        let shards = (1...3).map { RenderTestCase.shard(cases, index: $0, count: 3).map(\.name) }
        #expect(shards == [["c0", "c3", "c6"], ["c1", "c4"], ["c2", "c5"]])
    }

    @Test func aSceneFileRendersWhatItSays() throws {
        let view = try SceneView(path: Self.example + "/garden-row.yaml")
        #expect(view.scene.lighting.color == Vec3(1, 0.9, 0.75) && view.scene.lighting.ambient == 0.2)
        #expect(view.camera.position == Vec3(0.05, 0.9, 2.3))
        let models = try #require(view.scene.root.findEntity(named: "models"))
        #expect(models.children.count == 4)
        #expect(models.children[2].transform.scale == Vec3(1.2, 1.2, 1.2))
        // Catalog plants stand on their stem's foot: the tomato's lowest point is at y = 0.
        #expect(abs(models.children[3].visualBounds().min.y) < 1e-4)
    }

    /// `lights:` become entities whose -Z is the light's direction, with their lights.
    @Test func aSceneFilesLightsArePlaced() throws {
        let dir = try Fixtures.temporaryDirectory("scene-lights")
        try Fixtures.write(
            """
            size: [64, 64]
            models: [pot]
            lights:
              - { type: spot, position: [0, 2, 0], direction: [0, -1, 0], intensity: 50, cone: [10, 20] }
              - { type: directional, direction: [1, 0, 0] }
            """, to: dir + "/lit.yaml")
        let view = try SceneView(path: dir + "/lit.yaml")
        let lamp = try #require(view.scene.root.findEntity(named: "lights[0]"))
        #expect(lamp.light?.intensity == 50 && lamp.worldPosition == Vec3(0, 2, 0))
        #expect(length(lamp.worldMatrix.transformDirection(Vec3(0, 0, -1)) - Vec3(0, -1, 0)) < 1e-6)
        let sun = try #require(view.scene.root.findEntity(named: "lights[1]"))
        #expect(length(sun.worldMatrix.transformDirection(Vec3(0, 0, -1)) - Vec3(1, 0, 0)) < 1e-6)
    }

    /// `environment:` loads the .hdr beside the scene file; one that cannot be read is named at its line.
    @Test func aSceneFilesEnvironmentIsLoaded() throws {
        let dir = try Fixtures.temporaryDirectory("scene-environment")
        try Fixtures.write(HDRCodec.encode(.uniform(Vec3(0.25, 0.5, 1))), to: dir + "/studio.hdr")
        try Fixtures.write(
            "size: [64, 64]\nmodels: [pot]\nenvironment: { file: studio.hdr, intensity: 2, rotation: 90, background: true }\n",
            to: dir + "/lit.yaml")
        let view = try SceneView(path: dir + "/lit.yaml")
        let environment = try #require(view.scene.environment)
        #expect(environment.image.pixels == [0.25, 0.5, 1, 0.25, 0.5, 1] && environment.intensity == 2)
        #expect(abs(environment.rotation - .pi / 2) < 1e-6 && environment.showsAsBackground)
        try Fixtures.write("size: [64, 64]\nmodels: [pot]\nenvironment: missing.hdr\n", to: dir + "/bad.yaml")
        do { _ = try SceneView(path: dir + "/bad.yaml"); Issue.record("read a missing environment") } catch {
            #expect("\(error)" == "\(dir)/bad.yaml:3: environment: \(dir)/missing.hdr does not exist")
        }
        try Fixtures.write("size: [64, 64]\nmodels: [pot]\nenvironment: /etc/sky.hdr\n", to: dir + "/outside.yaml")
        do { _ = try SceneView(path: dir + "/outside.yaml"); Issue.record("read outside the scene's folder") } catch {
            #expect("\(error)" == "\(dir)/outside.yaml:3: environment: must be a path inside the scene file's folder without '..', got '/etc/sky.hdr'")
        }
    }

    @Test func aModelsOwnCameraCanBeNamed() throws {
        let dir = try Fixtures.temporaryDirectory("named-camera")
        let duck = Fixtures.sharedModel("Duck/Duck.glb")
        try Fixtures.write("size: [64, 64]\ncamera: { name: nowhere }\nmodels: [\(duck)]\n", to: dir + "/bad.yaml")
        do { _ = try SceneView(path: dir + "/bad.yaml"); Issue.record("found a camera that is not there") } catch {
            #expect("\(error)".hasPrefix("\(dir)/bad.yaml:2: camera.name: no camera named 'nowhere'; the models' cameras are '"))
        }
        let name = try #require(try ModelImporter.load(path: duck).cameras.first?.name)
        try Fixtures.write("size: [64, 64]\ncamera: { name: \"\(name)\" }\nmodels: [\(duck)]\n", to: dir + "/ok.yaml")
        let view = try SceneView(path: dir + "/ok.yaml")
        // The Duck's camera: yfov 0.6606 rad (37.85 degrees) in the file.
        #expect(abs(view.camera.projection.fovY - 0.6605925) < 1e-4)
    }
}
