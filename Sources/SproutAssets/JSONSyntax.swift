/// Where a JSON text first breaks RFC 8259's grammar, by line and column, for an error that
/// points at it: the JSON decoder of this Foundation says only "not valid JSON" (and lets a
/// trailing comma pass, which Assimp's parser refuses), and Assimp "no suitable reader". One
/// pass, no recursion (the nesting kept on a stack of bytes).
enum JSONSyntax {
    /// The first fault: where (1-based line, and column in bytes) and what is wrong.
    struct Fault: Equatable, CustomStringConvertible {
        let line: Int
        let column: Int
        let what: String

        var description: String { "line \(line), column \(column): \(what)" }
    }

    /// What the scanner expects next.
    private enum Expect {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end
    }

    /// The first place `text` is not JSON, or nil when it is (RFC 8259: one value, optionally
    /// surrounded by blanks). A number too large for a double is a fault too, since nothing
    /// can hold it.
    static func firstFault(in text: [UInt8]) -> Fault? { text.withUnsafeBufferPointer { firstFault(in: $0) } }

    /// `firstFault(in:)` over the bytes themselves, without an array's checked subscript.
    private static func firstFault(in text: UnsafeBufferPointer<UInt8>) -> Fault? {
        var i = 0
        var open: [UInt8] = []   // the opening bracket of each container around i
        var expect = Expect.value
        func fault(_ what: String) -> Fault {
            let before = text[..<min(i, text.count)]
            let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            return Fault(line: line, column: i - lineStart + 1, what: what)
        }
        func afterValue() -> Expect { open.isEmpty ? .end : .commaOrClose }
        func shown(_ c: UInt8) -> String { (0x21...0x7E).contains(c) ? "'\(Character(Unicode.Scalar(c)))'" : "byte \(c)" }
        while true {
            while i < text.count, text[i] == 0x20 || text[i] == 0x0A || text[i] == 0x0D || text[i] == 0x09 { i += 1 }
            guard i < text.count else {
                switch expect {
                case .end: return nil
                case _ where open.isEmpty: return fault("the text ends where a value is expected")
                default: return fault("the text ends inside \(open.last == 0x7B ? "an object" : "an array")")
                }
            }
            let c = text[i]
            switch expect {
            case .value, .valueOrClose:
                if c == 0x5D, expect == .valueOrClose {
                    open.removeLast()
                    i += 1
                    expect = afterValue()
                    continue
                }
                switch c {
                case 0x7B, 0x5B:
                    open.append(c)
                    i += 1
                    expect = c == 0x7B ? .keyOrClose : .valueOrClose
                case 0x22:
                    if let what = string(text, &i) { return fault(what) }
                    expect = afterValue()
                case 0x2D, 0x30...0x39:
                    if let what = number(text, &i) { return fault(what) }
                    expect = afterValue()
                case 0x74, 0x66, 0x6E:
                    let word = c == 0x74 ? "true" : c == 0x66 ? "false" : "null"
                    guard text[i...].starts(with: word.utf8) else { return fault("unexpected \(shown(c)) where a value is expected") }
                    i += word.utf8.count
                    expect = afterValue()
                default:
                    return fault("unexpected \(shown(c)) where a value is expected")
                }
            case .key, .keyOrClose:
                if c == 0x7D, expect == .keyOrClose {
                    open.removeLast()
                    i += 1
                    expect = afterValue()
                } else if c == 0x22 {
                    if let what = string(text, &i) { return fault(what) }
                    expect = .colon
                } else {
                    return fault("unexpected \(shown(c)) where a member name in double quotes is expected")
                }
            case .colon:
                guard c == 0x3A else { return fault("expected ':' after a member name, found \(shown(c))") }
                i += 1
                expect = .value
            case .commaOrClose:
                let inObject = open.last == 0x7B
                if c == 0x2C {
                    i += 1
                    expect = inObject ? .key : .value
                } else if c == (inObject ? 0x7D : 0x5D) {
                    open.removeLast()
                    i += 1
                    expect = afterValue()
                } else {
                    return fault("expected ',' or '\(inObject ? "}" : "]")', found \(shown(c))")
                }
            case .end:
                return fault("unexpected \(shown(c)) after the document's one value")
            }
        }
    }

    /// Scans the string starting at `i` (its opening quote) past its closing quote; what is
    /// wrong with it, with `i` left at the fault, or nil.
    private static func string(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> String? {
        i += 1
        while i < text.count {
            let c = text[i]
            switch c {
            case 0x22:
                i += 1
                return nil
            case 0x5C:
                guard i + 1 < text.count else { return "a string is not closed" }
                let escape = text[i + 1]
                if escape == 0x75 {
                    let hex = text[(i + 2)..<min(i + 6, text.count)]
                    guard hex.count == 4, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0 | 0x20) }) else {
                        i += 1
                        return "\\u is not followed by four hexadecimal digits"
                    }
                    i += 6
                } else {
                    guard "\"\\/bfnrt".utf8.contains(escape) else {
                        i += 1
                        return "unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string"
                    }
                    i += 2
                }
            case 0..<0x20:
                return "a control character (byte \(c)) inside a string: it must be escaped"
            default:
                i += 1
            }
        }
        return "a string is not closed"
    }

    /// Scans the number starting at `i`; what is wrong with it, with `i` at the fault, or nil.
    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> String? {
        let start = i
        func digits() -> Int {
            let from = i
            while i < text.count, (0x30...0x39).contains(text[i]) { i += 1 }
            return i - from
        }
        if text[i] == 0x2D { i += 1 }
        guard i < text.count, (0x30...0x39).contains(text[i]) else { return "a '-' not followed by a digit" }
        if text[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < text.count, text[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return "a number's '.' not followed by a digit" }
        }
        if i < text.count, text[i] | 0x20 == 0x65 {
            i += 1
            if i < text.count, text[i] == 0x2B || text[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return "a number's exponent has no digits" }
        }
        let literal = String(decoding: text[start..<i], as: UTF8.self)
        if let value = Double(literal), !value.isFinite {
            i = start
            return "the number \(literal) is too large for a double"
        }
        return nil
    }
}
