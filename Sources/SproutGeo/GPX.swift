/// A named geographic point, as GPX stores it and the geotracking sample saves its anchors.
public struct Waypoint: Equatable, Sendable {
    /// The waypoint's `<name>`, XML entities decoded; empty when the file gives none.
    public var name: String
    /// Latitude and longitude in degrees; altitude from `<ele>` in metres (0 when absent).
    public var coordinate: GeoCoordinate

    /// A waypoint called `name` at `coordinate`.
    public init(name: String, coordinate: GeoCoordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

/// A GPX file that cannot be read: the file, the line and what is wrong.
public struct GPXError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file name passed to `GPX.read(_:file:)`.
    public var file: String
    /// 1-based line of the problem; 0 when it concerns the whole file (too large).
    public var line: Int
    /// What is wrong, in words for the user.
    public var message: String
    /// `file:line: message`, as compilers print errors.
    public var description: String { "\(file):\(line): \(message)" }
}

/// GPX 1.1 waypoints, written as the sample's GPXExporter writes them (`<wpt lat lon>` with
/// `<ele>` and `<name>`, coordinates with 8 decimals) and read back strictly: a malformed file
/// is refused with its line and the reason.
public enum GPX {
    /// A GPX 1.1 document of `waypoints` in order: latitude, longitude and elevation with 8
    /// decimals, names XML-escaped (`read(_:file:)` reads it back).
    public static func write(_ waypoints: [Waypoint]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Sprout\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        for w in waypoints {
            out += "  <wpt lat=\"\(fixed(w.coordinate.latitude))\" lon=\"\(fixed(w.coordinate.longitude))\">\n"
            out += "    <ele>\(fixed(w.coordinate.altitude))</ele>\n"
            out += "    <name>\(escape(w.name))</name>\n"
            out += "  </wpt>\n"
        }
        return out + "</gpx>\n"
    }

    /// `%.8f`, without Foundation's formatter.
    static func fixed(_ x: Double) -> String {
        let scaled = (abs(x) * 1e8).rounded()
        let whole = Int64(scaled / 1e8), fraction = Int64(scaled) - whole * 100_000_000
        let digits = String(fraction)
        return (x < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 8 - digits.count) + digits
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        var out = s
        for (entity, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            out = out.split(separator: entity, omittingEmptySubsequences: false).joined(separator: c)
        }
        return out
    }

    /// The largest GPX document read, bytes (as YAML documents).
    public static let maximumBytes = 8 << 20
    /// The most waypoints read: each becomes a geo anchor with its placemark.
    public static let maximumWaypoints = 1000

    /// Reads the waypoints of a GPX document (other elements, such as tracks, are skipped).
    public static func read(_ text: String, file: String) throws(GPXError) -> [Waypoint] {
        guard text.utf8.count <= maximumBytes else {
            throw GPXError(file: file, line: 0, message: "is \(text.utf8.count) bytes; GPX files are limited to \(maximumBytes)")
        }
        var tokens = Tokenizer(text: Array(text.unicodeScalars), file: file)
        var waypoints: [Waypoint] = []
        var sawRoot = false
        var current: (line: Int, lat: Double, lon: Double, ele: Double?, name: String?)?
        var field: (name: String, line: Int)?
        var text = ""
        while let token = try tokens.next() {
            switch token.kind {
            case .open(let tag, let attributes, let selfClosing):
                if tag == "gpx" { sawRoot = true; continue }
                guard sawRoot else { throw GPXError(file: file, line: token.line, message: "<\(tag)> before <gpx>: not a GPX file") }
                if tag == "wpt" {
                    guard waypoints.count < maximumWaypoints else {
                        throw GPXError(file: file, line: token.line, message: "more than \(maximumWaypoints) waypoints; each becomes an anchor")
                    }
                    guard current == nil else { throw GPXError(file: file, line: token.line, message: "<wpt> inside another <wpt>") }
                    func number(_ key: String, _ range: ClosedRange<Double>) throws(GPXError) -> Double {
                        guard let raw = attributes[key] else { throw GPXError(file: file, line: token.line, message: "<wpt> has no \(key) attribute") }
                        guard let value = Double(raw), value.isFinite, range.contains(value) else {
                            throw GPXError(
                                file: file, line: token.line, message: "\(key)=\"\(raw)\" must be a number in \(range.lowerBound)...\(range.upperBound)")
                        }
                        return value
                    }
                    current = (token.line, try number("lat", -90...90), try number("lon", -180...180), nil, nil)
                    if selfClosing {
                        waypoints.append(Waypoint(name: "", coordinate: GeoCoordinate(latitude: current!.lat, longitude: current!.lon)))
                        current = nil
                    }
                } else if current != nil, tag == "ele" || tag == "name" {
                    field = (tag, token.line)
                    text = ""
                }
            case .text(let t):
                if field != nil { text += t }
            case .close(let tag):
                if let f = field, f.name == tag {
                    if tag == "ele" {
                        let raw = text.trimmingWhitespace()
                        guard let e = Double(raw), e.isFinite, abs(e) < 100_000 else {
                            throw GPXError(file: file, line: f.line, message: "<ele> must be a height in metres, got '\(raw)'")
                        }
                        current?.ele = e
                    } else {
                        current?.name = unescape(text.trimmingWhitespace())
                    }
                    field = nil
                } else if tag == "wpt", let c = current {
                    waypoints.append(Waypoint(name: c.name ?? "", coordinate: GeoCoordinate(latitude: c.lat, longitude: c.lon, altitude: c.ele ?? 0)))
                    current = nil
                } else if tag == "gpx" {
                    if let c = current { throw GPXError(file: file, line: c.line, message: "<wpt> is not closed") }
                    return waypoints
                }
            }
        }
        if !sawRoot { throw GPXError(file: file, line: 1, message: "no <gpx> element: not a GPX file") }
        throw GPXError(file: file, line: tokens.line, message: "the file ends before </gpx>")
    }
}

private struct Token {
    enum Kind {
        case open(String, [String: String], selfClosing: Bool)
        case close(String)
        case text(String)
    }
    var kind: Kind
    var line: Int
}

/// Just enough XML for GPX: tags with quoted attributes, text, comments and declarations.
private struct Tokenizer {
    let text: [Unicode.Scalar]
    let file: String
    var i = 0
    var line = 1

