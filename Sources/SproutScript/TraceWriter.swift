/// Where a trace's text goes as it is made: a file being written, standard output, or memory.
public protocol TraceSink: AnyObject {
    /// Appends UTF-8 text.
    func write(_ utf8: [UInt8]) throws
}

/// Text set aside and copied into the trace later: the per-frame records, which the trace holds
/// after the steps although they are made between them.
public protocol TraceSpill: TraceSink {
    /// Writes everything written so far into `sink`, in order.
    func replay(into sink: any TraceSink) throws
}

/// Trace text kept in memory: the default, for tests and short runs. A long run should stream
/// to a file instead (`sprout play` does), so its memory stays flat.
public final class TraceBuffer: TraceSpill {
    /// Everything written so far, UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// Everything written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// An empty buffer.
    public init() {}
    /// Appends UTF-8 text; never fails.
    public func write(_ utf8: [UInt8]) { bytes += utf8 }
    /// Writes everything held into `sink` in one piece (the buffer keeps it).
    public func replay(into sink: any TraceSink) throws { try sink.write(bytes) }
}

/// Writes a trace in the README's layout piece by piece, so that no part of a long script's trace
/// is held in memory: the header, each step's record as the step ends, each frame's record (set
/// aside in a spill until the steps are done), then the totals. The text is exactly what
/// `JSONValue.serialized()` gives for the whole object.
final class TraceWriter {
    private let sink: any TraceSink
    private let spill: (any TraceSpill)?
    private var steps = 0
    private var frames = 0
    /// Bytes written so far (sink and spill), and the most a trace may have.
    private var written = 0
    private let maximumBytes: Int

    /// Writes the opening brace and `header`'s pairs, and opens the `steps` array.
    init(sink: any TraceSink, spill: (any TraceSpill)?, header: [(String, JSONValue)], maximumBytes: Int = TraceLimit.defaultMaximumBytes) throws {
        self.sink = sink
        self.spill = spill
        self.maximumBytes = maximumBytes
        try write(sink, "{\n" + header.map { pair($0.0, $0.1) + ",\n" }.joined() + "  \"steps\": [")
    }

    func step(_ record: JSONValue) throws {
        try write(sink, (steps == 0 ? "\n" : ",\n") + "    " + record.serialized(indent: 2))
        steps += 1
    }

    /// A frame's record, when the trace has a spill for them (`--trace-frames`); else nothing.
    func frame(_ record: JSONValue) throws {
        guard let spill else { return }
        try write(spill, (frames == 0 ? "\n" : ",\n") + "    " + record.serialized(indent: 2))
        frames += 1
    }

    /// Closes `steps`, copies the frame records in as `everyFrame` (with a spill), then writes
    /// `trailer`'s pairs and the closing brace.
    func finish(trailer: [(String, JSONValue)]) throws {
        try write(sink, steps == 0 ? "]" : "\n  ]")
        if let spill {
            try write(sink, ",\n  \"everyFrame\": [")
            try spill.replay(into: sink)
            try write(sink, frames == 0 ? "]" : "\n  ]")
        }
        try write(sink, trailer.map { ",\n" + pair($0.0, $0.1) }.joined() + "\n}\n")
    }

    private func pair(_ key: String, _ value: JSONValue) -> String {
        "  " + JSONValue.quote(key) + ": " + value.serialized(indent: 1)
    }

    private func write(_ sink: any TraceSink, _ text: String) throws {
        let bytes = Array(text.utf8)
        written += bytes.count
        // Each step records every object: 3,000 placements (60 KB of script) wrote 3 GB.
        if written > maximumBytes { throw TraceLimit(maximumBytes: maximumBytes, steps: steps) }
        try sink.write(bytes)
    }
}

/// A trace that grew past its limit (`ScriptRunner.maximumTraceBytes`), refused at the step it crossed it.
public struct TraceLimit: Error, CustomStringConvertible, Sendable {
    /// The default limit: 1 GiB.
    public static let defaultMaximumBytes = 1 << 30
    /// The limit that was passed.
    public let maximumBytes: Int
    /// Steps written before the one that passed it.
    public let steps: Int

    /// In words, with what to do.
    public var description: String {
        "the trace passed \(maximumBytes) bytes after \(steps) step(s) (each step records every object; sprout play --max-trace-bytes raises the limit)"
    }
}
