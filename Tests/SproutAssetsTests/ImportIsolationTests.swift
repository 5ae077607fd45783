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
}
