/// Sprout's version, as `sprout --version` prints it.
public enum SproutVersion {
    /// The version number, major.minor.patch.
    public static let string = "0.4.0"
}
