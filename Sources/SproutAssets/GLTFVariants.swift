/// KHR_materials_variants as a file declares it: the variants' names (the root's
/// `extensions.KHR_materials_variants.variants`) and, for each primitive, the glTF material it
/// takes in each variant (its `mappings`). The whole file is
/// checked, drawn or not: a mapping naming a variant or material the file lacks, or a variant
/// named twice, refuses it, naming the field (the extension's MUSTs).
struct GLTFVariants {
    /// The variants' names, in the file's order.
    private(set) var names: [String] = []
    /// By glTF mesh, then primitive index: the glTF material of each variant index that lists it.
    private(set) var materials: [Int: [Int: [Int: Int]]] = [:]

    /// The most (primitive, variant) pairs a file may map: each becomes a material of its own
    /// on its part (`MaterialVariants`), so 50 primitives mapped in 20,000 variants, a 6 MB file,
    /// held 880 MB. A product configurator maps a few dozen variants over a few hundred
    /// primitives.
    static let maximumMappings = 1 << 16

    /// No variants (a file without the extension, or another format).
    init() {}

    /// The variants of `json`, at most `maximumMappings` pairs; `path` names the file in errors.
    init(json: GLTFJSON, path: String, maximumMappings: Int = Self.maximumMappings) throws(ModelImportError) {
        func malformed(_ field: String, _ reason: String) -> ModelImportError {
            .malformed(path: path, reason: "\(field): \(reason) (KHR_materials_variants)")
        }
        if let declared = json["extensions"]?["KHR_materials_variants"]?["variants"] {
            let field = "extensions.KHR_materials_variants.variants"
            guard case .array(let list) = declared else { throw malformed(field, "is not an array") }
            var seen = Set<String>()
            for (i, variant) in list.enumerated() {
                guard let name = variant["name"]?.string, !name.isEmpty, name.utf8.count <= 1024 else {
                    throw malformed("\(field)[\(i)].name", "must be a name of 1 to 1024 bytes")
                }
                guard seen.insert(name).inserted else { throw malformed("\(field)[\(i)].name", "'\(name)' names an earlier variant too") }
                names.append(name)
            }
        }
        let materialCount = json["materials"]?.array.count ?? 0
        var mapped = 0
        for (m, mesh) in (json["meshes"]?.array ?? []).enumerated() {
            for (p, primitive) in (mesh["primitives"]?.array ?? []).enumerated() {
                guard let extensionValue = primitive["extensions"]?["KHR_materials_variants"] else { continue }
                let field = "meshes[\(m)].primitives[\(p)].extensions.KHR_materials_variants.mappings"
                guard case .array(let mappings)? = extensionValue["mappings"] else { throw malformed(field, "is not an array") }
                var byVariant: [Int: Int] = [:]
                for (k, mapping) in mappings.enumerated() {
                    guard let material = mapping["material"]?.int, (0..<materialCount).contains(material) else {
                        throw malformed("\(field)[\(k)].material", "names no material (the file has \(materialCount))")
                    }
                    guard case .array(let variants)? = mapping["variants"], !variants.isEmpty else {
                        throw malformed("\(field)[\(k)].variants", "must list at least one variant")
                    }
                    for (v, value) in variants.enumerated() {
                        guard let variant = value.int, names.indices.contains(variant) else {
                            throw malformed("\(field)[\(k)].variants[\(v)]", "names no variant (the file declares \(names.count))")
                        }
                        guard byVariant.updateValue(material, forKey: variant) == nil else {
                            throw malformed("\(field)[\(k)].variants[\(v)]", "variant \(variant) is mapped twice for this primitive")
                        }
                    }
                }
                mapped += byVariant.count
                guard mapped <= maximumMappings else {
                    throw .exceedsLimit(
                        path: path, what: "its KHR_materials_variants map more than \(maximumMappings) (primitive, variant) pairs (at \(field))")
                }
                materials[m, default: [:]][p] = byVariant
            }
        }
    }
}
