#if canImport(Glibc)
import Glibc
#endif

/// One streamed pass over an ASCII FBX file, tokenised as Assimp 5.2 tokenises it (a key is a
/// name followed by `:`; strings run from quote to quote, across lines; `;` comments to the end
/// of the line; `,`, blanks and braces separate), for every check of that encoding: how deep
/// its braces nest (`FBXRecords`), its animation curves' travel (`FBXCurves`), its connections
/// (`FBXConnections`), its geometries' layers (`FBXLayers`) and its videos' embedded content.
struct FBXASCIIScan {
    /// How many of an element's first tokens are kept (a connection's four), and how many bytes
    /// of each.
    static let keptTokens = 4, keptBytes = 64

    let shown: String
    let stopAt: Int
    /// The deepest brace nesting met, up to `stopAt` (the scan stops there).
    private(set) var deepest = 0
    private(set) var links = FBXConnections.Links()
    private(set) var layers: FBXLayers
    private var curves = FBXCurves()
    private var curveValues: [Double] = []

    // The element being read, and the names of those its braces opened.
    private var name: String?
    private var tokens: [String] = []
    private var count = 0
    private var opened: [(name: String?, label: String?)] = []
    /// The element's first quoted token: a name (`"Geometry::Cube"`) or a mode (`"ByVertice"`).
    private var firstQuoted: String?

    /// What the tokens of the element being read are, decided once at its key: most of a file
    /// is arrays' values, which are only counted.
    private enum Values { case kept, arrayValues, curveValues, videoContent }
    private var values = Values.kept

    // The token being read: its first `keptBytes` in `tokenBytes` (owned by `scan`), its length.
    private var tokenBytes: UnsafeMutablePointer<UInt8>?
    private var tokenLength = 0
    private var inToken = false, quoted = false, tokenQuoted = false, inComment = false
    /// The last token ended at a blank and is not yet known to be a key (a `:` may follow the
    /// blanks); its bytes are still in `tokenBytes`.
    private var held = false
    private var base64 = Base64Check()

    init(shown: String, stopAt: Int) {
        self.shown = shown
        self.stopAt = stopAt
        layers = FBXLayers(shown: shown)
    }

