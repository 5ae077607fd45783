import SproutSession
import SproutTesting
import Testing
@testable import SproutScript

/// The trace is written as the script runs (a 10,000-tap script held 199 MB of records for its
/// trace), and the streamed text is exactly the whole object's serialization.
@Suite struct TraceWriterTests {
    /// A sink that remembers how much it had been given each time it was asked.
    final class CountingSink: TraceSink {
        var bytes: [UInt8] = []
        func write(_ utf8: [UInt8]) { bytes += utf8 }
    }

    static func runner(_ text: String) throws -> ScriptRunner {
        let script = try Script.parse(text, file: "t.yaml")
        return ScriptRunner(script: script, stage: try StageLoader.resolve("tabletop", assetsDirectory: Fixtures.assetsDirectory)) { name in
            try #require(BuiltInModels.make(name))
        }
    }

    @Test func thePiecesAreTheWholeObjectsSerialization() throws {
        let record: JSONValue = .object([("step", .number(1)), ("position", .vector([1, 2.5, -3])), ("nested", .object([("a", .array([.string("x"), .null]))]))]
        )
        for (steps, frames) in [(0, nil), (1, nil), (3, 0), (2, 5)] as [(Int, Int?)] {
            let sink = TraceBuffer()
            let writer = try TraceWriter(
                sink: sink, spill: frames.map { _ in TraceBuffer() },
                header: [("script", .string("a \"b\"")), ("viewport", .vector([390, 844]))])
            for _ in 0..<steps { try writer.step(record) }
            for _ in 0..<(frames ?? 0) { try writer.frame(record) }
            try writer.finish(trailer: [("frames", .number(7)), ("failures", .array([]))])
            var pairs: [(String, JSONValue)] = [
                ("script", .string("a \"b\"")), ("viewport", .vector([390, 844])),
                ("steps", .array(Array(repeating: record, count: steps)))
            ]
            if let frames { pairs.append(("everyFrame", .array(Array(repeating: record, count: frames)))) }
            pairs += [("frames", .number(7)), ("failures", .array([]))]
            #expect(sink.text == JSONValue.object(pairs).serialized() + "\n", "\(steps) steps, \(String(describing: frames)) frames")
        }
    }

    @Test func eachStepsRecordIsWrittenWhenTheStepEnds() throws {
        let runner = try Self.runner("steps:\n  - wait: 0.1\n  - tap: [100, 100]\n  - wait: 0.1\n")
        let sink = CountingSink()
        runner.traceSink = sink
        var sizes: [Int] = []
        try runner.run { _ in sizes.append(sink.bytes.count) }
        // Every step adds its record before the next begins: the trace is never held back.
        #expect(sizes.count == 3 && sizes[0] > 100 && sizes[0] < sizes[1] && sizes[1] < sizes[2])
        let text = String(decoding: sink.bytes, as: UTF8.self)
        #expect(text.hasSuffix("  \"frames\": 14,\n  \"duration\": 0.233333,\n  \"failures\": []\n}\n"))
        #expect(runner.traceText == nil)   // not kept in memory as well
    }

    @Test func perFrameRecordsWaitInTheSpillAndFollowTheSteps() throws {
        let text = "steps:\n  - wait: 0.05\n  - tap: [100, 100]\n"
        let inMemory = try Self.runner(text)
        inMemory.traceEveryFrame = true
        try inMemory.run()
        let streamed = try Self.runner(text)
        streamed.traceEveryFrame = true
        let sink = CountingSink(), spill = TraceBuffer()
        streamed.traceSink = sink
        streamed.traceFrameSpill = spill
        try streamed.run()
        #expect(String(decoding: sink.bytes, as: UTF8.self) == inMemory.traceText)
        let trace = try #require(inMemory.traceText)
        #expect(trace.components(separatedBy: "\"frame\": ").count - 1 == 2 + 5)   // two step records, five frame records
        #expect(trace.contains("\"everyFrame\": [\n    {\n      \"frame\": 1,"))
    }

    @Test func noSinkKeepsNoTrace() throws {
        let runner = try Self.runner("steps:\n  - wait: 0.05\n")
        runner.traceSink = nil
        try runner.run()
        #expect(runner.traceText == nil && runner.frameCount == 3)
    }
}
