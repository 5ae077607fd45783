/// An output path that may hold a frame-number pattern ("frame-%03d.png" or "frame-%d.png").
public struct OutputPattern {
    /// The path as given, with its pattern (if any) still in it.
    public let template: String

    /// The widest frame number a pattern pads to (an Int has at most 19 digits).
    public static let maximumWidth = 20

    /// A pattern for `template`; a template without `%d` or `%0Nd` names one file.
    public init(template: String) { self.template = template }

    /// True when the template holds a frame-number pattern.
    public var isPattern: Bool { template.contains("%") && template.contains("d") && formatRange != nil }

    private var formatRange: (Range<String.Index>, Int)? {
        guard let percent = template.firstIndex(of: "%") else { return nil }
        var i = template.index(after: percent)
        var width = ""
        while i < template.endIndex, template[i].isNumber { width.append(template[i]); i = template.index(after: i) }
        guard i < template.endIndex, template[i] == "d" else { return nil }
        // At most 20 digits: %999999999d asked for a 1 GB path, %9223372036854775807d trapped.
        return (percent..<template.index(after: i), min(Int(width.prefix(3)) ?? 0, Self.maximumWidth))
    }

    /// The template with `frame` in place of its pattern (the template itself when it has none).
    public func path(frame: Int) -> String {
        guard let (range, width) = formatRange else { return template }
        let digits = String(frame)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return String(template[..<range.lowerBound]) + padded + String(template[range.upperBound...])
    }
}
