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
