import SproutMath

/// The textures a material may carry, each with its own coordinates (glTF's texture references).
public enum TextureSlot: Int, Sendable, CaseIterable {
    /// `baseColorTexture` (sRGB RGBA).
    case baseColor
    /// `metallicRoughnessTexture`: metalness in blue, roughness in green (linear).
    case metallicRoughness
    /// `normalTexture` (tangent space, +Y up, linear).
    case normal
    /// `occlusionTexture`: ambient occlusion in red (linear).
    case occlusion
    /// `emissiveTexture` (sRGB).
    case emissive
    /// KHR_materials_transmission's `transmissionTexture`: transmission in red (linear).
    case transmission
    /// KHR_materials_clearcoat's `clearcoatTexture`: the coat's strength in red (linear).
    case clearcoat
    /// KHR_materials_clearcoat's `clearcoatRoughnessTexture`: the coat's roughness in green (linear).
    case clearcoatRoughness
    /// KHR_materials_sheen's `sheenColorTexture`: the sheen's colour in RGB (sRGB).
    case sheenColor
    /// KHR_materials_sheen's `sheenRoughnessTexture`: the sheen's roughness in alpha (linear).
    case sheenRoughness
    /// KHR_materials_specular's `specularTexture`: the specular weight in alpha (linear).
    case specular
    /// KHR_materials_specular's `specularColorTexture`: the specular colour in RGB (sRGB).
    case specularColor
    /// KHR_materials_clearcoat's `clearcoatNormalTexture`: the coat's tangent-space normal (linear, +Y up).
    case clearcoatNormal
    /// KHR_materials_volume's `thicknessTexture`: the thickness in green (linear), times `thicknessFactor`.
    case thickness
    /// KHR_materials_diffuse_transmission's `diffuseTransmissionTexture`: its strength in alpha (linear).
    case diffuseTransmission
    /// KHR_materials_diffuse_transmission's `diffuseTransmissionColorTexture`: the transmitted light's colour in RGB (sRGB).
    case diffuseTransmissionColor
    /// KHR_materials_anisotropy's `anisotropyTexture`: the direction in red and green (tangent
    /// space, -1...1 stored as 0...1), the strength in blue (linear).
    case anisotropy
    /// KHR_materials_iridescence's `iridescenceTexture`: its strength in red (linear).
    case iridescence
    /// KHR_materials_iridescence's `iridescenceThicknessTexture`: the film's thickness in green (linear), 0 the minimum, 1 the maximum.
    case iridescenceThickness
}

/// Which texture coordinates a texture reads and how they are transformed first: glTF's
/// `texCoord` and KHR_texture_transform (`offset`, `rotation`, `scale`; the transform is
/// translation * rotation * scale applied to the coordinates).
public struct TextureMapping: Sendable, Equatable {
    /// 0 for the mesh's `uvs`, 1 for its `uvs1`.
    public var texCoord: Int
    /// Added to the coordinates last.
    public var offset: Vec2
    /// Radians.
    public var rotation: Float
    /// Multiplies the coordinates first.
    public var scale: Vec2

    /// The mesh's first coordinates, untransformed.
    public static let identity = TextureMapping()

    /// A mapping; the defaults leave coordinates as they are.
    public init(texCoord: Int = 0, offset: Vec2 = .zero, rotation: Float = 0, scale: Vec2 = Vec2(1, 1)) {
        self.texCoord = texCoord
        self.offset = offset
        self.rotation = rotation
        self.scale = scale
    }

    /// Whether coordinates pass through unchanged (any texCoord).
    public var isUntransformed: Bool { offset == .zero && rotation == 0 && scale == Vec2(1, 1) }

    /// The 3x3 matrix (column-major, 9 floats) KHR_texture_transform defines: T * R * S, R
    /// turning the coordinates by `rotation` with its rows (cos, sin) and (-sin, cos), as the
    /// ratified text's GLSL reads (`mat3(cos, -sin, 0, sin, cos, 0, ...)` in columns) and as
    /// TextureTransformTest's markers check.
    public var matrix: [Float] {
        let c = cos(rotation), s = sin(rotation)
        // The columns of T * R * S.
        return [
            c * scale.x, -s * scale.x, 0,
            s * scale.y, c * scale.y, 0,
            offset.x, offset.y, 1
        ]
    }

    /// The coordinates `uv` are mapped to.
    public func apply(_ uv: Vec2) -> Vec2 {
        let m = matrix
        return Vec2(m[0] * uv.x + m[3] * uv.y + m[6], m[1] * uv.x + m[4] * uv.y + m[7])
    }
}
