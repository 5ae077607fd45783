/// What Sprout does with each glTF extension a file may name (README, "glTF support"). A file
/// that lists an extension Sprout does not draw in `extensionsRequired` is refused, naming it, as
/// glTF asks of a loader; one that merely uses it is drawn without it, with a warning naming it.
public enum GLTFExtensions {
    /// Read and drawn as the extension says (or, for those in `approximated`, nearly).
    public static let supported = Set([
        "KHR_materials_unlit", "KHR_materials_emissive_strength", "KHR_texture_transform", "KHR_lights_punctual",
        "KHR_materials_ior", "KHR_materials_specular", "KHR_materials_clearcoat", "EXT_mesh_gpu_instancing", "KHR_mesh_quantization", "EXT_meshopt_compression",
        "KHR_meshopt_compression",
        "EXT_texture_webp", "EXT_texture_avif", "KHR_texture_basisu", "MSFT_texture_dds", "KHR_materials_variants", "KHR_node_visibility",
        "KHR_node_selectability",
        // Decoded by Assimp (Debian builds it with Draco).
        "KHR_draco_mesh_compression",
        // Metadata only: nothing to draw.
        "KHR_xmp_json_ld", "KHR_xmp"
    ]).union(approximated.keys)

    /// Drawn, with a simpler model than the extension's; what is approximated.
    public static let approximated: [String: String] = [
        "KHR_materials_transmission":
            "the light behind is let through, tinted by the base colour and blurred by roughness; thin-walled (not refracted) without a volume",
        "KHR_materials_volume":
            "refraction as the Khronos sample viewer reads it (what lies behind, where the refracted view ray leaves the thickness) and absorption over the thickness; surfaces behind that are themselves transmissive do not show through",
        "KHR_materials_dispersion": "the refraction of a volume per colour channel, at three indices (the sample viewer's)",
        "KHR_materials_sheen": "the environment's sheen from its diffuse light (exact for a uniform one)",
        "KHR_materials_diffuse_transmission": "thin-walled: light reaching the other side comes through it, with no volume inside",
        "KHR_materials_anisotropy": "the environment's reflection along a normal bent towards the direction (the sample viewer's), not integrated",
        "KHR_materials_iridescence": "the film's Fresnel term once per pixel at n.v (the sample viewer's), for every light and the environment",
        "KHR_materials_pbrSpecularGlossiness":
            "drawn in the metallic-roughness model with KHR_materials_specular: the diffuse light is weighed by the Fresnel term, not by 1 - max(specular)",
        "MSFT_lod": "the listed nodes' meshes are the levels; their own transforms and children are not read",
        "KHR_animation_pointer":
            "node transforms, weights and visibility, material factors and texture transforms, punctual lights' colour, intensity, range and cones, and cameras' field of view or orthographic size and clipping play; other pointers (a camera's aspect ratio, texture coordinate sets) are warned about and do not"
    ]

    /// Extensions a file may use that Sprout draws without, and what is lost.
    public static let notDrawn: [String: String] = [
        "KHR_node_hoverability": "Sprout has no hover (a tap selects; nothing follows the pointer)"
    ]

    /// For a file's `extensionsUsed` and `extensionsRequired`: the first required extension
    /// Sprout cannot draw (refuse the file), and one warning for each used one it draws without.
    /// `present` (the names found in the file's `extensions` objects), when given, narrows the
    /// warnings to extensions the file really uses: a writer that lists one it never uses
    /// (Assimp's exporter lists KHR_materials_volume) draws exactly as it would without it.
    public static func check(used: [String], required: [String], present: Set<String>? = nil) -> (refused: String?, warnings: [String]) {
        let refused = required.first { !supported.contains($0) }
        var seen = Set<String>()
        let warnings = (used + required).filter { name in
            !supported.contains(name) && (present?.contains(name) ?? true) && seen.insert(name).inserted
        }.map { name in
            "uses \(name), which Sprout does not draw: \(notDrawn[name] ?? "drawn without it")"
        }
        return (refused, warnings)
    }
}
