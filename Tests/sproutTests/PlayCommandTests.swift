import ArgumentParser
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

/// `sprout play` end to end without pictures (no GL needed).
@Suite struct PlayCommandTests {
    @Test func theReadmeExamplePassesAndWritesItsTrace() throws {
        let dir = try Fixtures.temporaryDirectory("play")
        try PlayCommand.parse([Fixtures.repositoryRoot + "/Examples/tour.yaml", "--output", dir, "--frames", "none"]).run()
        let trace = try #require(FileManager.default.contents(atPath: dir + "/trace.json"))
        let text = String(decoding: trace, as: UTF8.self)
        #expect(text.contains("\"failures\": []"))
        #expect(text.hasPrefix("{\n  \"script\": "))
    }

    @Test func aFailingExpectationExitsWithStatusOne() throws {
        let dir = try Fixtures.temporaryDirectory("play-fail")
        try Fixtures.write("steps:\n  - wait: 0.5\n  - expect: { focusSquare: closed }\n", to: dir + "/fail.yaml")
        #expect(throws: ExitCode(1)) {
            try PlayCommand.parse([dir + "/fail.yaml", "--output", dir + "/out", "--frames", "none"]).run()
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/out/trace.json"))   // the trace is still written
    }

    @Test func aBadScriptIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try Fixtures.temporaryDirectory("play-bad")
        try Fixtures.write("steps:\n  - pan: { from: [0, 0] }\n", to: dir + "/bad.yaml")
        let error = #expect(throws: (any Error).self) {
            try PlayCommand.parse([dir + "/bad.yaml", "--output", dir + "/out"]).run()
        }
        #expect("\(error!)" == dir + "/bad.yaml:2: steps[0].pan.to: is required")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func videosMustBeGIFOrMP4() {
        #expect(throws: (any Error).self) { try PlayCommand.parse(["x.yaml", "--video", "out.avi"]) }
    }
}
