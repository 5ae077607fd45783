import SproutScene

/// KHR_animation_pointer: what a channel's JSON pointer (RFC 6901, `/materials/0/emissiveFactor`)
/// names, as far as Sprout can drive it: node transforms, weights and visibility
/// (KHR_node_visibility), material factors and texture transforms, punctual lights' colour,
/// intensity, range and cones, and cameras' field of view or orthographic height and clipping.
enum GLTFAnimationPointer: Equatable {
    /// A node's translation, rotation, scale or weights (what a plain channel targets), or its visibility.
    case node(Int, AnimationChannel.Property)
    /// A value of a glTF material.
    case material(Int, MaterialValue)
    /// A value of a KHR_lights_punctual light.
    case light(Int, LightProperty)
    /// A value of a glTF camera (`yfov`, or an orthographic camera's `ymag`, `znear`, `zfar`).
    case camera(Int, CameraProperty)
    /// A well-formed pointer to something Sprout does not animate (a perspective camera's
    /// clipping or aspect ratio, an orthographic camera's `xmag`: the picture's own aspect and
    /// Sprout's clipping rule those; a texture's coordinate set): the channel does not play, and
    /// is warned about.
    case notAnimated

    /// A material value, with what the file says of it that Sprout folds in.
    enum MaterialValue: Equatable {
        /// Drives `property` directly.
        case direct(MaterialProperty)
        /// `emissiveFactor`: Sprout's emissive is the factor times KHR_materials_emissive_strength.
        case emissiveFactor
        /// `emissiveStrength`: times the material's emissive factor.
        case emissiveStrength

        /// Floats per key in the file's sampler.
        var width: Int {
            switch self {
            case .direct(let property): property.width
            case .emissiveFactor: 3
            case .emissiveStrength: 1
            }
        }
    }

    /// The target of `pointer`; nil when it is not a pointer to an object of the file (no leading
    /// `/`, or an index that is not a non-negative integer).
    init?(_ pointer: String) {
        guard pointer.hasPrefix("/") else { return nil }
        let escaped = pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let parts = escaped.compactMap(Self.unescaped)
        guard parts.count == escaped.count else { return nil }
        guard parts.count >= 3 else { self = .notAnimated; return }
        func index(_ text: String) -> Int? { text.allSatisfy(\.isASCII) ? Int(text).flatMap { $0 >= 0 ? $0 : nil } : nil }
        switch parts[0] {
        case "nodes":
            guard let node = index(parts[1]) else { return nil }
            let properties: [String: AnimationChannel.Property] = [
                "translation": .translation, "rotation": .rotation, "scale": .scale, "weights": .morphWeights
            ]
            if parts.count == 3, let property = properties[parts[2]] {
                self = .node(node, property)
            } else if Array(parts.dropFirst(2)) == ["extensions", "KHR_node_visibility", "visible"] {
                self = .node(node, .visibility)
            } else {
                self = .notAnimated
            }
        case "materials":
            guard let material = index(parts[1]) else { return nil }
            self = Self.materialValue(Array(parts.dropFirst(2))).map { .material(material, $0) } ?? .notAnimated
        case "cameras":
            guard let camera = index(parts[1]) else { return nil }
            let properties: [String: CameraProperty] = [
                "perspective/yfov": .fovY, "orthographic/ymag": .halfHeight, "orthographic/znear": .near, "orthographic/zfar": .far
            ]
            self = properties[parts.dropFirst(2).joined(separator: "/")].map { .camera(camera, $0) } ?? .notAnimated
        case "extensions":
            guard parts.count >= 5, parts[1] == "KHR_lights_punctual", parts[2] == "lights" else { self = .notAnimated; return }
            guard let light = index(parts[3]) else { return nil }
            let rest = parts.dropFirst(4).joined(separator: "/")
            let properties: [String: LightProperty] = [
                "color": .color, "intensity": .intensity, "range": .range, "spot/innerConeAngle": .innerConeAngle,
                "spot/outerConeAngle": .outerConeAngle
            ]
            self = properties[rest].map { .light(light, $0) } ?? .notAnimated
        default:
            self = .notAnimated
        }
    }

