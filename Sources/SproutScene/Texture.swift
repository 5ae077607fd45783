/// An image used by a material. A class so that the renderer can key GPU textures by identity
/// and release them when the last reference goes.
public final class Texture: Sendable {
    public enum ColorSpace: Sendable { case sRGB, linear }
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
