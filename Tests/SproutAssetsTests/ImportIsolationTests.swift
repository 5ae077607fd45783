import SproutTesting
import Testing
@testable import SproutAssets

/// What happens in the import child reaches the caller as one error naming the file; the
/// child here is a shell that behaves as a crashing, hanging or failing importer would.
@Suite struct ImportIsolationTests {
    private func child(_ script: String, timeLimit: Double = 10) -> ImportIsolation {
        ImportIsolation(executable: "/bin/sh", arguments: ["-c", script, "sh"], timeLimit: timeLimit)
    }

    @Test func aCrashInTheChildIsAnErrorHere() {
        #expect(throws: ModelImportError.unreadable(path: "m.glb", reason: "the importer crashed (SIGSEGV) reading the file; refused")) {
            try child("kill -SEGV $$").probe("/tmp/m.glb", shownAs: "m.glb")
        }
    }

    @Test func aChildThatHangsIsStoppedAtTheTimeLimit() {
        #expect(throws: ModelImportError.exceedsLimit(path: "m.glb", what: "importing took longer than 0.3 s; the import process was stopped")) {
            try child("sleep 20", timeLimit: 0.3).probe("/tmp/m.glb", shownAs: "m.glb")
        }
    }

    @Test func aChildsErrorIsPassedOnAndSuccessIsSilent() throws {
        #expect(throws: ModelImportError.unreadable(path: "m.glb", reason: "in the import process: m.glb: cannot import model: truncated")) {
            try child("echo 'Error: m.glb: cannot import model: truncated' >&2; exit 1").probe("/tmp/m.glb", shownAs: "m.glb")
        }
        try child("test \"$3\" = /tmp/m.glb && test \"$2\" = 8589934592").probe("/tmp/m.glb", shownAs: "m.glb")   // --memory-limit N PATH
    }

    @Test func aMissingExecutableSaysSo() {
        let error = #expect(throws: ModelImportError.self) {
            try ImportIsolation(executable: "/nonexistent/sprout").probe("/tmp/m.glb", shownAs: "m.glb")
        }
        #expect("\(error!)".hasPrefix("m.glb: cannot import model: cannot start the import process /nonexistent/sprout"))
    }

    /// Only the formats asked for go through the child: the command's default is the formats
    /// Assimp alone parses, glTF being read and checked by Sprout itself first.
    @Test func onlyTheFormatsAskedForAreIsolated() throws {
        let assimpOnly = ImportIsolation(executable: "/bin/false", formats: ImportIsolation.assimpOnlyFormats)
        #expect(["fbx", "dae", "obj", "ply", "stl"].allSatisfy(assimpOnly.covers) && !assimpOnly.covers("gltf") && !assimpOnly.covers("glb"))
        #expect(ImportIsolation(executable: "/bin/false").covers("glb"))
        // A glTF file is not probed (the child, /bin/false, would fail it).
        let box = Fixtures.sharedModel("Box/Box.glb")
        #expect(try ModelImporter.load(path: box, isolation: assimpOnly, cache: nil).triangleCount == 12)
        // A PLY file is: the child's failure is the import's.
        let dir = try Fixtures.temporaryDirectory("isolated-ply")
        try Fixtures.write(
            "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
            to: dir + "/t.ply")
        #expect(throws: ModelImportError.self) { try ModelImporter.load(path: dir + "/t.ply", isolation: assimpOnly, cache: nil) }
    }
}
