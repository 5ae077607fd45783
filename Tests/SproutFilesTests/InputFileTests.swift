import SproutTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SproutFiles

/// Files measured before they are read (issue 30, item 10): too large, a FIFO, nothing there.
@Suite struct InputFileTests {
    @Test func sizeAndKindAreCheckedBeforeReading() throws {
        let dir = try Fixtures.temporaryDirectory("input-file")
        try Fixtures.write("12345", to: dir + "/five.txt")
        #expect(InputFile.read(path: dir + "/five.txt", limit: 5) == .success(Array("12345".utf8)))
        #expect(InputFile.read(path: dir + "/five.txt", limit: 4) == .failure(.tooLarge(bytes: 5, limit: 4)))
        #expect(mkfifo(dir + "/pipe", 0o644) == 0)
        #expect(InputFile.read(path: dir + "/pipe", limit: 100) == .failure(.notRegular))   // returns, never waits for a writer
        #expect(InputFile.read(path: dir, limit: 100) == .failure(.notRegular))
        #expect(InputFile.read(path: dir + "/none", limit: 100) == .failure(.missing))
    }
}
