import SproutTesting
import Testing
import Foundation

/// Issue 30, items 1-5 as one pull request would bring them: a single render-test folder whose
/// cases link goldens to secrets, read secrets as stages, write goldens outside, share a golden
/// and carry control characters in their names, run by the real `sprout test` with and without
/// `--update`. The planted secret (in a file beside the folder and in the environment) must
/// appear in no output: console, JUnit, HTML report, results; nothing outside the folder changes.
@Suite struct HostileTestFolderTests {
    static let secret = "planted-secret-7f3a9c"

    func sprout(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Tool.runSprout(arguments, label: "hostile-log", environment: ["SPROUT_PLANTED_TOKEN": Self.secret])
    }

    /// Every file under `folder`, read whole.
    func contents(of folder: String) -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap {
            ($0 as? String).flatMap { relative in
                let path = folder + "/" + relative
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                    let data = FileManager.default.contents(atPath: path)
                else { return nil }
                return (path, String(decoding: data, as: UTF8.self))
            }
        }
    }

    @Test func aHostileFolderLeaksNothingAndWritesNothingOutside() throws {
        let root = try Fixtures.temporaryDirectory("hostile")
        let outside = root + "/outside", rt = root + "/rt"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: rt + "/goldens", withIntermediateDirectories: true)
        try Fixtures.write("TOKEN=\(Self.secret)\n", to: outside + "/.env")
        let fm = FileManager.default
        // 1. Goldens that are links to secrets: the environment and a file beside the folder.
        try Fixtures.write("size: [16, 16]\nmodels: [ pot ]\n", to: rt + "/leak.yaml")
        try fm.createSymbolicLink(atPath: rt + "/goldens/leak.png", withDestinationPath: "/proc/self/environ")
        try Fixtures.write("size: [16, 16]\nmodels: [ pot ]\n", to: rt + "/dotenv.yaml")
        try fm.createSymbolicLink(atPath: rt + "/goldens/dotenv.png", withDestinationPath: outside + "/.env")
        // 2. Stages that name secrets, in a script and in a scene file.
        try Fixtures.write("stage: /proc/self/environ\nsteps:\n  - wait: 0.1\n", to: rt + "/stage-environ.yaml")
        try Fixtures.write("stage: ../outside/.env\nsize: [16, 16]\nmodels: [ pot ]\n", to: rt + "/stage-dotenv.yaml")
        // 3. Goldens written outside: absolute, climbing, through a dangling link.
        try Fixtures.write("steps:\n  - wait: 0.1\n  - expect: { image: \(outside)/abs.png }\n", to: rt + "/absolute.yaml")
        try Fixtures.write("steps:\n  - wait: 0.1\n  - expect: { image: ../outside/up.png }\n", to: rt + "/climbing.yaml")
        try Fixtures.write("size: [16, 16]\nmodels: [ pot ]\n", to: rt + "/dangling.yaml")
        try fm.createSymbolicLink(atPath: rt + "/goldens/dangling.png", withDestinationPath: outside + "/made-by-update.png")
        // 4. Two cases sharing one golden; 5. a name with an escape sequence and U+FFFF.
        try Fixtures.write("size: [16, 16]\nmodels: [ pot ]\n", to: rt + "/twin.yaml")
        try Fixtures.write("{ \"size\": [16, 16], \"models\": [\"pot\"] }", to: rt + "/twin.json")
        try Fixtures.write("size: [16, 16]\nmodels: [ pot ]\n", to: rt + "/odd\u{1B}[31m\u{FFFF}.yaml")
        let before = Set(try fm.contentsOfDirectory(atPath: outside))

        var outputs: [String] = []
        for update in [true, false] {
            let out = root + (update ? "/update" : "/check")
            let run = try sprout(
                ["test", rt, "--jobs", "2", "--results", out + "/results", "--junit", out + "/junit.xml", "--report", out + "/report"]
                    + (update ? ["--update"] : []))
            #expect(run.status == 1, "\(run.output)")
            outputs.append(run.output)
            let junit = try String(contentsOfFile: out + "/junit.xml", encoding: .utf8)
            #expect(!junit.contains("\u{FFFF}") && !junit.contains("\u{1B}"))
            for file in contents(of: out) { #expect(!file.text.contains(Self.secret), "\(file.path) holds the planted secret") }
        }
        for output in outputs {
            #expect(!output.contains(Self.secret), "the console printed the planted secret")
            #expect(!output.contains("\u{1B}["), "the console printed an escape sequence raw")
            for name in ["leak", "dotenv", "stage-environ", "stage-dotenv", "absolute", "climbing", "dangling"] {
                #expect(output.contains("FAILED  \(name) ("), "\(name) did not fail: \(output)")
            }
            #expect(output.contains("twin"))
        }
        // Nothing appeared or changed outside the folder.
        #expect(Set(try fm.contentsOfDirectory(atPath: outside)) == before)
        #expect(try String(contentsOfFile: outside + "/.env", encoding: .utf8) == "TOKEN=\(Self.secret)\n")
        #expect(try fm.destinationOfSymbolicLink(atPath: rt + "/goldens/leak.png") == "/proc/self/environ")
    }
}
