import SproutMath

/// One part of an entity's model: `parts[index]`, or `levelsOfDetail[level].parts[index]`.
public struct PartReference: Hashable, Sendable {
    /// The level of detail (an index into `levelsOfDetail`); nil: the full-detail `parts`.
    public var level: Int?
    /// The part's index in its list.
    public var index: Int

    /// Part `index` of the full-detail parts, or of level `level`.
    public init(level: Int? = nil, index: Int) {
        self.level = level
        self.index = index
    }
}

/// A material value an animation can drive (glTF KHR_animation_pointer's material pointers):
/// its width in floats, how it is read from a `Material` and written back (within the range the
/// importer keeps the file's value in).
public enum MaterialProperty: Hashable, Sendable {
    /// `baseColor`, RGBA (4).
    case baseColor
    /// `metallic` (1, 0...1).
    case metallic
    /// `roughness` (1, 0...1).
    case roughness
    /// `emissive`, linear RGB already times the emissive strength (3, at least 0).
    case emissive
    /// `alphaCutoff` (1; drives a MASK material's cut-off).
    case alphaCutoff
    /// `normalScale` (1).
    case normalScale
    /// `occlusionStrength` (1, 0...1).
    case occlusionStrength
    /// `transmission` (1, 0...1).
    case transmission
    /// `ior` (1, at least 1).
    case ior
    /// `specular` (1, 0...1).
    case specular
    /// `specularColor` (3, at least 0).
    case specularColor
    /// `clearcoat` (1, 0...1).
    case clearcoat
    /// `clearcoatRoughness` (1, 0...1).
    case clearcoatRoughness
    /// `sheenColor` (3, 0...1).
    case sheenColor
    /// `sheenRoughness` (1, 0...1).
    case sheenRoughness
    /// `volumeThickness` (1, at least 0).
    case volumeThickness
    /// `attenuationColor` (3, 0...1).
    case attenuationColor
    /// `attenuationDistance` (1; 0 or less stands for its default, no attenuation at any distance).
    case attenuationDistance
    /// `dispersion` (1, at least 0).
    case dispersion
    /// `diffuseTransmission` (1, 0...1).
    case diffuseTransmission
    /// `diffuseTransmissionColor` (3, 0...1).
    case diffuseTransmissionColor
    /// `iridescence` (1, 0...1).
    case iridescence
    /// `iridescenceIOR` (1, at least 1).
    case iridescenceIOR
    /// `iridescenceThicknessMinimum` (1, nanometres, at least 0).
    case iridescenceThicknessMinimum
    /// `iridescenceThicknessMaximum` (1, nanometres, at least 0).
    case iridescenceThicknessMaximum
    /// `anisotropyStrength` (1, 0...1).
    case anisotropyStrength
    /// `anisotropyRotation` (1, radians).
    case anisotropyRotation
    /// The offset of a texture's coordinates (KHR_texture_transform, 2).
    case textureOffset(TextureSlot)
    /// The rotation of a texture's coordinates, radians (KHR_texture_transform, 1).
    case textureRotation(TextureSlot)
    /// The scale of a texture's coordinates (KHR_texture_transform, 2).
    case textureScale(TextureSlot)

    /// Floats per value.
    public var width: Int {
        switch self {
        case .baseColor: 4
        case .emissive, .specularColor, .sheenColor, .attenuationColor, .diffuseTransmissionColor: 3
        case .textureOffset, .textureScale: 2
        default: 1
        }
    }

    /// The value `material` has now (`width` floats).
    public func value(in material: Material) -> [Float] {
        switch self {
        case .baseColor: [material.baseColor.x, material.baseColor.y, material.baseColor.z, material.baseColor.w]
        case .metallic: [material.metallic]
        case .roughness: [material.roughness]
        case .emissive: Self.floats(material.emissive)
        case .alphaCutoff: [material.alphaCutoff ?? 0.5]
        case .normalScale: [material.normalScale]
        case .occlusionStrength: [material.occlusionStrength]
        case .transmission: [material.transmission]
        case .ior: [material.ior]
        case .specular: [material.specular]
        case .specularColor: Self.floats(material.specularColor)
        case .clearcoat: [material.clearcoat]
        case .clearcoatRoughness: [material.clearcoatRoughness]
        case .sheenColor: Self.floats(material.sheenColor)
        case .sheenRoughness: [material.sheenRoughness]
        case .volumeThickness: [material.volumeThickness]
        case .attenuationColor: Self.floats(material.attenuationColor)
        case .attenuationDistance: [material.attenuationDistance ?? 0]
        case .dispersion: [material.dispersion]
        case .diffuseTransmission: [material.diffuseTransmission]
        case .diffuseTransmissionColor: Self.floats(material.diffuseTransmissionColor)
        case .iridescence: [material.iridescence]
        case .iridescenceIOR: [material.iridescenceIOR]
        case .iridescenceThicknessMinimum: [material.iridescenceThicknessMinimum]
        case .iridescenceThicknessMaximum: [material.iridescenceThicknessMaximum]
        case .anisotropyStrength: [material.anisotropyStrength]
        case .anisotropyRotation: [material.anisotropyRotation]
        case .textureOffset(let slot): [material.mapping(slot).offset.x, material.mapping(slot).offset.y]
        case .textureRotation(let slot): [material.mapping(slot).rotation]
        case .textureScale(let slot): [material.mapping(slot).scale.x, material.mapping(slot).scale.y]
        }
    }

