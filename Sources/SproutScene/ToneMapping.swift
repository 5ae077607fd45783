/// How the realistic frame's light becomes displayable colour, after exposure.
public enum ToneMapping: String, Sendable, CaseIterable {
    /// Khronos PBR Neutral (2024), the default: colours below 0.76 pass unchanged but for a small
    /// offset near black, brighter ones compress towards white without shifting hue.
    case neutral
    /// Stephen Hill's fit of ACES filmic, after a 1 / 0.6 exposure boost: what three.js and the
    /// Khronos sample viewer call ACES (contrasty, saturated).
    case aces
    /// None: linear light clamped to 0...1 (for comparing with a renderer that does not tone map).
    case none
}
