/// A JSON value whose objects keep their key order, so traces are byte-stable.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal when both serialize to the same text: key order counts, and numbers are compared as
    /// printed (rounded to 6 decimals, non-finite as null).
    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

    /// Numbers are rounded to 6 decimals (micrometres, microseconds) when printed, in their
    /// shortest form; -0 prints as 0.
    public static func vector(_ v: [Float]) -> JSONValue { .array(v.map { .number(Double($0)) }) }

    /// The value as JSON text: keys in their order, numbers rounded to 6 decimals (non-finite ones
    /// as null). `pretty` puts each member on its own line, two spaces a level, starting at
    /// `indent` levels (arrays of numbers stay on one line); false writes it all on one line.
    public func serialized(indent: Int = 0, pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: indent, pretty: pretty)
        return out
    }

    private func write(into out: inout String, indent: Int, pretty: Bool) {
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        let newline = pretty ? "\n" : ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += Self.format(x)
        case .string(let s): out += Self.quote(s)
        case .array(let items):
            // Short arrays of numbers (vectors, matrices) stay on one line.
            if items.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                out += "[" + items.map { $0.serialized(pretty: false) }.joined(separator: ", ") + "]"
                return
            }
            if items.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1, pretty: pretty)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += close + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{" + newline
            for (i, (key, value)) in pairs.enumerated() {
                out += pad + Self.quote(key) + (pretty ? ": " : ":")
                value.write(into: &out, indent: indent + 1, pretty: pretty)
                out += (i + 1 < pairs.count ? "," : "") + newline
            }
            out += close + "}"
        }
    }

    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        var r = (x * 1e6).rounded() / 1e6
        if r == 0 { r = 0 }   // no "-0.0"
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
