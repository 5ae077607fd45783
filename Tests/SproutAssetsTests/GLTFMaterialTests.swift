import Foundation
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// What a glTF file says of its materials and extensions arrives on Sprout's materials and
/// meshes (issue 27): the textures Assimp gives, and from the file's own JSON what Assimp 5.2
/// drops (texture transforms and coordinate sets, emissive strength, unlit); required
/// extensions Sprout cannot draw refuse the file, used ones it draws without are warned about.
@Suite struct GLTFMaterialTests {
    /// One triangle with TEXCOORD_0, TEXCOORD_1 and COLOR_0, `materials` as given, and a 1 x 1
    /// PNG `t.png` beside it as image 0 (texture 0 clamps, magnifies nearest and minifies
    /// NEAREST_MIPMAP_NEAREST).
    func write(materials: String, extensions: String = "", to folder: String) throws -> String {
        var bytes = Data()
        func put(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        put([0, 0, 0, 1, 0, 0, 0, 1, 0])   // POSITION, 36 bytes
        put([0, 0, 1, 0, 0, 1])   // TEXCOORD_0, 24
        put([0.5, 0.5, 1, 0.5, 0.5, 1])   // TEXCOORD_1, 24
        put([0.5, 0.25, 1, 1, 0.5, 0.25, 1, 1, 0.5, 0.25, 1, 1])   // COLOR_0, 48
        try ImageFile.writePNG(Image(width: 1, height: 1, pixels: [255, 128, 0, 255]), to: folder + "/t.png")
        let json = """
            {"asset": {"version": "2.0"}\(extensions),
             "buffers": [{"byteLength": 132, "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24},
                             {"buffer": 0, "byteOffset": 60, "byteLength": 24}, {"buffer": 0, "byteOffset": 84, "byteLength": 48}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"},
                           {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC2"},
                           {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"}],
             "images": [{"uri": "t.png"}], "samplers": [{"wrapS": 33071, "wrapT": 33648, "magFilter": 9728, "minFilter": 9984}],
             "textures": [{"source": 0, "sampler": 0}],
             "materials": [\(materials)],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "TEXCOORD_1": 2, "COLOR_0": 3}, "material": 0}]}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        try Fixtures.write(json, to: folder + "/m.gltf")
        return folder + "/m.gltf"
    }

    /// An image's `uri` is a URI: `t%20%C3%A9.png` is the file `t é.png` (Assimp 5.2 passes it
    /// on undecoded).
    @Test func imageURIsAreDecoded() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-image-uri")
        let path = try write(materials: #"{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}"#, to: dir)
        try FileManager.default.moveItem(atPath: dir + "/t.png", toPath: dir + "/t é.png")
        try Fixtures.write(
            try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: #""uri": "t.png""#, with: #""uri": "t%20%C3%A9.png""#), to: path)
        let texture = try #require(try ModelImporter.load(path: path, cache: nil).materials.first?.baseColorTexture)
        #expect(texture.image.pixels == [255, 128, 0, 255])
    }

    /// A texture on a third coordinate set cannot be drawn as the file asks: said once, drawn
    /// with the first set (two references: the base colour's and, through KHR_texture_transform,
    /// the emissive's).
    @Test func aThirdCoordinateSetIsWarnedAbout() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-texcoord-2")
        let material =
            #"{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0, "texCoord": 2}}, "normalTexture": {"index": 0, "texCoord": 1}, "#
            + #""emissiveTexture": {"index": 0, "extensions": {"KHR_texture_transform": {"texCoord": 3}}}}"#
        let path = try write(materials: material, extensions: #", "extensionsUsed": ["KHR_texture_transform"]"#, to: dir)
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(
            asset.warnings == ["\(path): has 2 texture reference(s) to a third or later coordinate set (texCoord 2 on), which Sprout draws with TEXCOORD_0"])
        #expect(asset.materials.first?.mapping(.baseColor).texCoord == 0 && asset.materials.first?.mapping(.normal).texCoord == 1)
    }

    @Test func texturesCoordinatesColoursAndSamplersArrive() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-material")
        let path = try write(
            materials: """
                {"name": "all", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0, "extensions": {"KHR_texture_transform":
                    {"offset": [0.5, 0.25], "rotation": 0.5, "scale": [2, 3]}}},
                    "metallicRoughnessTexture": {"index": 0, "texCoord": 1}},
                 "emissiveTexture": {"index": 0}, "emissiveFactor": [1, 0.5, 0.25],
                 "extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 2}}}
                """, extensions: #", "extensionsUsed": ["KHR_texture_transform", "KHR_materials_emissive_strength"]"#, to: dir)
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.baseColorTexture?.colorSpace == .sRGB)
        #expect(material.metallicRoughnessTexture?.colorSpace == .linear)
        #expect(material.emissiveTexture?.colorSpace == .sRGB)
        #expect(material.emissive == Vec3(2, 1, 0.5))
        #expect(material.mapping(.baseColor) == TextureMapping(texCoord: 0, offset: Vec2(0.5, 0.25), rotation: 0.5, scale: Vec2(2, 3)))
        #expect(material.mapping(.metallicRoughness) == TextureMapping(texCoord: 1))
        #expect(material.mapping(.emissive) == .identity)
        let texture = try #require(material.baseColorTexture)
        #expect(texture.wrap == .clampToEdge && texture.wrapV == .mirroredRepeat && texture.magnification == .nearest)
        #expect(texture.minification == Texture.Minification(texels: .nearest, mipmaps: .nearest))
        let mesh = try #require(asset.meshes.first)
        #expect(mesh.colors == Array(repeating: Vec4(0.5, 0.25, 1, 1), count: 3))
        #expect(Set(mesh.uvs1) == [Vec2(0.5, 0.5), Vec2(1, 0.5), Vec2(0.5, 1)])
        #expect(asset.warnings.isEmpty)
    }

    /// minFilter is drawn as given beside a NEAREST magFilter, else trilinear (README: exporters'
    /// default NEAREST_MIPMAP_LINEAR beside LINEAR would alias where the path tracer is smooth).
    @Test func minFilterIsHonouredWhereTexelsAreMeantCrisp() {
        #expect(GLTFTextures.minification(glTF: 9986, magnification: .nearest) == Texture.Minification(texels: .nearest, mipmaps: .linear))
        #expect(GLTFTextures.minification(glTF: 9728, magnification: .nearest) == Texture.Minification(texels: .nearest, mipmaps: nil))
        #expect(GLTFTextures.minification(glTF: 9986, magnification: .linear) == .trilinear)
        #expect(GLTFTextures.minification(glTF: nil, magnification: .nearest) == .trilinear)
        #expect(GLTFTextures.minification(glTF: 1234, magnification: .nearest) == .trilinear)
    }

    /// KHR_materials_ior, KHR_materials_specular and KHR_materials_clearcoat arrive; an ior below 1 is invalid
    /// and keeps glTF's 1.5.
    @Test func iorAndSpecularAreRead() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-ior")
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_ior": {"ior": 1.33},
                                "KHR_materials_specular": {"specularFactor": 0.5, "specularColorFactor": [1, 0.5, 0.25]},
                                "KHR_materials_volume": {"thicknessFactor": 0.5, "attenuationDistance": 2, "attenuationColor": [1, 0.5, 2]},
                                "KHR_materials_dispersion": {"dispersion": 0.5},
                                "KHR_materials_clearcoat": {"clearcoatFactor": 0.75, "clearcoatRoughnessFactor": 0.25,
                                                            "clearcoatTexture": {"index": 0}, "clearcoatRoughnessTexture": {"index": 0, "texCoord": 1}}}}
                """,
            extensions: #", "extensionsUsed": ["KHR_materials_ior", "KHR_materials_specular", "KHR_materials_clearcoat", "KHR_materials_volume", "#
                + #""KHR_materials_dispersion"]"#, to: dir)
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.ior == 1.33 && material.specular == 0.5 && material.specularColor == Vec3(1, 0.5, 0.25))
        #expect(material.clearcoat == 0.75 && material.clearcoatRoughness == 0.25)
        // A colour channel above 1 is not a colour: kept at 1.
        #expect(material.volumeThickness == 0.5 && material.attenuationDistance == 2 && material.attenuationColor == Vec3(1, 0.5, 1))
        #expect(material.dispersion == 0.5)
        #expect(material.clearcoatTexture != nil && material.clearcoatRoughnessTexture != nil)
        #expect(material.mapping(.clearcoatRoughness) == TextureMapping(texCoord: 1))
        #expect(asset.warnings.isEmpty)
        var invalid = Material()
        SceneConverter.applyGLTF(.object(["extensions": .object(["KHR_materials_ior": .object(["ior": .number(0.5)])])]), to: &invalid)
        #expect(invalid.ior == 1.5)
    }

    @Test func unlitIsRead() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-unlit")
        let path = try write(
            materials: #"{"extensions": {"KHR_materials_unlit": {}}}"#,
            extensions: #", "extensionsUsed": ["KHR_materials_unlit"]"#, to: dir)
        #expect(try ModelImporter.load(path: path, cache: nil).materials.first?.isUnlit == true)
    }

    /// glTF: a loader must refuse a file whose `extensionsRequired` names an extension it does
    /// not support; one merely used is drawn without it, and said so once, by name.
    @Test func requiredExtensionsRefuseAndUsedOnesWarn() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-extensions")
        let required = try write(
            materials: #"{"extensions": {"KHR_node_hoverability": {"hoverable": false}}}"#,
            extensions: #", "extensionsUsed": ["KHR_node_hoverability"], "extensionsRequired": ["KHR_node_hoverability"]"#, to: dir)
        #expect(throws: ModelImportError.unsupportedExtension(path: required, name: "KHR_node_hoverability")) {
            try ModelImporter.load(path: required, cache: nil)
        }
        // Before any import: the fuzzed preflight refuses it too.
        #expect(throws: ModelImportError.unsupportedExtension(path: required, name: "KHR_node_hoverability")) {
            try ModelImporter.preflight(path: required)
        }
        let used = try write(
            materials: #"{"extensions": {"KHR_node_hoverability": {"hoverable": false}}}"#,
            extensions: #", "extensionsUsed": ["KHR_node_hoverability", "KHR_texture_basisu"]"#, to: dir)
        // KHR_texture_basisu is listed but never used in the file: nothing is lost, nothing said.
        #expect(
            try ModelImporter.load(path: used, cache: nil).warnings == [
                "\(used): uses KHR_node_hoverability, which Sprout does not draw: Sprout has no hover (a tap selects; nothing follows the pointer)"
            ])
    }

    /// KHR_materials_sheen arrives: colour and roughness factors (clamped to 0...1, as colours
    /// and roughness are), both textures with their coordinates; no warning.
    @Test func sheenIsRead() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-sheen")
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_sheen": {"sheenColorFactor": [1, 0.5, 2], "sheenRoughnessFactor": 0.25,
                                                        "sheenColorTexture": {"index": 0}, "sheenRoughnessTexture": {"index": 0, "texCoord": 1}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_sheen"], "extensionsRequired": ["KHR_materials_sheen"]"#, to: dir)
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.sheenColor == Vec3(1, 0.5, 1) && material.sheenRoughness == 0.25 && material.hasSheen)
        #expect(material.sheenColorTexture?.colorSpace == .sRGB && material.sheenRoughnessTexture?.colorSpace == .linear)
        #expect(material.mapping(.sheenRoughness) == TextureMapping(texCoord: 1))
        #expect(asset.warnings.isEmpty)
        #expect(!Material().hasSheen)
    }

    /// KHR_materials_specular's textures, which Assimp 5.2 does not import: read from the file's
    /// JSON with their image (t.png's one orange pixel), sampler (clamped u, mirrored v,
    /// nearest) and coordinates; a texture that names no image is refused by name.
    @Test func specularTexturesAreRead() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-specular")
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_specular": {"specularFactor": 0.5, "specularColorFactor": [1, 0.5, 0.25],
                                                           "specularTexture": {"index": 0}, "specularColorTexture": {"index": 0, "texCoord": 1}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_specular"]"#, to: dir)
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.specular == 0.5 && material.specularColor == Vec3(1, 0.5, 0.25))
        let weight = try #require(material.specularTexture), color = try #require(material.specularColorTexture)
        #expect(weight.colorSpace == .linear && color.colorSpace == .sRGB && weight.image.pixels == [255, 128, 0, 255])
        #expect(weight.wrap == .clampToEdge && weight.wrapV == .mirroredRepeat && weight.magnification == .nearest)
        #expect(weight.minification == Texture.Minification(glTF: 9984))
        #expect(material.mapping(.specularColor) == TextureMapping(texCoord: 1))
        #expect(asset.textures.contains { $0 === weight } && asset.warnings.isEmpty)

        let broken = try write(
            materials: #"{"extensions": {"KHR_materials_specular": {"specularTexture": {"index": 3}}}}"#,
            to: try Fixtures.temporaryDirectory("gltf-specular-bad"))
        #expect(throws: ModelImportError.badTexture(model: broken, texture: "textures[3]", reason: "it names no image")) {
            try ModelImporter.load(path: broken, cache: nil)
        }
    }

    /// A texture without `source` is valid glTF (an extension may supply the image); with none
    /// Sprout reads, the material is drawn without it, in Assimp's slots (base colour) as in
    /// Sprout's own (specular), and said once. It had failed the import, or gone unsaid.
    @Test func aTextureWithoutAnImageIsDrawnWithoutAndSaid() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-imageless")
        try Fixtures.write(
            OneTriangleGLTF.geometry.replacingOccurrences(of: #""indices": 1}"#, with: #""indices": 1, "material": 0}"#)
                + #" "textures": [{}], "extensionsUsed": ["KHR_materials_specular"], "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}},"#
                + #" "extensions": {"KHR_materials_specular": {"specularTexture": {"index": 0}}}}],"#
                + #" "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#, to: dir + "/imageless.gltf")
        let asset = try ModelImporter.load(path: dir + "/imageless.gltf", cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.baseColorTexture == nil && material.specularTexture == nil && asset.textures.isEmpty)
        #expect(
            asset.warnings == [
                dir + "/imageless.gltf: has 1 texture(s) naming no image (no `source`, nor an image extension Sprout reads), drawn without: textures[0]"
            ])
    }

    /// KHR_materials_pbrSpecularGlossiness in Sprout's model: the diffuse factor and texture are
    /// the base colour, no metal, roughness 1 - glossiness (0.9), the specular factor the
    /// reflectance square on (0.02 = 0.04 x a specular colour of 0.5), and the
    /// specular-glossiness texture read twice: RGB as the specular colour (sRGB), alpha as the
    /// glossiness (linear), with its coordinates; used or required, no warning.
    @Test func specularGlossinessIsReadIntoTheMetallicRoughnessModel() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-specgloss")
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_pbrSpecularGlossiness": {"diffuseFactor": [0.8, 0.1, 0.1, 0.5], "specularFactor": [0.02, 0.02, 0.02],
                  "glossinessFactor": 0.1, "diffuseTexture": {"index": 0}, "specularGlossinessTexture": {"index": 0, "texCoord": 1}}}}
                """,
            extensions: #", "extensionsUsed": ["KHR_materials_pbrSpecularGlossiness"], "extensionsRequired": ["KHR_materials_pbrSpecularGlossiness"]"#,
            to: dir)
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.baseColor == Vec4(0.8, 0.1, 0.1, 0.5) && material.metallic == 0 && abs(material.roughness - 0.9) < 1e-6)
        #expect(material.ior == 1.5 && material.specular == 1 && abs(material.specularColor.x - 0.5) < 1e-6)
        #expect(abs(material.dielectricF0.x - 0.02) < 1e-6)
        #expect(material.baseColorTexture?.colorSpace == .sRGB && material.glossinessInAlpha)
        #expect(material.metallicRoughnessTexture?.colorSpace == .linear && material.specularColorTexture?.colorSpace == .sRGB)
        #expect(material.mapping(.metallicRoughness) == TextureMapping(texCoord: 1) && material.mapping(.specularColor) == TextureMapping(texCoord: 1))
        #expect(material.mapping(.baseColor) == .identity && asset.warnings.isEmpty)
    }

    /// An image file beside the model larger than a model's file may be is refused from its size,
    /// before a byte of it is read, whether Assimp names it (base colour) or the JSON (specular).
    @Test func anImageFileLargerThanTheLimitIsRefused() throws {
        for (label, material) in [
            ("base", #"{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}"#),
            ("specular", #"{"extensions": {"KHR_materials_specular": {"specularTexture": {"index": 0}}}}"#)
        ] {
            let path = try write(
                materials: material, extensions: #", "extensionsUsed": ["KHR_materials_specular"]"#,
                to: try Fixtures.temporaryDirectory("gltf-big-image-\(label)"))
            let image = String(path.dropLast("m.gltf".count)) + "t.png"
            try Fixtures.write([UInt8](repeating: 0, count: 5000), to: image)
            let reason = "the file is 5000 bytes, more than the 4096 a model's file may be"
            #expect(throws: ModelImportError.badTexture(model: path, texture: "t.png", reason: reason)) {
                try ModelImporter.load(path: path, limits: ModelLimits(maximumFileBytes: 4096), cache: nil)
            }
        }
    }

    /// The texture pixels a model may hold are counted as each image is decoded, by either
    /// reader: two 1-pixel images against a limit of 1 stop at the second.
    @Test func texturePixelsAreCountedAsTheyAreDecoded() throws {
        let path = try write(
            materials: #"{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}, "#
                + #""extensions": {"KHR_materials_specular": {"specularTexture": {"index": 1}}}}"#,
            extensions: #", "extensionsUsed": ["KHR_materials_specular"]"#, to: try Fixtures.temporaryDirectory("gltf-texture-budget"))
        let folder = String(path.dropLast("m.gltf".count))
        try ImageFile.writePNG(Image(width: 1, height: 1, pixels: [0, 0, 255, 255]), to: folder + "u.png")
        let json = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""images": [{"uri": "t.png"}]"#, with: #""images": [{"uri": "t.png"}, {"uri": "u.png"}]"#)
            .replacingOccurrences(of: #""textures": [{"source": 0, "sampler": 0}]"#, with: #""textures": [{"source": 0, "sampler": 0}, {"source": 1}]"#)
        try Fixtures.write(json, to: path)
        #expect(throws: Never.self) { try ModelImporter.load(path: path, limits: ModelLimits(maximumTexturePixels: 2), cache: nil) }
        #expect(throws: ModelImportError.exceedsLimit(path: path, what: "2 texture pixels, more than the limit of 1")) {
            try ModelImporter.load(path: path, limits: ModelLimits(maximumTexturePixels: 1), cache: nil)
        }
    }

    /// KHR_materials_clearcoat's normal texture and its scale, read from the file's JSON.
    @Test func clearcoatNormalTextureIsRead() throws {
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_clearcoat": {"clearcoatFactor": 1, "clearcoatNormalTexture": {"index": 0, "scale": 0.5, "texCoord": 1}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_clearcoat"]"#, to: try Fixtures.temporaryDirectory("gltf-coat-normal"))
        let material = try #require(try ModelImporter.load(path: path, cache: nil).materials.first)
        #expect(material.clearcoat == 1 && material.clearcoatNormalScale == 0.5)
        #expect(material.clearcoatNormalTexture?.colorSpace == .linear && material.clearcoatNormalTexture?.image.pixels == [255, 128, 0, 255])
        #expect(material.mapping(.clearcoatNormal) == TextureMapping(texCoord: 1))
    }

    /// KHR_materials_diffuse_transmission's factors and textures.
    @Test func diffuseTransmissionIsRead() throws {
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_diffuse_transmission": {"diffuseTransmissionFactor": 0.25, "diffuseTransmissionColorFactor": [1, 0.9, 2],
                                "diffuseTransmissionTexture": {"index": 0}, "diffuseTransmissionColorTexture": {"index": 0, "texCoord": 1}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_diffuse_transmission"]"#,
            to: try Fixtures.temporaryDirectory("gltf-diffuse-transmission"))
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.diffuseTransmission == 0.25 && material.diffuseTransmissionColor == Vec3(1, 0.9, 1))
        #expect(material.diffuseTransmissionTexture?.colorSpace == .linear && material.diffuseTransmissionColorTexture?.colorSpace == .sRGB)
        #expect(material.mapping(.diffuseTransmissionColor) == TextureMapping(texCoord: 1))
        #expect(asset.warnings == [])   // approximated, not warned about
    }

    /// KHR_materials_anisotropy's strength, rotation and texture.
    @Test func anisotropyIsRead() throws {
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_anisotropy": {"anisotropyStrength": 0.75, "anisotropyRotation": 1.5, "anisotropyTexture": {"index": 0}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_anisotropy"]"#, to: try Fixtures.temporaryDirectory("gltf-anisotropy"))
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.anisotropyStrength == 0.75 && material.anisotropyRotation == 1.5)
        #expect(material.anisotropyTexture?.colorSpace == .linear && asset.warnings.isEmpty)
    }

    /// KHR_materials_iridescence's factors and textures.
    @Test func iridescenceIsRead() throws {
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_iridescence": {"iridescenceFactor": 0.5, "iridescenceIor": 1.8, "iridescenceThicknessMinimum": 200,
                                "iridescenceThicknessMaximum": 600, "iridescenceThicknessTexture": {"index": 0}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_iridescence"]"#, to: try Fixtures.temporaryDirectory("gltf-iridescence"))
        let asset = try ModelImporter.load(path: path, cache: nil)
        let material = try #require(asset.materials.first)
        #expect(material.iridescence == 0.5 && material.iridescenceIOR == 1.8)
        #expect(material.iridescenceThicknessMinimum == 200 && material.iridescenceThicknessMaximum == 600)
        #expect(material.iridescenceThicknessTexture != nil && material.iridescenceTexture == nil && asset.warnings.isEmpty)
    }

    /// KHR_materials_volume's thickness texture, read from the file's JSON.
    @Test func thicknessTextureIsRead() throws {
        let path = try write(
            materials: """
                {"extensions": {"KHR_materials_transmission": {"transmissionFactor": 1},
                                "KHR_materials_volume": {"thicknessFactor": 0.5, "thicknessTexture": {"index": 0}}}}
                """, extensions: #", "extensionsUsed": ["KHR_materials_transmission", "KHR_materials_volume"]"#,
            to: try Fixtures.temporaryDirectory("gltf-thickness"))
        let material = try #require(try ModelImporter.load(path: path, cache: nil).materials.first)
        #expect(material.volumeThickness == 0.5 && material.thicknessTexture?.image.pixels == [255, 128, 0, 255])
        #expect(material.thicknessTexture?.colorSpace == .linear)
    }

    @Test func theExtensionPolicy() {
        #expect(GLTFExtensions.check(used: ["KHR_texture_transform"], required: ["KHR_texture_transform"]) == (nil, []))
        #expect(GLTFExtensions.check(used: ["KHR_lights_punctual"], required: ["KHR_lights_punctual"]) == (nil, []))
        #expect(GLTFExtensions.check(used: ["KHR_materials_sheen"], required: ["KHR_materials_sheen"]) == (nil, []))
        #expect(GLTFExtensions.check(used: ["KHR_materials_dispersion"], required: ["KHR_materials_dispersion"]) == (nil, []))
        let hover = GLTFExtensions.check(used: ["KHR_node_hoverability"], required: [])
        #expect(
            hover.refused == nil
                && hover.warnings == [
                    "uses KHR_node_hoverability, which Sprout does not draw: Sprout has no hover (a tap selects; nothing follows the pointer)"
                ])
        #expect(GLTFExtensions.check(used: [], required: ["EXT_meshopt_compression", "KHR_mesh_quantization"]) == (nil, []))
        #expect(GLTFExtensions.check(used: [], required: ["KHR_draco_mesh_compression"]) == (nil, []))
        #expect(GLTFExtensions.check(used: [], required: ["KHR_meshopt_compression"]) == (nil, []))
        #expect(GLTFExtensions.check(used: [], required: ["KHR_texture_basisu"]) == (nil, []))
        #expect(GLTFExtensions.check(used: [], required: ["MSFT_texture_dds"]) == (nil, []))
        #expect(GLTFExtensions.check(used: ["VENDOR_thing"], required: []).warnings == ["uses VENDOR_thing, which Sprout does not draw: drawn without it"])
    }

    /// A glTF camera's vertical field of view is its `yfov`: the Duck's 0.6605926 rad, 37.849
    /// degrees (Assimp's horizontal angle divided by the aspect ratio 1.5 had made it 36.3).
    @Test func aCamerasFieldOfViewIsItsYfov() throws {
        let camera = try #require(try ModelImporter.load(path: Fixtures.sharedModel("Duck/Duck.glb"), cache: nil).cameras.first)
        #expect(abs(try #require(camera.fovYDegrees) - 0.6605926 * 180 / .pi) < 1e-3)
    }

    /// Assimp does not keep the file's material order; a unique name finds the right one.
    @Test func materialsAreMatchedByName() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-order")
        let path = try write(materials: #"{"name": "glow", "emissiveFactor": [0, 1, 0]}"#, to: dir)
        #expect(try ModelImporter.load(path: path, cache: nil).materials.first?.emissive == Vec3(0, 1, 0))
        var material = Material(name: "x")
        SceneConverter.applyGLTF(try JSONDecoder().decode(GLTFJSON.self, from: Data(#"{"emissiveFactor": [1, 2]}"#.utf8)), to: &material)
        #expect(material.emissive == .zero)   // a malformed factor is ignored, as Assimp ignores it
    }
}

/// Content Sprout does not draw yet is said, never dropped silently.
@Suite struct UnsupportedContentTests {
    /// The Fox (../shared/models) is skinned and has three clips (Survey, Walk, Run).
    /// glTF asks for flat normals where a primitive has none: two triangles sharing an edge
    /// (indexed, 4 vertices) arrive as 6 corners, each with its own face's normal.
    @Test func aPrimitiveWithoutNormalsIsFlat() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-flat")
        var bytes = Data()
        for v: Float in [0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 2, 0] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        for i: UInt16 in [0, 1, 2, 1, 3, 2] { withUnsafeBytes(of: i.littleEndian) { bytes.append(contentsOf: $0) } }
        try Fixtures.write(
            """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": 60, "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 12}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 2, 1]},
                           {"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """, to: dir + "/roof.gltf")
        let mesh = try #require(try ModelImporter.load(path: dir + "/roof.gltf", cache: nil).meshes.first)
        #expect(mesh.vertexCount == 6)
        let s = Float(0.5).squareRoot()
        // (1,0,0) x (0,1,1) = (0, -1, 1) and (0,2,0) x (-1,1,1) = (2, 0, 2), each over its length.
        #expect(mesh.normals[0..<3].allSatisfy { length($0 - Vec3(0, -s, s)) < 1e-6 })
        #expect(mesh.normals[3..<6].allSatisfy { length($0 - Vec3(s, 0, s)) < 1e-6 })
    }

    /// glTF TANGENTs arrive with their sign: the Avocado's, one per vertex, each w +1 or -1.
    @Test func storedTangentsArrive() throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel("Avocado/Avocado.gltf"), cache: nil)
        let mesh = try #require(asset.meshes.first)
        #expect(mesh.tangents.count == mesh.vertexCount)
        #expect(mesh.tangents.allSatisfy { abs($0.w) == 1 && abs(length(Vec3($0.x, $0.y, $0.z)) - 1) < 1e-3 })
    }

    /// KHR_lights_punctual: each light lands on its node's entity with the file's type, colour,
    /// intensity, range and cone; missing values take the extension's defaults, bad ones are kept
    /// in range.
    @Test func punctualLightsArriveOnTheirNodes() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-lights")
        try Fixtures.write(
            """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_lights_punctual"],
             "extensions": {"KHR_lights_punctual": {"lights": [
                {"type": "point", "color": [1, 0.5, 0.25], "intensity": 40, "range": 5},
                {"type": "spot", "intensity": 100, "spot": {"innerConeAngle": 0.2, "outerConeAngle": 0.5}},
                {"type": "directional", "intensity": -3},
                {"type": "spot", "spot": {"innerConeAngle": 2, "outerConeAngle": 3}}]}},
             "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],
             "bufferViews": [{"buffer": 0, "byteLength": 36}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
             "nodes": [{"name": "shape", "mesh": 0, "children": [1, 2, 3, 4]},
                       {"name": "bulb", "translation": [0, 2, 0], "extensions": {"KHR_lights_punctual": {"light": 0}}},
                       {"name": "lamp", "translation": [1, 1, 1], "extensions": {"KHR_lights_punctual": {"light": 1}}},
                       {"name": "sun", "extensions": {"KHR_lights_punctual": {"light": 2}}},
                       {"name": "odd", "extensions": {"KHR_lights_punctual": {"light": 3}}}],
             "scenes": [{"nodes": [0]}], "scene": 0}
            """, to: dir + "/lights.gltf")
        let asset = try ModelImporter.load(path: dir + "/lights.gltf", cache: nil)
        #expect(asset.warnings.isEmpty)
        let bulb = try #require(asset.root.findEntity(named: "bulb")?.light)
        #expect(bulb == PunctualLight(name: "bulb", kind: .point, color: Vec3(1, 0.5, 0.25), intensity: 40, range: 5))
        let lamp = try #require(asset.root.findEntity(named: "lamp")?.light)
        #expect(lamp.kind == .spot(innerConeAngle: 0.2, outerConeAngle: 0.5) && lamp.intensity == 100 && lamp.range == nil)
        let sun = try #require(asset.root.findEntity(named: "sun")?.light)
        #expect(sun.kind == .directional && sun.intensity == 0 && sun.color == .one)
        let odd = try #require(asset.root.findEntity(named: "odd")?.light)
        guard case .spot(let inner, let outer) = odd.kind else { Issue.record("not a spot"); return }
        #expect(outer == .pi / 2 && inner < outer)
        #expect(asset.root.findEntity(named: "bulb")?.worldPosition == Vec3(0, 2, 0))
    }

    /// The Fox's clips and skin are played now (issue 28): nothing about them to warn of.
    @Test func animationsAndSkinsArePlayedNotWarnedAbout() throws {
        let path = Fixtures.sharedModel("Fox/Fox.glb")
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings == [])
        #expect(asset.root.animationClips.count == 3)
    }

    /// A glTF file with a triangle, a line (mode 1), a line loop (mode 2: three segments, the
    /// last back to the first vertex) and points (mode 0): each becomes a mesh of its kind, the
    /// lines and points drawn unlit; nothing is warned about.
    @Test func pointsAndLinesAreImportedAsSuch() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-lines")
        try Fixtures.write(
            """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],
             "bufferViews": [{"buffer": 0, "byteLength": 36}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}, {"attributes": {"POSITION": 0}, "mode": 1},
                                        {"attributes": {"POSITION": 0}, "mode": 2}, {"attributes": {"POSITION": 0}, "mode": 0}]}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """, to: dir + "/lines.gltf")
        let asset = try ModelImporter.load(path: dir + "/lines.gltf", cache: nil)
        #expect(asset.warnings == [])
        let parts = try #require(asset.root.firstEntity { $0.model != nil }?.model?.parts)
        #expect(parts.map(\.mesh.primitive) == [.triangles, .lines, .lines, .points])
        #expect(parts.map(\.mesh.primitiveCount) == [1, 1, 3, 3] && asset.triangleCount == 1 && asset.primitiveCount == 8)
        #expect(parts.map(\.material.isUnlit) == [false, true, true, true])
        // The loop's segments: 0-1, 1-2 and 2-0, whatever vertices Assimp gives each.
        let loop = parts[2].mesh
        let segments = stride(from: 0, to: loop.indices.count, by: 2).map { [loop.positions[Int(loop.indices[$0])], loop.positions[Int(loop.indices[$0 + 1])]] }
        #expect(segments == [[Vec3(0, 0, 0), Vec3(1, 0, 0)], [Vec3(1, 0, 0), Vec3(0, 1, 0)], [Vec3(0, 1, 0), Vec3(0, 0, 0)]])
        #expect(parts[1].mesh.intersect(Ray(origin: Vec3(0.5, 0, 1), direction: Vec3(0, 0, -1))) == nil)
    }
}