    /// A reference token with RFC 6901's escapes undone ("~1" is "/", "~0" is "~"); nil for
    /// another "~" sequence.
    private static func unescaped(_ token: Substring) -> String? {
        var result = ""
        var characters = token.makeIterator()
        while let c = characters.next() {
            guard c == "~" else { result.append(c); continue }
            switch characters.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return result
    }

    /// The material value at `path` (the members after `/materials/N/`).
    private static func materialValue(_ path: [String]) -> MaterialValue? {
        let joined = path.joined(separator: "/")
        let factors: [String: MaterialProperty] = [
            "pbrMetallicRoughness/baseColorFactor": .baseColor, "pbrMetallicRoughness/metallicFactor": .metallic,
            "pbrMetallicRoughness/roughnessFactor": .roughness, "alphaCutoff": .alphaCutoff, "normalTexture/scale": .normalScale,
            "occlusionTexture/strength": .occlusionStrength, "extensions/KHR_materials_transmission/transmissionFactor": .transmission,
            "extensions/KHR_materials_ior/ior": .ior, "extensions/KHR_materials_specular/specularFactor": .specular,
            "extensions/KHR_materials_specular/specularColorFactor": .specularColor,
            "extensions/KHR_materials_clearcoat/clearcoatFactor": .clearcoat,
            "extensions/KHR_materials_clearcoat/clearcoatRoughnessFactor": .clearcoatRoughness,
            "extensions/KHR_materials_sheen/sheenColorFactor": .sheenColor, "extensions/KHR_materials_sheen/sheenRoughnessFactor": .sheenRoughness,
            "extensions/KHR_materials_volume/thicknessFactor": .volumeThickness,
            "extensions/KHR_materials_volume/attenuationColor": .attenuationColor,
            "extensions/KHR_materials_volume/attenuationDistance": .attenuationDistance,
            "extensions/KHR_materials_dispersion/dispersion": .dispersion,
            "extensions/KHR_materials_diffuse_transmission/diffuseTransmissionFactor": .diffuseTransmission,
            "extensions/KHR_materials_diffuse_transmission/diffuseTransmissionColorFactor": .diffuseTransmissionColor,
            "extensions/KHR_materials_iridescence/iridescenceFactor": .iridescence,
            "extensions/KHR_materials_iridescence/iridescenceIor": .iridescenceIOR,
            "extensions/KHR_materials_iridescence/iridescenceThicknessMinimum": .iridescenceThicknessMinimum,
            "extensions/KHR_materials_iridescence/iridescenceThicknessMaximum": .iridescenceThicknessMaximum,
            "extensions/KHR_materials_anisotropy/anisotropyStrength": .anisotropyStrength,
            "extensions/KHR_materials_anisotropy/anisotropyRotation": .anisotropyRotation
        ]
        if let property = factors[joined] { return .direct(property) }
        if joined == "emissiveFactor" { return .emissiveFactor }
        if joined == "extensions/KHR_materials_emissive_strength/emissiveStrength" { return .emissiveStrength }
        // A texture's transform: `<textureInfo>/extensions/KHR_texture_transform/offset|rotation|scale`.
        guard path.count >= 4, path[path.count - 3] == "extensions", path[path.count - 2] == "KHR_texture_transform",
            let slot = TextureSlot.allCases.first(where: { SceneConverter.texturePath($0) == Array(path.dropLast(3)) })
        else { return nil }
        switch path[path.count - 1] {
        case "offset": return .direct(.textureOffset(slot))
        case "rotation": return .direct(.textureRotation(slot))
        case "scale": return .direct(.textureScale(slot))
        default: return nil
        }
    }
}
