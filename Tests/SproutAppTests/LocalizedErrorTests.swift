// `error.localizedDescription` (Foundation's, what programs and test runners print) says what
// `"\(error)"` says for every public error type (issue 26, item 4).
import Foundation
import SproutAssets
import SproutDocument
import SproutFiles
import SproutImage
import SproutRender
import SproutScene
import SproutScript
import SproutTesting
import Testing
import SproutApp

@Suite struct LocalizedErrorTests {
    func caught(_ body: () throws -> Void) -> (any Error)? {
        do { try body() } catch { return error }
        return nil
    }

    @Test func everyPublicErrorDescribesItself() throws {
        var errors: [any Error & CustomStringConvertible] = [
            DocumentError(file: "s.yaml", line: 2, field: "size", message: "must be 2 numbers"),
            AppError("cannot find Sprout's Assets/"),
            RenderError("no current GL context"),
            ModelImportError.fileNotFound(path: "a.glb"),
            ConfinedPath.Refusal.notRelative,
            ExpectationFailure(source: "s.yaml", line: 3, step: 1, what: "tracking", expected: "normal", actual: "limited")
        ]
        errors.append(try #require(caught { try OutputFile.write("x", to: "/proc/no-such-folder/x.txt") } as? OutputFileError))
        let black = Image(width: 1, height: 1, pixels: [0, 0, 0, 255])
        let missing = try Fixtures.temporaryDirectory("localized-golden") + "/no-such-golden.png"   // written as new: a Mismatch
        errors.append(try #require(caught { try Golden.check(black, against: missing) } as? Golden.Mismatch))
        for error in errors {
            #expect((error as Error).localizedDescription == error.description)
            #expect(!error.description.contains("The operation could not be completed"))
        }
    }
}