    init(text: [Unicode.Scalar], file: String) {
        self.text = text
        self.file = file
    }

    mutating func advance() -> Unicode.Scalar? {
        guard i < text.count else { return nil }
        let c = text[i]
        i += 1
        if c == "\n" { line += 1 }
        return c
    }

    func startsWith(_ s: String) -> Bool {
        let u = Array(s.unicodeScalars)
        return i + u.count <= text.count && Array(text[i..<(i + u.count)]) == u
    }

    mutating func skip(past s: String, what: String) throws(GPXError) {
        let start = line
        while i < text.count, !startsWith(s) { _ = advance() }
        guard startsWith(s) else { throw GPXError(file: file, line: start, message: "\(what) is not closed") }
        for _ in s.unicodeScalars { _ = advance() }
    }

    mutating func next() throws(GPXError) -> Token? {
        guard i < text.count else { return nil }
        let line = self.line
        if text[i] != "<" {
            var s = ""
            while i < text.count, text[i] != "<" { s.unicodeScalars.append(advance()!) }
            return Token(kind: .text(s), line: line)
        }
        if startsWith("<!--") { try skip(past: "-->", what: "a comment"); return try next() }
        if startsWith("<?") { try skip(past: "?>", what: "a declaration"); return try next() }
        if startsWith("<!") { try skip(past: ">", what: "a declaration"); return try next() }
        _ = advance()   // <
        var closing = false
        if i < text.count, text[i] == "/" { closing = true; _ = advance() }
        var name = ""
        while i < text.count, !" \t\r\n/>".unicodeScalars.contains(text[i]) { name.unicodeScalars.append(advance()!) }
        guard !name.isEmpty else { throw GPXError(file: file, line: line, message: "a tag without a name") }
        var attributes: [String: String] = [:]
        var selfClosing = false
        while true {
            while i < text.count, " \t\r\n".unicodeScalars.contains(text[i]) { _ = advance() }
            guard i < text.count else { throw GPXError(file: file, line: line, message: "<\(name)> is not closed") }
            if text[i] == ">" { _ = advance(); break }
            if text[i] == "/", i + 1 < text.count, text[i + 1] == ">" { _ = advance(); _ = advance(); selfClosing = true; break }
            var key = ""
            while i < text.count, !" \t\r\n=/>".unicodeScalars.contains(text[i]) { key.unicodeScalars.append(advance()!) }
            guard i < text.count, text[i] == "=", !key.isEmpty else {
                throw GPXError(file: file, line: self.line, message: "<\(name)>: expected name=\"value\"")
            }
            _ = advance()
            guard i < text.count, text[i] == "\"" || text[i] == "'" else {
                throw GPXError(file: file, line: self.line, message: "<\(name)>: the value of \(key) must be quoted")
            }
            let quote = advance()!
            var value = ""
            while i < text.count, text[i] != quote { value.unicodeScalars.append(advance()!) }
            guard i < text.count else { throw GPXError(file: file, line: line, message: "<\(name)>: the value of \(key) is not closed") }
            _ = advance()
            attributes[key] = GPX.unescape(value)
        }
        return Token(kind: closing ? .close(name) : .open(name, attributes, selfClosing: selfClosing), line: line)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
