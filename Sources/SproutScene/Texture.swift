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
    /// How the texture is sampled when minified: the texel filter, and between mipmap levels.
    public let minification: Minification

    /// A texture filter (glTF sampler `magFilter`).
    public enum Filter: Sendable { case linear, nearest }

    /// A minification filter (glTF sampler `minFilter`, OpenGL's six): within a level, and
    /// between the two nearest mipmap levels (`mipmaps` nil: the full-size image alone).
    public struct Minification: Sendable, Equatable, CustomStringConvertible {
        /// Within a level.
        public var texels: Filter
        /// Between mipmap levels: `.nearest` takes the nearer level, `.linear` blends two; nil uses none.
        public var mipmaps: Filter?

        /// A filter of `texels` within a level and `mipmaps` between them.
        public init(texels: Filter, mipmaps: Filter?) {
            self.texels = texels
            self.mipmaps = mipmaps
        }

        /// Trilinear: glTF leaves an unset `minFilter` to the viewer, and this is what viewers use.
        public static let trilinear = Minification(texels: .linear, mipmaps: .linear)

        /// glTF's (OpenGL's) enum value: 9728 NEAREST, 9729 LINEAR, 9984...9987 the mipmapped
        /// ones (NEAREST_MIPMAP_NEAREST, LINEAR_MIPMAP_NEAREST, NEAREST_MIPMAP_LINEAR,
        /// LINEAR_MIPMAP_LINEAR); nil for any other.
        public init?(glTF value: Int) {
            switch value {
            case 9728: self.init(texels: .nearest, mipmaps: nil)
            case 9729: self.init(texels: .linear, mipmaps: nil)
            case 9984: self.init(texels: .nearest, mipmaps: .nearest)
            case 9985: self.init(texels: .linear, mipmaps: .nearest)
            case 9986: self.init(texels: .nearest, mipmaps: .linear)
            case 9987: self.init(texels: .linear, mipmaps: .linear)
            default: return nil
            }
        }

        /// The value glTF and OpenGL give it.
        public var glTFValue: Int {
            switch (texels, mipmaps) {
            case (.nearest, nil): 9728
            case (.linear, nil): 9729
            case (.nearest, .nearest?): 9984
            case (.linear, .nearest?): 9985
            case (.nearest, .linear?): 9986
            case (.linear, .linear?): 9987
            }
        }

        /// `linear`/`nearest`, then `-mipmap-linear` or `-mipmap-nearest` (cache keys, messages).
        public var description: String { "\(texels)" + (mipmaps.map { "-mipmap-\($0)" } ?? "") }
    }

    /// A texture of `image`, sRGB-encoded, repeating and trilinear by default.
    public init(
        name: String, image: Image, colorSpace: ColorSpace = .sRGB, wrap: Wrap = .repeat, wrapV: Wrap? = nil,
        magnification: Filter = .linear, minification: Minification = .trilinear
    ) {
        self.name = name
        self.image = image
        self.colorSpace = colorSpace
        self.wrap = wrap
        self.wrapV = wrapV ?? wrap
        self.magnification = magnification
        self.minification = minification
    }
}
