import SproutMath

/// Linear radiance in an equirectangular image (a Radiance .hdr file's pixels): RGB floats, the
/// top row first, the middle column looking along +X, u growing towards +Z (Blender's and
/// three.js's convention, turned to Sprout's +Y up). A class so the renderer keys its GPU copy
/// by identity.
public final class HDRImage: Sendable {
    /// Pixels across (longitude, 360 degrees).
    public let width: Int
    /// Pixels down (latitude, 180 degrees from straight up).
    public let height: Int
    /// Three floats a pixel, `width * height * 3`, linear radiance.
    public let pixels: [Float]

    /// An image from its pixels; traps when the count is not `width * height * 3`.
    public init(width: Int, height: Int, pixels: [Float]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "HDRImage: three floats a pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform environment of `radiance` (a furnace), as small as an image can be.
    public static func uniform(_ radiance: Vec3) -> HDRImage {
        HDRImage(width: 2, height: 1, pixels: [radiance.x, radiance.y, radiance.z, radiance.x, radiance.y, radiance.z])
    }

    /// The pixel seen looking along `direction` (nearest), before any rotation: for tests and probes on the CPU.
    public func radiance(along direction: Vec3) -> Vec3 {
        let d = length(direction) > 0 ? normalize(direction) : Vec3(0, 1, 0)
        let u = 0.5 + atan2(d.z, d.x) / (2 * .pi)
        let v = acos(min(max(d.y, -1), 1)) / .pi
        let x = min(Int(u * Float(width)), width - 1), y = min(Int(v * Float(height)), height - 1)
        let i = (y * width + x) * 3
        return Vec3(pixels[i], pixels[i + 1], pixels[i + 2])
    }
}

/// Image-based light: the light arriving from every direction, from an equirectangular HDR
/// image. With it, realistic shading reads the environment for diffuse light and reflections
/// (instead of `Lighting.ambient`), and the view may show it behind everything.
public struct EnvironmentLight: Sendable {
    /// The radiance image.
    public var image: HDRImage
    /// Multiplies the image's radiance (1 by default).
    public var intensity: Float
    /// Radians about +Y the image is turned (counter-clockwise seen from above; 0 by default).
    public var rotation: Float
    /// Whether the view draws it where no surface is (instead of the sky or the clear colour).
    public var showsAsBackground: Bool

    /// `image` at `intensity`, turned by `rotation`, shown behind the scene or not.
    public init(image: HDRImage, intensity: Float = 1, rotation: Float = 0, showsAsBackground: Bool = false) {
        self.image = image
        self.intensity = intensity
        self.rotation = rotation
        self.showsAsBackground = showsAsBackground
    }
}
