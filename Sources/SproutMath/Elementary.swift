import RealModule

// Elementary functions for Float without importing the C library into the core
// (swift-numerics' RealModule). Free functions so that formulas read as they do on paper.
// `package`, not `public`: a user's file that imports Foundation (Glibc) and Sprout would see
// two `sin(Float)` and the compiler would call every use ambiguous.
@inlinable package func sin(_ x: Float) -> Float { .sin(x) }
@inlinable package func cos(_ x: Float) -> Float { .cos(x) }
@inlinable package func tan(_ x: Float) -> Float { .tan(x) }
@inlinable package func asin(_ x: Float) -> Float { .asin(x) }
@inlinable package func acos(_ x: Float) -> Float { .acos(x) }
@inlinable package func atan(_ x: Float) -> Float { .atan(x) }
@inlinable package func atan2(_ y: Float, _ x: Float) -> Float { .atan2(y: y, x: x) }
@inlinable package func pow(_ x: Float, _ y: Float) -> Float { .pow(x, y) }
@inlinable package func exp(_ x: Float) -> Float { .exp(x) }
@inlinable package func log2(_ x: Float) -> Float { .log2(x) }
@inlinable package func sin(_ x: Double) -> Double { .sin(x) }
@inlinable package func cos(_ x: Double) -> Double { .cos(x) }
@inlinable package func atan2(_ y: Double, _ x: Double) -> Double { .atan2(y: y, x: x) }
@inlinable package func pow(_ x: Double, _ y: Double) -> Double { .pow(x, y) }
@inlinable package func exp(_ x: Double) -> Double { .exp(x) }

/// `x` rounded towards zero into `range`, and `range.lowerBound` for NaN: a Float-to-Int
/// conversion that cannot trap, for coordinates from files (1e17 m or NaN would trap `Int(x)`).
@inlinable public func clampedInt(_ x: Float, in range: ClosedRange<Int>) -> Int {
    guard !x.isNaN else { return range.lowerBound }
    if x <= Float(range.lowerBound) { return range.lowerBound }
    if x >= Float(range.upperBound) { return range.upperBound }
    return Int(x)
}