    /// Streams `file` from its start. Throws what a check refuses; stops quietly at `stopAt`.
    /// Runs of a token's, a string's or a comment's bytes are passed over in place; only the
    /// bytes that separate tokens go through `separator`.
    mutating func scan(_ file: UnsafeMutablePointer<FILE>) throws(ModelImportError) {
        fseeko(file, 0, SEEK_SET)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        let kept = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.keptBytes)
        defer {
            buffer.deallocate()
            kept.deallocate()
            tokenBytes = nil
        }
        tokenBytes = kept
        reading: while true {
            let n = fread(buffer, 1, 1 << 16, file)
            guard n > 0 else { break }
            var i = 0
            while i < n {
                var j = i
                if inComment {
                    while j < n, !FileBytes.endsLine(buffer[j]) { j += 1 }   // a comment ends at a line end
                    if j < n { inComment = false }
                    i = j
                    continue
                }
                if quoted {
                    while j < n, buffer[j] != 0x22, buffer[j] != 0 { j += 1 }
                    keep(buffer + i, j - i)
                    guard j < n else { break }
                    guard buffer[j] != 0 else { break reading }   // Assimp's text ends at a NUL
                    quoted = false
                    try endToken()
                    i = j + 1
                    continue
                }
                while j < n, Self.inToken(buffer[j]) { j += 1 }
                if j > i {
                    try startToken(quoted: false)
                    keep(buffer + i, j - i)
                    guard j < n else { break }
                }
                guard buffer[j] != 0 else { break reading }
                try separator(buffer[j])
                i = j + 1
                if deepest >= stopAt { break reading }
            }
        }
        guard deepest < stopAt else { return }   // refused for its depth: the rest is not read
        try endToken()
        try endElement()
        try flushCurve()
        try layers.finish()
    }

    /// Whether `c` continues a token (outside strings and comments): not a blank, a line end
    /// (Assimp's: `\r`, `\n`, `\f` and NUL, which ends its text), a quote or a separator.
    private static func inToken(_ c: UInt8) -> Bool {
        switch c {
        case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x22, 0x2C, 0x3A, 0x3B, 0x7B, 0x7D: false
        default: true
        }
    }

    /// A byte outside tokens: a quote, `;`, a brace, `,`, `:`, a blank or a line end.
    private mutating func separator(_ c: UInt8) throws(ModelImportError) {
        switch c {
        case 0x22:   // a string starts
            try endToken()
            try startToken(quoted: true)
            quoted = true
        case 0x3B:   // ;
            try endToken()
            inComment = true
        case 0x7B:   // {
            try endToken()
            let label = firstQuoted
            let opening = name
            try endElement()
            opened.append((opening, label))
            deepest = max(deepest, opened.count)
        case 0x7D:   // }
            try endToken()
            try endElement()
            if !opened.isEmpty { opened.removeLast() }
        case 0x2C:   // ,
            try endToken()
        case 0x3A:   // : makes the token before it (here or before blanks) a key
            if inToken || held {
                inToken = false
                held = false
                try startElement()
            }
        default:   // a blank: the token may yet be a key
            if inToken {
                inToken = false
                held = true
            }
        }
    }

    /// Begins a token, unless one is being read (a run of its bytes went on past a chunk).
    private mutating func startToken(quoted: Bool) throws(ModelImportError) {
        guard !inToken else { return }
        if held { try endToken() }
        inToken = true
        tokenQuoted = quoted
        tokenLength = 0
        if quoted && values == .videoContent { base64 = Base64Check() }
    }

    /// Keeps the first bytes of a run of the token's `count` bytes at `bytes`.
    private mutating func keep(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
        let room = max(0, min(count, Self.keptBytes - tokenLength))
        if room > 0 { (tokenBytes! + tokenLength).update(from: bytes, count: room) }
        if tokenQuoted && values == .videoContent {
            for k in 0..<count { base64.add(bytes[k]) }
        }
        tokenLength += count
    }

    /// The token's kept bytes as text.
    private var tokenText: String {
        String(decoding: UnsafeBufferPointer(start: tokenBytes!, count: min(tokenLength, Self.keptBytes)), as: UTF8.self)
    }

    /// Ends the token being read, or the one held, as a value of the element.
    private mutating func endToken() throws(ModelImportError) {
        guard inToken || held else { return }
        inToken = false
        held = false
        try addToken(quoted: tokenQuoted)
    }

    private mutating func addToken(quoted: Bool) throws(ModelImportError) {
        guard name != nil else { return }
        count += 1
        switch values {
        case .arrayValues: return
        case .curveValues:
            guard let number = Self.assimpFloat(tokenText) else { return }
            curveValues.append(number)
            if curveValues.count >= 1 << 16 { try flushCurve() }
            return
        case .videoContent:
            guard quoted, base64.decodesWhole else {
                throw .malformed(
                    path: shown,
                    reason:
                        "video '\(FBXLayers.label(opened.last?.label))' holds embedded content that is not a quoted base64 string (Assimp 5.2 frees such content twice)"
                )
            }
        case .kept: break
        }
        guard tokens.count < Self.keptTokens || (quoted && firstQuoted == nil) else { return }
        let text = tokenText
        if quoted && firstQuoted == nil { firstQuoted = text }
        if tokens.count < Self.keptTokens { tokens.append(text) }
    }

    /// The token just read is a key: the element before it ends, its own begins.
    private mutating func startElement() throws(ModelImportError) {
        let key = tokenText
        try endElement()
        try layers.enter(depth: opened.count)
        name = key
        let parent = opened.last?.name ?? nil
        if key == "a" {
            values = parent == "KeyValueFloat" ? .curveValues : .arrayValues
        } else if key == "Content", let parent, FBXClass.of(parent.utf8) == .video {
            values = .videoContent
        } else {
            values = .kept
        }
    }

    /// Reports the element being read to the checks.
    private mutating func endElement() throws(ModelImportError) {
        guard let ended = name else { return }
        let depth = opened.count
        name = nil
        values = .kept
        defer {
            tokens.removeAll(keepingCapacity: true)
            firstQuoted = nil
            count = 0
        }
        if ended == "a" {
            // An array's values: reported as its owner's.
            guard let owner = opened.last?.name else { return }
            if owner == "KeyValueFloat" { try flushCurve() }
            try layers.element(owner, depth: depth - 1, string: nil, arrayCount: count)
            return
        }
        if ended == "C", depth == 1, opened.last?.name == "Connections" { link(tokens) }
        if depth == 1, opened.last?.name == "Objects", tokens.count >= 3, let id = Self.assimpID(tokens[0]) {
            links.object(key: ended, id: id, name: tokens[1], classTag: tokens[2])
        }
        if FBXLayers.reads(ended.utf8) {
            try layers.element(ended, depth: depth, string: firstQuoted, arrayCount: nil, tokens: count, integer: tokens.first.flatMap(Self.assimpInteger))
        }
    }

    /// `C: "OO", child, parent` or `C: "OP", child, parent, "property"`; ids are the digits a
    /// token starts with (`assimpID`).
    private mutating func link(_ fields: [String]) {
        guard fields.count >= 3, let child = Self.assimpID(fields[1]), let parent = Self.assimpID(fields[2]) else { return }
        links.add(type: fields[0], child: child, parent: parent, property: fields.count >= 4 ? fields[3] : nil)
    }

    /// An ASCII integer as Assimp 5.2 reads it (`ParseTokenAsInt`, `strtol10`): a sign and
    /// decimal digits, wrapping at 32 bits (4294967295 is -1); nil when anything else follows
    /// (Assimp refuses it).
    static func assimpInteger(_ text: String) -> Int? {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = Int32(bitPattern: PLYHeader.assimpUnsigned(rest))
        return Int(negative ? 0 &- value : value)
    }

    /// An ASCII number as Assimp 5.2 reads it (`fast_atoreal_move`): the number a token begins
    /// with ("1e12x" is 1e12), or "nan" and "inf"; nil when it begins with none.
    static func assimpFloat(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        let word = String(decoding: bytes[i...].prefix(3), as: UTF8.self).lowercased()
        if word == "nan" { return .nan }
        if word == "inf" { return bytes.first == UInt8(ascii: "-") ? -.infinity : .infinity }
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        var count = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        var end = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            if digits() > 0 { end = i }
        }
        return Double(String(decoding: bytes[..<end], as: UTF8.self))
    }

    /// An ASCII id as Assimp 5.2 reads it (`strtoul10_64`): the decimal digits the token starts
    /// with, wrapping, and 0 where a digit makes the value fall (its overflow test); nil when it
    /// starts with no digit (Assimp refuses the file).
    static func assimpID(_ text: String) -> Int64? {
        var value: UInt64 = 0
        var digits = 0
        for c in text.utf8 {
            guard c >= 0x30 && c <= 0x39 else { break }
            let next = value &* 10 &+ UInt64(c - 0x30)
            if next < value { return 0 }
            value = next
            digits += 1
        }
        return digits > 0 ? Int64(bitPattern: value) : nil
    }

    private mutating func flushCurve() throws(ModelImportError) {
        guard !curveValues.isEmpty else { return }
        try curves.add(curveValues, shown: shown)
        curveValues.removeAll(keepingCapacity: true)
    }
}

/// Whether a video's embedded content decodes as Assimp 5.2 expects, streamed: it allocates the
/// length it computes from a token's characters and trailing `=`, decodes into it without a
/// bound, and, when the two differ (a character outside base64, an `=` before the end, a
/// length that decodes longer), frees the content twice (found by mutation).
struct Base64Check {
    private var length = 0, equals = 0, invalid = false

    mutating func add(_ c: UInt8) {
        length += 1
        if c == UInt8(ascii: "=") {
            equals += 1
            if equals > 2 { invalid = true }
        } else if equals > 0 || !Self.alphabet(c) {
            invalid = true
        }
    }

    /// True when Assimp decodes exactly the bytes it allocated, or allocates nothing (it then
    /// skips the content: a token shorter than two characters, or all padding).
    var decodesWhole: Bool {
        guard length >= 2, 3 * length / 4 > equals else { return true }
        return !invalid && 6 * (length - equals) / 8 == 3 * length / 4 - equals
    }

    static func alphabet(_ c: UInt8) -> Bool {
        (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) || c == 0x2B || c == 0x2F
    }
}
