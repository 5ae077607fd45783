/// Sprout's version, as `sprout --version` prints it.
public enum SproutVersion {
    public static let string = "0.4.0"
}
