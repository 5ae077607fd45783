/// An image used by a material. A class so that the renderer can key GPU textures by identity
/// and release them when the last reference goes.
public final class Texture: Sendable {
    /// How texel values are read: sRGB-encoded colour, or linear data.
    public enum ColorSpace: Sendable { case sRGB, linear }
    /// What sampling outside 0...1 gives: the texture repeated, repeated mirrored, or its edge.
    public enum Wrap: Sendable { case `repeat`, clampToEdge, mirroredRepeat }

    public let name: String
    public let image: Image
    public let colorSpace: ColorSpace
    public let wrap: Wrap

    public init(name: String, image: Image, colorSpace: ColorSpace = .sRGB, wrap: Wrap = .repeat) {
        self.name = name
        self.image = image
        self.colorSpace = colorSpace
        self.wrap = wrap
    }
}
