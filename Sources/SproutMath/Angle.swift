/// Angle helpers. Radians everywhere inside the engine; degrees only at the edges (CLI, scripts).
@inlinable public func radians(fromDegrees degrees: Float) -> Float { degrees * .pi / 180 }
/// Converts an angle in radians to degrees.
@inlinable public func degrees(fromRadians radians: Float) -> Float { radians * 180 / .pi }

/// Wraps an angle into (-pi, pi], the range P18's `objectRotation` setter keeps.
@inlinable public func wrapAngle(_ angle: Float) -> Float {
    var a = angle.remainder(dividingBy: 2 * .pi)   // [-pi, pi]
    if a <= -.pi { a += 2 * .pi }
    return a
}
