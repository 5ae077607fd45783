import SproutDocument
import SproutScene

/// A golden tolerance written in a scene or script, with the reason it is needed: the render
/// tests' rule that any tolerance other than the default says why.
///
///     tolerance: { maxDelta: 6, maxFraction: 0.002, reason: "alpha-tested leaves flicker by one pixel between Mesa builds" }
public struct TestTolerance: Sendable, Equatable {
    /// The bounds a rendered picture must stay within against its golden.
    public var tolerance: ImageTolerance
    /// Why the default tolerance is not enough (never empty in a parsed file).
    public var reason: String

    /// A tolerance with its reason.
    public init(_ tolerance: ImageTolerance, reason: String) {
        self.tolerance = tolerance
        self.reason = reason
    }

    /// Reads `{ maxDelta, maxFraction, maxMean, reason }`; omitted bounds keep the default's,
    /// and `reason` is required.
    public static func parse(_ v: DocumentValue) throws(DocumentError) -> TestTolerance {
        let o = try v.object(allowing: ["maxDelta", "maxFraction", "maxMean", "reason"])
        var t = ImageTolerance.strict
        if let d = o.optional("maxDelta") {
            let n = try d.int()
            guard (0...255).contains(n) else { throw d.error("must lie in 0...255, got \(n)") }
            t.maxChannelDelta = n
        }
        if let f = o.optional("maxFraction") { t.maxFailingFraction = try f.rangedDouble(0...1) }
        if let m = o.optional("maxMean") { t.maxMeanDelta = try m.rangedDouble(0...255) }
        guard let r = o.optional("reason") else {
            throw DocumentError(
                file: v.file, line: v.line, field: DocumentValue.child(v.field, key: "reason"),
                message: "is required: a tolerance other than the default says why it is needed")
        }
        let reason = try r.string().trimmingCharacters(in: .whitespaces)
        guard !reason.isEmpty else { throw r.error("must say why this tolerance is needed") }
        return TestTolerance(t, reason: reason)
    }
}
