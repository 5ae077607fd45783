import RealModule

// Elementary functions for Float without importing the C library into the core
// (swift-numerics' RealModule). Free functions so that formulas read as they do on paper.
@inlinable public func sin(_ x: Float) -> Float { .sin(x) }
@inlinable public func cos(_ x: Float) -> Float { .cos(x) }
@inlinable public func tan(_ x: Float) -> Float { .tan(x) }
@inlinable public func asin(_ x: Float) -> Float { .asin(x) }
@inlinable public func acos(_ x: Float) -> Float { .acos(x) }
@inlinable public func atan(_ x: Float) -> Float { .atan(x) }
@inlinable public func atan2(_ y: Float, _ x: Float) -> Float { .atan2(y: y, x: x) }
@inlinable public func pow(_ x: Float, _ y: Float) -> Float { .pow(x, y) }
@inlinable public func exp(_ x: Float) -> Float { .exp(x) }
@inlinable public func sin(_ x: Double) -> Double { .sin(x) }
@inlinable public func cos(_ x: Double) -> Double { .cos(x) }
@inlinable public func atan2(_ y: Double, _ x: Double) -> Double { .atan2(y: y, x: x) }
@inlinable public func pow(_ x: Double, _ y: Double) -> Double { .pow(x, y) }
@inlinable public func exp(_ x: Double) -> Double { .exp(x) }
