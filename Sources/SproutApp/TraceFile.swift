import SproutFiles
import SproutScript

/// A script's trace streamed to a file (or `-`) as it runs, with its per-frame records set aside
/// in a spill file: memory stays flat however long the script. `commit` makes the file appear
/// whole; a run that fails before then leaves what was at the path untouched.
public final class TraceFile: TraceSink {
    private let stream: OutputFileStream

    /// Opens `path` for the trace (`-` is standard output); nothing at the path is replaced until
    /// `commit`. Throws an `OutputFileError` when the path cannot be written (a directory, no permission).
    public init(path: String) throws {
        stream = try OutputFileStream(path: path)
    }

    /// Appends UTF-8 text to the trace; throws an `OutputFileError` when the write fails.
    public func write(_ utf8: [UInt8]) throws { try stream.write(utf8) }

    /// Writes what is left and puts the whole file in place (a regular file is renamed over the old one).
    public func commit() throws { try stream.commit() }
}

/// The per-frame records of a trace, kept on disk until the steps are written.
final class TraceSpillFile: TraceSpill {
    private let file: SpillFile

    init() throws { file = try SpillFile() }

    func write(_ utf8: [UInt8]) throws { try file.write(utf8) }

    func replay(into sink: any TraceSink) throws { try file.replay { try sink.write($0) } }
}
