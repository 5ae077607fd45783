import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import SproutApp
import SproutGolden

/// A render-test folder is someone else's pull request (issue 30, item 3): its goldens are read
/// and written only inside it. A linked `goldens/`, a golden that links out (dangling or not),
/// a FIFO golden: each case fails naming it, with or without `--update`, and nothing outside
/// the folder is created or changed.
@Suite(.serialized) struct RenderTestConfinementGLTests {
    func scene(in dir: String) throws { try Fixtures.write("size: [16, 16]\nmodels: [pot]\n", to: dir + "/case.yaml") }

    @Test(arguments: [false, true])
    func aLinkedGoldensFolderIsRefused(updating: Bool) throws {
        let dir = try Fixtures.temporaryDirectory("confined-goldens")
        let outside = try Fixtures.temporaryDirectory("confined-outside")
        try scene(in: dir)
        try FileManager.default.createSymbolicLink(atPath: dir + "/goldens", withDestinationPath: outside)
        let results = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results", updating: updating).run()
        #expect(results.map(\.status) == [.failed])
        #expect(results[0].outcomes.first?.summary == "\(dir)/goldens is a symbolic link: refused (goldens stay inside the test's folder)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    /// A case reads models only inside its folder, or inside folders given with `--models-from`;
    /// catalog plants and built-ins are not files and always allowed.
    @Test func modelsOutsideTheFolderAreRefusedUnlessAllowed() throws {
        let dir = try Fixtures.temporaryDirectory("confined-models")
        let box = Fixtures.sharedModel("Box/Box.glb")
        try Fixtures.write("size: [16, 16]\nmodels: [\(box), pot]\n", to: dir + "/outside.yaml")
        try Fixtures.write("stage: tabletop\nobjects: { box: \(box) }\nsteps:\n  - wait: 2.5\n  - place: box\n  - snapshot: placed\n", to: dir + "/script.yaml")
        var suite = RenderTestSuite(folder: dir, resultsFolder: dir + "/results")
        let refused = try suite.run()
        #expect(refused.map(\.status) == [.failed, .failed])
        #expect(
            refused[0].problems.first?.hasSuffix(
                "models[0].model: '\(box)' lies outside the test's folder: a render test reads models only inside its folder (or one given with --models-from)")
                == true,
            "\(refused[0].problems)")
        #expect(refused[1].problems.first?.contains("lies outside the test's folder") == true, "\(refused[1].problems)")
        suite.modelRoots = [Fixtures.sharedModel("Box")]
        let allowed = try suite.run()
        #expect(allowed.allSatisfy { $0.problems.isEmpty }, "\(allowed.map(\.problems))")
    }

    @Test(arguments: [false, true])
    func aGoldenLinkingOutOrAFIFOIsRefused(updating: Bool) throws {
        let dir = try Fixtures.temporaryDirectory("confined-golden")
        let outside = try Fixtures.temporaryDirectory("confined-target")
        try scene(in: dir)
        try FileManager.default.createDirectory(atPath: dir + "/goldens", withIntermediateDirectories: true)
        // Dangling: --update would have created the file it names.
        try FileManager.default.createSymbolicLink(atPath: dir + "/goldens/case.png", withDestinationPath: outside + "/planted.png")
        let linked = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results", updating: updating).run()
        #expect(linked[0].outcomes.first?.summary == "\(dir)/goldens/case.png is a symbolic link: refused (goldens stay inside the test's folder)")
        #expect(!FileManager.default.fileExists(atPath: outside + "/planted.png"))
        try FileManager.default.removeItem(atPath: dir + "/goldens/case.png")
        #expect(mkfifo(dir + "/goldens/case.png", 0o644) == 0)
        let fifo = try RenderTestSuite(folder: dir, resultsFolder: dir + "/results", updating: updating).run()
        #expect(fifo[0].outcomes.first?.summary == "the golden \(dir)/goldens/case.png is not a regular file: refused")
    }
}

/// Names and texts a pull request chooses reach the console escaped and the JUnit file
/// well-formed; two cases that would share a golden fail by name (issue 30, items 4 and 5);
/// a frame pattern's width is bounded (item 15).
@Suite struct RenderTestNamesTests {
    @Test func controlCharactersAreEscapedOnTheConsoleAndLeftOutOfJUnit() {
        #expect(RenderTestResult.printable("a\u{1b}[2Jb\nc") == "a\\u{1b}[2Jb\\u{a}c")
        #expect(JUnitReport.escape("ok\u{FFFE}\u{FFFF}\u{7f}<") == "ok&lt;")
    }

    @Test func casesSharingAGoldenFailByName() throws {
        let dir = try Fixtures.temporaryDirectory("shared-stem")
        try Fixtures.write("size: [16, 16]\nmodels: [pot]\n", to: dir + "/x.yaml")
        try Fixtures.write("{\"size\": [16, 16], \"models\": [\"pot\"]}", to: dir + "/x.json")
        let cases = try RenderTestCase.discover(in: dir)
        #expect(
            cases.map(\.problem) == [
                "\(dir)/x.json: shares its name with x.yaml, and so its goldens: rename one",
                "\(dir)/x.yaml: shares its name with x.json, and so its goldens: rename one"
            ])
    }

    /// Discovery sorts files by their scanned keys and parses none that shows a mapping (item 4):
    /// the parse, and its cost, belong to the worker under `--timeout`. A scene whose YAML breaks
    /// after its keys is still a scene here, and fails with the parser's error when it runs.
    @Test func discoveryScansKeysAndLeavesTheParseToTheRun() throws {
        let dir = try Fixtures.temporaryDirectory("discovery-scan")
        try Fixtures.write("size: [16, 16]\nmodels: [pot]\nlight: { intensity: [\n", to: dir + "/broken.yaml")
        try Fixtures.write("steps:\n  - wait: 0.1\n", to: dir + "/script.yaml")
        try Fixtures.write("name: room\nsurfaces: []\n", to: dir + "/room.yaml")   // a stage: not a case
        try Fixtures.write("modles: [pot]\n", to: dir + "/typo.yaml")
        let cases = try RenderTestCase.discover(in: dir)
        #expect(cases.map(\.name) == ["broken", "script", "typo"])
        #expect(cases.map(\.kind) == [.scene, .script, .unreadable])
        #expect(cases[2].problem == "\(dir)/typo.yaml: neither a scene (models:), a script (steps:) nor a stage: unknown key 'modles'; did you mean 'models'?")
        let result = RenderTestRunner(goldenCheck: GoldenCheck(updating: true, resultsFolder: dir + "/results")).run(cases[0])
        #expect(result.status == .failed && result.problems.joined().contains("broken.yaml:4: not valid YAML or JSON"), "\(result.problems)")
    }

    @Test func aFramePatternsWidthIsBounded() {
        #expect(OutputPattern(template: "f-%999999999d.png").path(frame: 7) == "f-" + String(repeating: "0", count: 19) + "7.png")
        #expect(OutputPattern(template: "f-%9223372036854775807d.png").path(frame: 7).count == 26)   // "f-", 20 digits, ".png"
    }
}
