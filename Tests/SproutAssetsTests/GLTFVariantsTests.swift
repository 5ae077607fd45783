import Foundation
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// KHR_materials_variants: a file's named variants arrive on the asset, each primitive keeps
/// the material of each variant that lists it, and selecting one swaps them in (the variants
/// no primitive uses by default are read from the JSON, as Assimp would have read them).
@Suite struct GLTFVariantsTests {
    /// Two triangles, primitives 0 and 1 of mesh "pair", drawn by node "pair" with materials 0
    /// (red) and 1 (green) by default; `materials` is appended after them (material 2 onwards).
    /// Variants "Midnight" and "Beach": primitive 0 takes material 2 in Midnight and 1 in
    /// Beach, primitive 1 takes 0 in Midnight and nothing in Beach (keeping green). `mappings`
    /// replaces primitive 0's mappings. A 1 x 1 PNG `t.png` is texture 0.
    func writePair(
        materials: String = #"{"name": "blue", "pbrMetallicRoughness": {"baseColorFactor": [0, 0, 1, 1]}}"#,
        mappings: String = #"[{"material": 2, "variants": [0]}, {"material": 1, "variants": [1]}]"#,
        variants: String = #"[{"name": "Midnight"}, {"name": "Beach"}]"#, extensionsUsed: [String] = [], to folder: String
    ) throws -> String {
        var bytes = Data()
        func put(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        put([0, 0, 0, 1, 0, 0, 0, 1, 0])   // POSITION, 36 bytes
        put([0, 0, 1, 0, 0, 1])   // TEXCOORD_0, 24
        put([0.5, 0.5, 1, 0.5, 0.5, 1])   // TEXCOORD_1, 24
        try ImageFile.writePNG(Image(width: 1, height: 1, pixels: [255, 128, 0, 255]), to: folder + "/t.png")
        let attributes = #"{"POSITION": 0, "TEXCOORD_0": 1, "TEXCOORD_1": 2}"#
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": [\((["KHR_materials_variants"] + extensionsUsed).map { "\"\($0)\"" }.joined(separator: ", "))],
             "extensions": {"KHR_materials_variants": {"variants": \(variants)}},
             "buffers": [{"byteLength": 84, "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24},
                             {"buffer": 0, "byteOffset": 60, "byteLength": 24}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"},
                           {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC2"}],
             "images": [{"uri": "t.png"}], "samplers": [{"wrapS": 33071, "wrapT": 33648, "magFilter": 9728}],
             "textures": [{"source": 0, "sampler": 0}],
             "materials": [{"name": "red", "pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}},
                           {"name": "green", "pbrMetallicRoughness": {"baseColorFactor": [0, 1, 0, 1]}}, \(materials)],
             "meshes": [{"name": "pair", "primitives": [
                 {"attributes": \(attributes), "material": 0, "extensions": {"KHR_materials_variants": {"mappings": \(mappings)}}},
                 {"attributes": \(attributes), "material": 1,
                  "extensions": {"KHR_materials_variants": {"mappings": [{"material": 0, "variants": [0]}]}}}]}],
             "nodes": [{"name": "pair", "mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        try Fixtures.write(json, to: folder + "/pair.gltf")
        return folder + "/pair.gltf"
    }

    /// The base colours the two primitives are drawn with now.
    func colors(_ asset: ModelAsset) throws -> [Vec4] {
        try #require(asset.root.findEntity(named: "pair")?.model).parts.map(\.material.baseColor)
    }

    @Test func aVariantSwapsEachListedPrimitivesMaterialAndTheDefaultComesBack() throws {
        let asset = try ModelImporter.load(path: try writePair(to: try Fixtures.temporaryDirectory("gltf-variants")), cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        #expect(asset.materialVariants == ["Midnight", "Beach"])
        let red = Vec4(1, 0, 0, 1), green = Vec4(0, 1, 0, 1), blue = Vec4(0, 0, 1, 1)
        #expect(try colors(asset) == [red, green])
        try asset.selectMaterialVariant("Midnight")
        #expect(try colors(asset) == [blue, red])
        // Beach lists primitive 0 only: primitive 1 keeps its default, green.
        try asset.selectMaterialVariant("Beach")
        #expect(try colors(asset) == [green, green])
        try asset.selectMaterialVariant(nil)
        #expect(try colors(asset) == [red, green])
        // Blue, used by no primitive by default, is among the asset's materials, once.
        #expect(asset.materials.map(\.name).sorted() == ["blue", "green", "red"])
    }

    /// Two placements of one file (the cache's instances) choose their variants apart.
    @Test func cachedInstancesKeepTheirVariantsApart() throws {
        let path = try writePair(to: try Fixtures.temporaryDirectory("gltf-variants-cache"))
        let cache = ModelCache(capacity: 2)
        let first = try ModelImporter.load(path: path, cache: cache), second = try ModelImporter.load(path: path, cache: cache)
        #expect(second.materialVariants == ["Midnight", "Beach"])
        try first.selectMaterialVariant("Midnight")
        #expect(try colors(first) == [Vec4(0, 0, 1, 1), Vec4(1, 0, 0, 1)])
        #expect(try colors(second) == [Vec4(1, 0, 0, 1), Vec4(0, 1, 0, 1)])
    }

    @Test func aVariantTheFileDoesNotDeclareIsRefusedNamingThoseItDoes() throws {
        let path = try writePair(to: try Fixtures.temporaryDirectory("gltf-variants-unknown"))
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect {
            try asset.selectMaterialVariant("Noon")
        } throws: {
            "\($0)" == "\(path): has no material variant 'Noon' (it declares 'Midnight', 'Beach')"
        }
        #expect(try colors(asset) == [Vec4(1, 0, 0, 1), Vec4(0, 1, 0, 1)])
    }

    @Test func malformedMappingsAreRefusedNamingTheField() throws {
        let cases: [(mappings: String, variants: String, reason: String)] = [
            (
                #"[{"material": 7, "variants": [0]}]"#, #"[{"name": "A"}]"#,
                "meshes[0].primitives[0].extensions.KHR_materials_variants.mappings[0].material: names no material (the file has 3)"
            ),
            (
                #"[{"material": 2, "variants": [0, 3]}]"#, #"[{"name": "A"}]"#,
                "meshes[0].primitives[0].extensions.KHR_materials_variants.mappings[0].variants[1]: names no variant (the file declares 1)"
            ),
            (
                #"[{"material": 2, "variants": [0]}, {"material": 1, "variants": [0]}]"#, #"[{"name": "A"}]"#,
                "meshes[0].primitives[0].extensions.KHR_materials_variants.mappings[1].variants[0]: variant 0 is mapped twice for this primitive"
            ),
            (#"[]"#, #"[{"name": "A"}, {"name": "A"}]"#, "extensions.KHR_materials_variants.variants[1].name: 'A' names an earlier variant too"),
            (#"[]"#, #"[{"label": "A"}]"#, "extensions.KHR_materials_variants.variants[0].name: must be a name of 1 to 1024 bytes"),
            (#"{"material": 2}"#, #"[{"name": "A"}]"#, "meshes[0].primitives[0].extensions.KHR_materials_variants.mappings: is not an array")
        ]
        for (k, bad) in cases.enumerated() {
            let path = try writePair(mappings: bad.mappings, variants: bad.variants, to: try Fixtures.temporaryDirectory("gltf-variants-bad-\(k)"))
            #expect {
                try ModelImporter.load(path: path, cache: nil)
            } throws: {
                "\($0)" == "\(path): malformed model: \(bad.reason) (KHR_materials_variants)"
            }
            // The checks before import (what `ModelImporter.preflight` and its fuzz target run) say the same.
            #expect {
                try ModelImporter.preflight(path: path)
            } throws: {
                "\($0)" == "\(path): malformed model: \(bad.reason) (KHR_materials_variants)"
            }
        }
    }

    /// Each (primitive, variant) pair is a material on its part: past `maximumMappings` (65,536)
    /// the file is refused (50 primitives in 20,000 variants had held 880 MB), naming where.
    /// The pair's file maps three pairs: primitive 0's two fit a limit of 2, primitive 1's does not.
    @Test func mappingsPastTheLimitAreRefused() throws {
        let path = try writePair(to: try Fixtures.temporaryDirectory("gltf-variants-many"))
        let json = try JSONDecoder().decode(GLTFJSON.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try GLTFVariants(json: json, path: path, maximumMappings: 3).names == ["Midnight", "Beach"])
        #expect {
            try GLTFVariants(json: json, path: path, maximumMappings: 2)
        } throws: {
            "\($0)"
                == "\(path): refused: its KHR_materials_variants map more than 2 (primitive, variant) pairs (at meshes[0].primitives[1].extensions.KHR_materials_variants.mappings)"
        }
    }

    /// What a message quotes of a file cannot drive a terminal: an escape sequence in a variant's
    /// name is written as text, in the error and in the warnings alike.
    @Test func controlCharactersInTheFilesNamesArePrintedEscaped() throws {
        let path = try writePair(
            variants: #"[{"name": "A\u001b[2J"}, {"name": "A\u001b[2J"}]"#, to: try Fixtures.temporaryDirectory("gltf-variants-escape"))
        #expect {
            try ModelImporter.load(path: path, cache: nil)
        } throws: {
            "\($0)".hasSuffix(#"variants[1].name: 'A\u{1b}[2J' names an earlier variant too (KHR_materials_variants)"#)
        }
        let error = MaterialVariantError(model: "m.glb", name: "\u{9b}31m", known: [])
        #expect(error.description == #"m.glb: has no material variant '\u{9b}31m' (it declares none)"#)
    }

    /// A material read from the JSON alone (a variant's) is the material Assimp makes of the
    /// same JSON when a primitive uses it by default: every factor, texture and mapping.
    @Test func aVariantOnlyMaterialIsReadAsAssimpReadsIt() throws {
        let rich = """
            {"name": "rich", "pbrMetallicRoughness": {"baseColorFactor": [0.2, 0.4, 0.6, 0.8], "metallicFactor": 0.3,
               "roughnessFactor": 0.7, "baseColorTexture": {"index": 0},
               "metallicRoughnessTexture": {"index": 0, "texCoord": 1, "extensions": {"KHR_texture_transform": {"offset": [0.5, 0]}}}},
             "normalTexture": {"index": 0, "scale": 0.5}, "occlusionTexture": {"index": 0, "strength": 0.25},
             "emissiveTexture": {"index": 0}, "emissiveFactor": [1, 0.5, 0], "alphaMode": "MASK", "alphaCutoff": 0.3, "doubleSided": true,
             "extensions": {"KHR_materials_clearcoat": {"clearcoatFactor": 0.5, "clearcoatTexture": {"index": 0},
                              "clearcoatRoughnessTexture": {"index": 0}, "clearcoatNormalTexture": {"index": 0, "scale": 2}},
                            "KHR_materials_sheen": {"sheenColorFactor": [1, 1, 1], "sheenColorTexture": {"index": 0},
                              "sheenRoughnessTexture": {"index": 0}},
                            "KHR_materials_transmission": {"transmissionFactor": 0.5, "transmissionTexture": {"index": 0}},
                            "KHR_materials_specular": {"specularTexture": {"index": 0}}}}
            """
        let used = ["KHR_texture_transform", "KHR_materials_clearcoat", "KHR_materials_sheen", "KHR_materials_transmission", "KHR_materials_specular"]
        // Material 2 in a variant of primitive 0 (read from the JSON) ...
        let variantPath = try writePair(materials: rich, extensionsUsed: used, to: try Fixtures.temporaryDirectory("gltf-variants-json"))
        let variantAsset = try ModelImporter.load(path: variantPath, cache: nil)
        try variantAsset.selectMaterialVariant("Midnight")
        let fromJSON = try #require(variantAsset.root.findEntity(named: "pair")?.model?.parts[0].material)
        // ... and the same JSON as primitive 0's default material (read by Assimp).
        let defaultPath = try writePair(
            materials: rich, mappings: #"[{"material": 1, "variants": [0]}]"#, extensionsUsed: used,
            to: try Fixtures.temporaryDirectory("gltf-variants-assimp"))
        let json = try String(contentsOfFile: defaultPath, encoding: .utf8).replacingOccurrences(of: #""material": 0, "ext"#, with: #""material": 2, "ext"#)
        try Fixtures.write(json, to: defaultPath)
        let fromAssimp = try #require(try ModelImporter.load(path: defaultPath, cache: nil).root.findEntity(named: "pair")?.model?.parts[0].material)
        #expect(fromAssimp.name == "rich")
        func described(_ m: Material) -> String {
            let textures: [Texture?] = [
                m.baseColorTexture, m.metallicRoughnessTexture, m.normalTexture, m.occlusionTexture, m.emissiveTexture, m.clearcoatTexture,
                m.clearcoatRoughnessTexture, m.clearcoatNormalTexture, m.sheenColorTexture, m.sheenRoughnessTexture, m.transmissionTexture,
                m.specularTexture
            ]
            let textureText = textures.map { t in
                t.map { "\($0.image.pixels) \($0.colorSpace) \($0.wrap) \($0.wrapV) \($0.magnification)" } ?? "none"
            }
            return """
                \(m.name) \(m.baseColor) \(m.metallic) \(m.roughness) \(m.isDoubleSided) \(m.blending) \(String(describing: m.alphaCutoff)) \
                \(m.normalScale) \(m.occlusionStrength) \(m.emissive) \(m.clearcoat) \(m.clearcoatNormalScale) \(m.sheenColor) \(m.transmission) \
                \(m.specular) \(TextureSlot.allCases.map { m.mapping($0) }) \(textureText)
                """
        }
        #expect(described(fromJSON) == described(fromAssimp))
        #expect(fromJSON.alphaCutoff == 0.3 && fromJSON.normalScale == 0.5 && fromJSON.occlusionStrength == 0.25)
    }
}
