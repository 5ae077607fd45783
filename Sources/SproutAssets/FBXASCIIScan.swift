#if canImport(Glibc)
import Glibc
#endif

/// One streamed pass over an ASCII FBX file, tokenised as Assimp 5.2 tokenises it (a key is a
/// name followed by `:`; strings run from quote to quote, across lines; `;` comments to the end
/// of the line; `,`, blanks and braces separate), for every check of that encoding: how deep
/// its braces nest (`FBXRecords`), its animation curves' travel (`FBXCurves`), its connections
/// (`FBXConnections`), its geometries' layers (`FBXLayers`) and its videos' embedded content.
struct FBXASCIIScan {
    /// One element as it ends: its key, its depth (0 at the top), the first tokens after the key
    /// (quotes removed, at most `keptTokens`, each at most `keptBytes`) and how many there were.
    struct Element {
        var name: String
        var depth: Int
        var tokens: [String]
        var count: Int
    }

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

    // The token being read.
    private var token: [UInt8] = []
    private var tokenLength = 0
    private var inToken = false, quoted = false, tokenQuoted = false, inComment = false
    /// The element's first quoted token: a name (`"Geometry::Cube"`) or a mode (`"ByVertice"`).
    private var firstQuoted: String?
    /// A token ended by a blank, not yet known to be a key (a `:` may follow the blanks).
    private var held: [UInt8]?
    private var base64 = Base64Check()

    init(shown: String, stopAt: Int) {
        self.shown = shown
        self.stopAt = stopAt
        layers = FBXLayers(shown: shown)
    }

    /// Streams `file` from its start. Throws what a check refuses; stops quietly at `stopAt`.
    mutating func scan(_ file: UnsafeMutablePointer<FILE>) throws(ModelImportError) {
        fseeko(file, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        reading: while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard n > 0 else { break }
            for i in 0..<n {
                try byte(buffer[i])
                if deepest >= stopAt { break reading }
            }
        }
        guard deepest < stopAt else { return }   // refused for its depth: the rest is not read
        try endToken()
        try endElement()
        try flushCurve()
        try layers.finish()
    }

    private mutating func byte(_ c: UInt8) throws(ModelImportError) {
        if inComment {
            if c == 0x0A || c == 0x0D { inComment = false }
            return
        }
        if quoted {
            if c == 0x22 {
                quoted = false
                try endToken()
            } else {
                append(c)
            }
            return
        }
        switch c {
        case 0x22:   // a string starts
            try endToken()
            inToken = true
            quoted = true
            tokenQuoted = true
            token.removeAll(keepingCapacity: true)
            tokenLength = 0
            if inContent { base64 = Base64Check() }
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
        case 0x3A:   // : makes the token before it a key
            if inToken {
                let key = token
                inToken = false
                try startElement(key)
            } else if let key = held {
                held = nil
                try startElement(key)
            }
        case 0x20, 0x09, 0x0A, 0x0D:
            if inToken {
                held = token
                inToken = false
            }
        default:
            if let value = held {
                held = nil
                try addToken(value, quoted: false)
            }
            if !inToken {
                inToken = true
                tokenQuoted = false
                token.removeAll(keepingCapacity: true)
                tokenLength = 0
            }
            append(c)
        }
    }

    private mutating func append(_ c: UInt8) {
        if tokenLength < Self.keptBytes { token.append(c) }
        tokenLength += 1
        if quoted && inContent { base64.add(c) }
    }

    /// Whether the tokens being read are a video's embedded content.
    private var inContent: Bool { name == "Content" && opened.last?.name == "Video" }

    /// Ends the token being read (or the one held) as a value of the element.
    private mutating func endToken() throws(ModelImportError) {
        if let value = held {
            held = nil
            try addToken(value, quoted: false)
        }
        guard inToken else { return }
        inToken = false
        try addToken(token, quoted: tokenQuoted)
    }

    private mutating func addToken(_ value: [UInt8], quoted: Bool) throws(ModelImportError) {
        guard name != nil else { return }
        count += 1
        if inContent && (!quoted || !base64.decodesWhole) {
            throw .malformed(
                path: shown,
                reason:
                    "video '\(FBXLayers.label(opened.last?.label))' holds embedded content that is not a quoted base64 string (Assimp 5.2 frees such content twice)"
            )
        }
        if name == "a", opened.last?.name == "KeyValueFloat" {
            guard let number = Double(String(decoding: value, as: UTF8.self)) else { return }
            curveValues.append(number)
            if curveValues.count >= 1 << 16 { try flushCurve() }
            return
        }
        let text = String(decoding: value, as: UTF8.self)
        if quoted && firstQuoted == nil { firstQuoted = text }
        if tokens.count < Self.keptTokens { tokens.append(text) }
    }

    private mutating func startElement(_ key: [UInt8]) throws(ModelImportError) {
        try endElement()
        name = String(decoding: key, as: UTF8.self)
    }

    /// Reports the element being read to the checks.
    private mutating func endElement() throws(ModelImportError) {
        guard let ended = name else { return }
        let depth = opened.count
        name = nil
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
        if ended.utf8.count >= FBXLayers.shortestName {
            try layers.element(ended, depth: depth, string: firstQuoted, arrayCount: nil)
        }
    }

    /// `C: "OO", child, parent` or `C: "OP", child, parent, "property"`.
    private mutating func link(_ fields: [String]) {
        guard fields.count >= 3, fields[0] == "OO" || fields[0] == "OP", let child = Int64(fields[1]), let parent = Int64(fields[2]) else { return }
        links.links.append((child, parent))
        if fields[0] == "OO" { links.objectLinks.append((child, parent)) }
        if fields[0] == "OP", fields.count >= 4, fields[3] == FBXConnections.morphWeightProperty { links.morphAnimations += 1 }
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
