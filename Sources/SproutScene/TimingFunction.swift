/// Maps linear progress 0...1 to eased progress, as Core Animation's named curves do.
public enum TimingFunction: String, Sendable, CaseIterable, Codable {
    case linear, easeIn, easeOut, easeInEaseOut

    /// Control points of Core Animation's cubic Bezier curves (CAMediaTimingFunction).
    var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        }
    }

    /// The eased progress at linear progress `t`, which is clamped to 0...1: 0 at 0, 1 at 1.
    public func progress(_ t: Double) -> Double {
        let x = min(max(t, 0), 1)
        if self == .linear { return x }
        let (x1, y1, x2, y2) = controlPoints
        // Solve bezierX(s) = x by Newton's method with a bisection fallback, then return bezierY(s).
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let err = bezier(s, x1, x2) - x
            if abs(err) < 1e-9 { return bezier(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<40 {
            let v = bezier(s, x1, x2)
            if abs(v - x) < 1e-9 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return bezier(s, y1, y2)
    }
}
