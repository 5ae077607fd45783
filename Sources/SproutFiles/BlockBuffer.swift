/// Bytes gathered into 64 KiB blocks before they reach a file descriptor: what is written in
/// many small pieces (a trace's records) costs a system call per block, not per piece.
struct BlockBuffer {
    static let blockSize = 1 << 16
    private var bytes: [UInt8] = []

    /// Adds `more`, writing to `fd` once a block is full; `path` names it in errors.
    mutating func append(_ more: [UInt8], to fd: Int32, path: String) throws(OutputFileError) {
        bytes += more
        if bytes.count >= Self.blockSize { try flush(to: fd, path: path) }
    }

    /// Writes what is gathered.
    mutating func flush(to fd: Int32, path: String) throws(OutputFileError) {
        guard !bytes.isEmpty else { return }
        try OutputFile.writeAll(bytes, to: fd, path: path)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Forgets what is gathered.
    mutating func clear() { bytes = [] }
}
