import SproutImage
import SproutScene
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutApp

/// Render tests that cannot pass on nothing, write no golden for a failing script, keep only
/// this run's pictures, question a blank golden, and join shards into one report (issue 26).
@Suite(.serialized) struct RenderTestTrustGLTests {
    static let example = Fixtures.repositoryRoot + "/Examples/render-tests"

    func copyOfExample() throws -> String { try Fixtures.copy(folder: Self.example, label: "render-trust") }

    @Test func noCasesIsAFailureUnlessAllowed() throws {
        let empty = try Fixtures.temporaryDirectory("no-cases")
        var suite = RenderTestSuite(folder: empty, resultsFolder: empty + "/results")
        let error = #expect(throws: RenderTestSuite.NoCases.self) { try suite.run() }
        #expect(error?.description.hasPrefix("\(empty): no render-test cases") == true)
        suite.allowsEmpty = true
        #expect(try suite.run().isEmpty)
        // A shard of a folder with fewer cases than shards is empty too.
        var shard = RenderTestSuite(folder: Self.example, resultsFolder: empty + "/results")
        shard.shard = (index: 5, count: 5)
        #expect(throws: RenderTestSuite.NoCases.self) { try shard.run() }
    }

    @Test func aMisspelledTopLevelKeyFailsItsCaseWithTheNearestKey() throws {
        let dir = try Fixtures.temporaryDirectory("misspelled")
        try Fixtures.write("size: [32, 32]\nmodles: [pot]\n", to: dir + "/scene.yaml")
        try Fixtures.write("stage: tabletop\nstep:\n  - wait: 0.1\n", to: dir + "/script.yaml")
        let results = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run()
        #expect(results.map(\.status) == [.failed, .failed])
        #expect(
            results[0].problems == ["\(dir)/scene.yaml: neither a scene (models:), a script (steps:) nor a stage: unknown key 'modles'; did you mean 'models'?"]
        )
        #expect(
            results[1].problems == ["\(dir)/script.yaml: neither a scene (models:), a script (steps:) nor a stage: unknown key 'step'; did you mean 'steps'?"])
    }

    @Test func aFailingScriptWritesNoGoldenAndAPassingOneIsNew() throws {
        let dir = try copyOfExample()
        try FileManager.default.removeItem(atPath: dir + "/goldens/place-and-turn")
        let script = try String(contentsOfFile: dir + "/place-and-turn.yaml", encoding: .utf8)
        try Fixtures.write(script.replacingOccurrences(of: "rotationY: -90", with: "rotationY: 45"), to: dir + "/place-and-turn.yaml")
        let failing = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run()[2]
        #expect(failing.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: dir + "/goldens/place-and-turn/placed.png"))
        #expect(failing.outcomes.map(\.status) == [.failed, .failed])
        #expect(
            failing.outcomes[0].summary
                == "no golden at \(dir)/goldens/place-and-turn/placed.png; not written, because the run failed (--update writes it anyway)")
        #expect(failing.problems.count == 1 && failing.problems[0].contains("seedling rotationY: expected 45"))

        try Fixtures.write(script, to: dir + "/place-and-turn.yaml")
        let passing = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run()[2]
        #expect(passing.status == .new, "\(passing.line)")
        #expect(passing.problems.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/place-and-turn/placed.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/place-and-turn/turned.png"))
    }

    @Test func aSnapshotThatDiffersIsAFailureOfRun() throws {
        let dir = try copyOfExample()
        var golden = try ImageFile.read(path: dir + "/goldens/place-and-turn/turned.png")
        for i in stride(from: 0, to: golden.pixels.count / 2, by: 4) { golden.pixels[i] = 255 }
        try ImageFile.writePNG(golden, to: dir + "/goldens/place-and-turn/turned.png")
        let player = try ScriptPlayer(path: dir + "/place-and-turn.yaml")
        player.checkSnapshots(against: dir + "/goldens/place-and-turn")
        let failures = try player.run()
        #expect(failures.map(\.what) == ["snapshot turned"])
        #expect(player.failures.map(\.description) == failures.map(\.description))
        #expect(failures[0].line == 14 && failures[0].step == 7)
        #expect(player.goldenOutcomes.map(\.status) == [.passed, .failed])
    }

    @Test func theResultsFolderHoldsOnlyThisRunsPictures() throws {
        let dir = try copyOfExample()
        let results = dir + "/results"
        try FileManager.default.createDirectory(atPath: results + "/place-and-turn", withIntermediateDirectories: true)
        for stale in ["/basil-on-table.actual.png", "/basil-on-table.diff.png", "/gone.diff.png", "/place-and-turn/turned.diff.png"] {
            try Fixtures.write("old", to: results + stale)
        }
        try Fixtures.write("mine", to: results + "/notes.txt")
        _ = try RenderTestSuite(folder: dir, resultsFolder: results).run()
        #expect(try FileManager.default.contentsOfDirectory(atPath: results).sorted() == ["notes.txt", "results.json"])
    }

    @Test func aBlankNewGoldenIsQuestionedAndUpdateRefusesIt() throws {
        let dir = try Fixtures.temporaryDirectory("blank")
        // A camera 50 m under a stage-less scene, looking sideways, sees only the clear colour.
        try Fixtures.write("size: [24, 16]\ncamera: { position: [0, -50, 0], lookAt: [0, -50, -10] }\nmodels: [pot]\n", to: dir + "/away.yaml")
        let new = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results").run()[0]
        #expect(new.status == .new)
        #expect(new.outcomes[0].warning?.hasPrefix("the rendering is one flat colour (rgba(") == true)
        #expect(new.line.contains("\n  warning: away: the rendering is one flat colour"))
        var updating = RenderTestSuite(folder: dir, resultsFolder: dir + "/results", updating: true)
        let refused = try updating.run()[0]
        #expect(refused.status == .failed)
        #expect(refused.outcomes[0].summary.hasSuffix(": not written as the golden; --allow-blank writes it"))
        updating.allowsBlankGoldens = true
        #expect(try updating.run()[0].status == .updated)
    }

    @Test func shardsResultsMergeIntoOneReport() throws {
        let dir = try copyOfExample()
        var golden = try ImageFile.read(path: dir + "/goldens/garden-row.png")
        golden.pixels[0] = golden.pixels[0] &+ 128
        for i in stride(from: 0, to: golden.pixels.count / 2, by: 4) { golden.pixels[i + 2] = 0 }
        try ImageFile.writePNG(golden, to: dir + "/goldens/garden-row.png")
        var folders: [String] = []
        for k in 1...2 {
            var suite = RenderTestSuite(folder: dir, resultsFolder: dir + "/shard\(k)")
            suite.shard = (index: k, count: 2)
            _ = try suite.run()
            folders.append(dir + "/moved\(k)")
            try FileManager.default.moveItem(atPath: dir + "/shard\(k)", toPath: dir + "/moved\(k)")   // downloaded elsewhere
        }
        let merged = try RenderTestResults.merge(folders)
        #expect(merged.problems.isEmpty)
        #expect(merged.results.map(\.test.name) == ["basil-on-table", "garden-row", "place-and-turn"])
        #expect(merged.results.map(\.status) == [.passed, .failed, .passed])
        #expect(merged.results[1].outcomes[0].diff == dir + "/moved2/garden-row.diff.png")
        let page = HTMLReport.html(merged.results, title: "merged")
        #expect(page.contains("<h2 id=\"garden-row\">") && page.contains("data:image/png;base64,"))
        #expect(throws: AppError.self) { try RenderTestResults.merge([dir]) }   // no results.json there
    }
}
