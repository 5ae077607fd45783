/// Typed reads that fail with the value's place and a reason.
extension DocumentValue {
    /// The value as text: any scalar, quoted or not, as written. Throws for a list, a mapping or null.
    public func string() throws(DocumentError) -> String {
        guard case .scalar(let s, _) = content else { throw error("expected text, got \(summary)") }
        return s
    }

    /// Text of 1 to 1,024 bytes (a name or path a file gives), else an error saying it
    /// "must be `what` (at most 1024 bytes)", `hint` added after the bytes.
    public func boundedText(mustBe what: String, hint: String? = nil) throws(DocumentError) -> String {
        let text = try string()
        guard !text.isEmpty, text.utf8.count <= 1024 else { throw error("must be \(what) (at most 1024 bytes\(hint.map { "; " + $0 } ?? ""))") }
        return text
    }

    /// A finite number (`.nan`, `.inf` and numbers written in quotes are refused).
    public func double() throws(DocumentError) -> Double {
        guard case .scalar(let s, let isPlain) = content, isPlain else { throw error("expected a number, got \(summary)") }
        // YAML writes NaN and infinity as .nan and .inf, which Double(_:) does not read.
        if [".nan", ".inf", "+.inf", "-.inf"].contains(s.lowercased()) { throw error("must be a finite number, got \(summary)") }
        guard let value = Double(s) else { throw error("expected a number, got \(summary)") }
        guard value.isFinite else { throw error("must be a finite number, got \(summary)") }
        return value
    }

    /// `double()` as a `Float`.
    public func float() throws(DocumentError) -> Float { Float(try double()) }

    /// A number within `range` (strictly above its lower end when `positive`).
    public func ranged(_ range: ClosedRange<Float>, positive: Bool = false) throws(DocumentError) -> Float {
        let x = try float()
        if positive, x <= 0 { throw error("must be positive, got \(x)") }
        guard range.contains(x) else { throw error("must lie in \(range.lowerBound)...\(range.upperBound), got \(x)") }
        return x
    }

    /// A finite number within `range`, at full precision.
    public func rangedDouble(_ range: ClosedRange<Double>) throws(DocumentError) -> Double {
        let x = try double()
        guard range.contains(x) else { throw error("must lie in \(range.lowerBound)...\(range.upperBound), got \(x)") }
        return x
    }

    /// A whole number written without quotes (`2`, not `2.0` or `"2"`).
    public func int() throws(DocumentError) -> Int {
        guard case .scalar(let s, let isPlain) = content, isPlain, let value = Int(s) else {
            throw error("expected a whole number, got \(summary)")
        }
        return value
    }

    /// `true`/`false` (also `True`, `TRUE`, `yes` and their opposites), written without quotes.
    public func bool() throws(DocumentError) -> Bool {
        guard case .scalar(let s, let isPlain) = content, isPlain else { throw error("expected true or false, got \(summary)") }
        switch s {
        case "true", "True", "TRUE", "yes": return true
        case "false", "False", "FALSE", "no": return false
        default: throw error("expected true or false, got \(summary)")
        }
    }

    /// The items of a list, in order; throws for anything else.
    public func array() throws(DocumentError) -> [DocumentValue] {
        guard case .sequence(let items) = content else { throw error("expected a list, got \(summary)") }
        return items
    }

    /// A list of exactly `count` finite numbers, e.g. a position `[0, 0.74, 0]`.
    public func numbers(count: Int) throws(DocumentError) -> [Double] {
        let items = try array()
        guard items.count == count else { throw error("expected \(count) numbers, got \(items.count)") }
        var values: [Double] = []
        for item in items { values.append(try item.double()) }
        return values
    }

    /// One of an enumeration's cases, written as its raw value (the error lists them all).
    public func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(DocumentError) -> T where T.RawValue == String {
        let s = try choice(T.allCases.map(\.rawValue))
        guard let value = T(rawValue: s) else { throw error("must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")); got '\(s)'") }
        return value
    }

    /// One of `choices`, as written.
    public func choice(_ choices: [String]) throws(DocumentError) -> String {
        let s = try string()
        guard choices.contains(s) else {
            throw error("must be one of \(choices.joined(separator: ", ")); got '\(s)'")
        }
        return s
    }

    /// A mapping whose keys must all be in `allowed`: unknown keys are refused, naming the
    /// nearest known key, so a typo is an error rather than a silently ignored setting. Keys that
    /// start with `Document.extensionPrefix` (`x-`) are a writer's own and are skipped.
    public func object(allowing allowed: [String]) throws(DocumentError) -> DocumentObject {
        guard case .mapping(let pairs) = content else { throw error("expected a mapping, got \(summary)") }
        for pair in pairs where !allowed.contains(pair.key) && !pair.key.hasPrefix(Document.extensionPrefix) {
            throw pair.value.error(Document.unknownFieldMessage(pair.key, allowed: allowed))
        }
        return DocumentObject(value: self, pairs: pairs.filter { !$0.key.hasPrefix(Document.extensionPrefix) })
    }
}

/// A mapping being read field by field.
public struct DocumentObject: Sendable {
    /// The mapping itself (its place names fields that are missing).
    public let value: DocumentValue
    let pairs: [(key: String, value: DocumentValue)]

    /// The keys present, in file order.
    public var keys: [String] { pairs.map(\.key) }

    /// The field if present and not null.
    public func optional(_ key: String) -> DocumentValue? {
        guard let v = pairs.first(where: { $0.key == key })?.value, !v.isNull else { return nil }
        return v
    }

    /// The field; throws "is required" at the mapping's place when it is absent or null.
    public func required(_ key: String) throws(DocumentError) -> DocumentValue {
        guard let v = optional(key) else {
            throw DocumentError(file: value.file, line: value.line, field: DocumentValue.child(value.field, key: key), message: "is required")
        }
        return v
    }

    /// Reads an optional field with `read`, or returns `fallback`.
    public func read<T>(_ key: String, default fallback: T, _ read: (DocumentValue) throws(DocumentError) -> T) throws(DocumentError) -> T {
        guard let v = optional(key) else { return fallback }
        return try read(v)
    }
}
