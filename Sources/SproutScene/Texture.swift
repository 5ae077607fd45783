/// An image used by a material. A class so that the renderer can key GPU textures by identity
/// and release them when the last reference goes.
public final class Texture: Sendable {
    /// How texel values are read: sRGB-encoded colour, or linear data.
    public enum ColorSpace: Sendable { case sRGB, linear }
    /// What sampling outside 0...1 gives: the texture repeated, repeated mirrored, or its edge.
    public enum Wrap: Sendable { case `repeat`, clampToEdge, mirroredRepeat }

    /// The texture's name or source path, for messages and debugging.
    public let name: String
    /// The texels, 8-bit RGBA, top row first.
    public let image: Image
    /// How the texels are decoded: `.sRGB` for colour (base colour), `.linear` for data (normal and occlusion maps).
    public let colorSpace: ColorSpace
    /// Sampling outside 0...1.
    public let wrap: Wrap
    /// How coordinates outside 0...1 are treated along v (glTF's `wrapT`); `wrap` is along u.
    public let wrapV: Wrap
    /// How the texture is sampled when magnified.
    public let magnification: Filter

    /// A texture filter (glTF sampler `magFilter`).
    public enum Filter: Sendable { case linear, nearest }

    /// A texture of `image`, sRGB-encoded and repeating by default.
    public init(
        name: String, image: Image, colorSpace: ColorSpace = .sRGB, wrap: Wrap = .repeat, wrapV: Wrap? = nil,
        magnification: Filter = .linear
    ) {
        self.name = name
        self.image = image
        self.colorSpace = colorSpace
        self.wrap = wrap
        self.wrapV = wrapV ?? wrap
        self.magnification = magnification
    }
}
