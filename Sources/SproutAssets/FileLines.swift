#if canImport(Glibc)
import Glibc
#endif

/// A file read line by line, streamed, for the scans before Assimp (an OBJ's material
/// libraries and the libraries themselves): each line at most its first 4,096 bytes, so a file
/// of one endless line holds little. Lines end where Assimp's text readers end them
/// (`IsLineEnd`: `\n`, `\r`, `\f` and NUL; `\r\n` is one end).
enum FileLines {
    /// What a line's reader does next.
    enum Step {
        /// Read the next line.
        case next
        /// Stop, with a result.
        case stop(Int?)
    }

    /// Calls `body` with each line until it stops; returns its result, or nil at the end of the
    /// file.
    static func each(_ file: UnsafeMutablePointer<FILE>, _ body: (String) -> Step) -> Int?? {
        eachLine(file) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `each` with the line's bytes (valid during the call): for a scan that looks at a few
    /// bytes of most lines, no text is made of them.
    static func eachLine(_ file: UnsafeMutablePointer<FILE>, _ body: ([UInt8]) -> Step) -> Int?? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var afterReturn = false
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard n > 0 else { break }
            for byte in buffer[0..<n] {
                defer { afterReturn = byte == 0x0D }
                if byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0 {
                    if byte == 0x0A && afterReturn { continue }
                    if case .stop(let result) = body(line) { return .some(result) }
                    line.removeAll(keepingCapacity: true)
                } else if line.count < 4096 {
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty, case .stop(let result) = body(line) { return .some(result) }
        return nil
    }
}

extension StringProtocol {
    /// The text without `characters` at either end (the scans' trimming of a field or name).
    func trimmed(of characters: String) -> String {
        let set = Set(characters)
        return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
