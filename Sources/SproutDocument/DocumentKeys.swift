/// A document's top-level keys without parsing it: one linear pass over its bytes (issue 30,
/// item 4). `sprout test` sorts a folder's files into scenes, scripts and stages by their keys
/// before any worker starts; parsing every file there would put up to 8 MiB of YAML per file
/// outside the per-case `--timeout`. The full parse happens in the worker that runs the case.
public enum DocumentKeys {
    /// The top-level keys of a YAML block mapping (lines that start in column 0 with `key:`),
    /// or of a JSON object or YAML flow mapping (`{ "key": ... }`, keys at depth 1); nil when
    /// the text is neither (empty, a list, a scalar), so the caller can parse it to say why.
    /// Quoted keys lose their quotes; comments, document markers and indented lines are skipped.
    public static func scan(_ bytes: [UInt8]) -> [String]? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }   // a UTF-8 byte-order mark
        // The first significant byte decides: `{` a flow mapping, anything else a block.
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            if c == 0x23 { while i < bytes.count, bytes[i] != 0x0A { i += 1 }; continue }   // # comment
            if c == 0x2D, bytes[i...].starts(with: Array("---".utf8)) { i += 3; continue }   // document start
            break
        }
        guard i < bytes.count else { return nil }
        return bytes[i] == 0x7B ? flowKeys(bytes, from: i) : blockKeys(bytes, from: start)
    }

    /// Keys at depth 1 of `{ ... }`: a quoted or bare word followed by `:`.
    static func flowKeys(_ bytes: [UInt8], from open: Int) -> [String] {
        var keys: [String] = []
        var depth = 0, i = open, token: [UInt8] = [], expectingKey = false
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case 0x22, 0x27:   // a quoted string: a key if a ':' follows at depth 1
                var j = i + 1, text: [UInt8] = []
                while j < bytes.count, bytes[j] != c {
                    if c == 0x22, bytes[j] == 0x5C, j + 1 < bytes.count { j += 1 }
                    text.append(bytes[j])
                    j += 1
                }
                token = depth == 1 && expectingKey ? text : []
                i = j + 1
                continue
            case 0x7B, 0x5B:
                depth += 1
                expectingKey = depth == 1
                token = []
            case 0x7D, 0x5D:
                depth -= 1
                if depth <= 0 { return keys }
            case 0x2C:
                if depth == 1 { expectingKey = true }
                token = []
            case 0x3A:
                if depth == 1, expectingKey, !token.isEmpty {
                    keys.append(String(decoding: token, as: UTF8.self).trimmingSpaces)
                    expectingKey = false
                }
                token = []
            case 0x23 where depth >= 1 && token.isEmpty:   // a YAML comment inside a flow mapping
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                continue
            default:
                if depth == 1, expectingKey { token.append(c) }
            }
            i += 1
        }
        return keys
    }

    /// Keys of a block mapping: lines that start in column 0 with `key:` (then a space or the
    /// line's end), `"key":` or `'key':`.
    static func blockKeys(_ bytes: [UInt8], from start: Int) -> [String]? {
        var keys: [String] = []
        var lineStart = start
        var sawContent = false
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            guard let first = line.first, ![0x20, 0x09, 0x0D, 0x23].contains(first) else { continue }
            if line.starts(with: Array("---".utf8)) || line.starts(with: Array("...".utf8)) { continue }
            sawContent = true
            if first == 0x2D || first == 0x5B { return keys.isEmpty ? nil : keys }   // a list at the top: not a mapping
            if first == 0x22 || first == 0x27 {
                guard let close = line.dropFirst().firstIndex(of: first), close + 1 < line.endIndex, line[close + 1] == 0x3A else { continue }
                keys.append(String(decoding: line[(line.startIndex + 1)..<close], as: UTF8.self))
                continue
            }
            var j = line.startIndex
            while j < line.endIndex, line[j] != 0x3A { j += 1 }
            guard j < line.endIndex, j + 1 == line.endIndex || [0x20, 0x09, 0x0D].contains(line[j + 1]) else { continue }
            keys.append(String(decoding: line[line.startIndex..<j], as: UTF8.self).trimmingSpaces)
        }
        return sawContent && !keys.isEmpty ? keys : nil
    }
}

private extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        let s = drop { $0 == " " || $0 == "\t" }
        return String(s.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