    /// Writes `v` (`width` floats, finite) into `material`, kept within the property's range.
    public func set(_ v: [Float], in material: inout Material) {
        func unit(_ x: Float) -> Float { min(max(x, 0), 1) }
        func vec3(_ lower: Float, _ upper: Float) -> Vec3 {
            Vec3(v[0], v[1], v[2]).clamped(lowerBound: Vec3(repeating: lower), upperBound: Vec3(repeating: upper))
        }
        switch self {
        case .baseColor: material.baseColor = Vec4(unit(v[0]), unit(v[1]), unit(v[2]), unit(v[3]))
        case .metallic: material.metallic = unit(v[0])
        case .roughness: material.roughness = unit(v[0])
        case .emissive: material.emissive = vec3(0, .greatestFiniteMagnitude)
        case .alphaCutoff: if material.alphaCutoff != nil { material.alphaCutoff = max(v[0], 0) }
        case .normalScale: material.normalScale = v[0]
        case .occlusionStrength: material.occlusionStrength = unit(v[0])
        case .transmission: material.transmission = unit(v[0])
        case .ior: material.ior = min(max(v[0], 1), 10)
        case .specular: material.specular = unit(v[0])
        case .specularColor: material.specularColor = vec3(0, .greatestFiniteMagnitude)
        case .clearcoat: material.clearcoat = unit(v[0])
        case .clearcoatRoughness: material.clearcoatRoughness = unit(v[0])
        case .sheenColor: material.sheenColor = vec3(0, 1)
        case .sheenRoughness: material.sheenRoughness = unit(v[0])
        case .volumeThickness: material.volumeThickness = max(v[0], 0)
        case .attenuationColor: material.attenuationColor = vec3(0, 1)
        case .attenuationDistance: material.attenuationDistance = v[0] > 0 ? v[0] : nil
        case .dispersion: material.dispersion = max(v[0], 0)
        case .diffuseTransmission: material.diffuseTransmission = unit(v[0])
        case .diffuseTransmissionColor: material.diffuseTransmissionColor = vec3(0, 1)
        case .iridescence: material.iridescence = unit(v[0])
        case .iridescenceIOR: material.iridescenceIOR = max(v[0], 1)
        case .iridescenceThicknessMinimum: material.iridescenceThicknessMinimum = max(v[0], 0)
        case .iridescenceThicknessMaximum: material.iridescenceThicknessMaximum = max(v[0], 0)
        case .anisotropyStrength: material.anisotropyStrength = unit(v[0])
        case .anisotropyRotation: material.anisotropyRotation = v[0]
        case .textureOffset(let slot): material.textureMappings[slot, default: .identity].offset = Vec2(v[0], v[1])
        case .textureRotation(let slot): material.textureMappings[slot, default: .identity].rotation = v[0]
        case .textureScale(let slot): material.textureMappings[slot, default: .identity].scale = Vec2(v[0], v[1])
        }
    }

    private static func floats(_ v: Vec3) -> [Float] { [v.x, v.y, v.z] }
}

/// A punctual light's value an animation can drive (KHR_animation_pointer's light pointers).
public enum LightProperty: Hashable, Sendable {
    /// `color`, linear RGB (3, 0...1).
    case color
    /// `intensity`, candela or lux (1, at least 0).
    case intensity
    /// `range`, metres (1; 0 or less: unlimited).
    case range
    /// A spot light's inner cone angle, radians (1; kept below the outer).
    case innerConeAngle
    /// A spot light's outer cone angle, radians (1; kept within (0, pi/2]).
    case outerConeAngle

    /// Floats per value.
    public var width: Int { self == .color ? 3 : 1 }

    /// The value `light` has now.
    public func value(in light: PunctualLight) -> [Float] {
        switch (self, light.kind) {
        case (.color, _): [light.color.x, light.color.y, light.color.z]
        case (.intensity, _): [light.intensity]
        case (.range, _): [light.range ?? 0]
        case (.innerConeAngle, .spot(let inner, _)): [inner]
        case (.outerConeAngle, .spot(_, let outer)): [outer]
        case (.innerConeAngle, _): [0]
        case (.outerConeAngle, _): [.pi / 4]
        }
    }

    /// Writes `v` into `light`, within the extension's ranges (a cone only on a spot light).
    public func set(_ v: [Float], in light: inout PunctualLight) {
        switch (self, light.kind) {
        case (.color, _): light.color = Vec3(v[0], v[1], v[2]).clamped(lowerBound: .zero, upperBound: .one)
        case (.intensity, _): light.intensity = max(v[0], 0)
        case (.range, _): light.range = v[0] > 0 ? v[0] : nil
        case (.innerConeAngle, .spot(_, let outer)): light.kind = .spot(innerConeAngle: min(max(v[0], 0), outer * 0.9999), outerConeAngle: outer)
        case (.outerConeAngle, .spot(let inner, _)):
            let outer = min(max(v[0], 1e-4), .pi / 2)
            light.kind = .spot(innerConeAngle: min(inner, outer * 0.9999), outerConeAngle: outer)
        case (.innerConeAngle, _), (.outerConeAngle, _): break
        }
    }
}
