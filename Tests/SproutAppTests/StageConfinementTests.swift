import SproutDocument
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutApp

/// A script's or scene file's `stage:` is a built-in or a file inside its folder, and an error
/// about a stage file never quotes the file (issue 30, item 2: `stage: /proc/self/environ`
/// printed the environment).
@Suite struct StageConfinementTests {
    @Test(arguments: ["/proc/self/environ", "../outside.yaml", "sub/../../outside.yaml"])
    func aStageOutsideTheFolderIsRefusedByName(_ stage: String) throws {
        let dir = try Fixtures.temporaryDirectory("stage-confined")
        try Fixtures.write("stage: \(stage)\nsteps:\n  - wait: 0.1\n", to: dir + "/s.yaml")
        let error = #expect(throws: DocumentError.self) { try ScriptPlayer(path: dir + "/s.yaml") }
        #expect(
            error?.description
                == "\(dir)/s.yaml:1: stage: must be a built-in stage or a stage file inside \(dir)/s.yaml's folder (a relative path without '..'), got '\(stage)'"
        )
        try Fixtures.write("size: [32, 32]\nstage: \(stage)\nmodels: [pot]\n", to: dir + "/scene.yaml")
        let sceneError = #expect(throws: DocumentError.self) { try SceneView(path: dir + "/scene.yaml") }
        #expect(sceneError?.field == "stage")
    }

    @Test func aLinkLeavingTheFolderIsRefusedAndAStageFileIsNeverQuoted() throws {
        let dir = try Fixtures.temporaryDirectory("stage-link")
        let outside = try Fixtures.temporaryDirectory("stage-secret")
        try Fixtures.write("SECRET_TOKEN=abc123\n", to: outside + "/secret.env")
        try FileManager.default.createSymbolicLink(atPath: dir + "/stage.yaml", withDestinationPath: outside + "/secret.env")
        try Fixtures.write("stage: stage.yaml\nsteps:\n  - wait: 0.1\n", to: dir + "/s.yaml")
        let error = #expect(throws: DocumentError.self) { try ScriptPlayer(path: dir + "/s.yaml") }
        #expect(error?.message == "'stage.yaml' is a link that leaves \(dir)/s.yaml's folder")
        // A stage file inside the folder that is not YAML: the reason, never its text.
        try Fixtures.write("SECRET_TOKEN=abc123\u{1}\n", to: dir + "/inside.yaml")
        try Fixtures.write("stage: inside.yaml\nsteps:\n  - wait: 0.1\n", to: dir + "/t.yaml")
        let quoted = #expect(throws: DocumentError.self) { try ScriptPlayer(path: dir + "/t.yaml") }
        #expect(quoted.map { !"\($0)".contains("abc123") } == true, "\(quoted.map { "\($0)" } ?? "")")
        // An environment file is valid YAML, one text: named, not quoted.
        try Fixtures.write("SECRET_TOKEN=abc123\nHOME=/root\n", to: dir + "/inside.yaml")
        let text = #expect(throws: DocumentError.self) { try ScriptPlayer(path: dir + "/t.yaml") }
        #expect(text?.message == "'inside.yaml': expected a mapping, got text (30 bytes)")
    }
}
