import Foundation
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// MSFT_lod: the meshes of the nodes a node lists become its levels of detail, read from the
/// file's buffers (outside the scene, where Assimp does not look), with their own materials and
/// their material variants.
@Suite struct GLTFLevelsTests {
    @Test func aListedNodesMeshIsALevelWithItsOwnTexturedMaterial() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-lod")
        var bytes = Data()
        for v: Float in [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        try ImageFile.writePNG(Image(width: 1, height: 1, pixels: [10, 200, 30, 255]), to: dir + "/leaf.png")
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["MSFT_lod", "KHR_materials_variants"],
             "extensions": {"KHR_materials_variants": {"variants": [{"name": "Plain"}]}},
             "buffers": [{"byteLength": 60, "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"}],
             "images": [{"uri": "leaf.png"}], "textures": [{"source": 0}],
             "materials": [{"name": "full"}, {"name": "leaf", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}, "roughnessFactor": 0.25}}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 0}]},
                        {"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 1,
                                         "extensions": {"KHR_materials_variants": {"mappings": [{"material": 0, "variants": [0]}]}}}]}],
             "nodes": [{"name": "plant", "mesh": 0, "extensions": {"MSFT_lod": {"ids": [1]}}, "extras": {"MSFT_screencoverage": [0.25, 0.01]}},
                       {"name": "plant level 1", "mesh": 1}],
             "scenes": [{"nodes": [0]}], "scene": 0}
            """
        try Fixtures.write(json, to: dir + "/plant.gltf")
        let asset = try ModelImporter.load(path: dir + "/plant.gltf", cache: nil)
        let model = try #require(asset.root.findEntity(named: "plant")?.model)
        #expect(model.parts.map(\.material.name) == ["full"])
        // Drawn below the square root of the coverage before it, as a height: sqrt(0.25).
        #expect(model.levelsOfDetail.map(\.maxScreenHeight) == [0.5])
        let leaf = try #require(model.levelsOfDetail.first?.parts.first?.material)
        #expect(leaf.name == "leaf" && leaf.roughness == 0.25 && leaf.metallic == 1)
        #expect(leaf.baseColorTexture?.image.pixels == [10, 200, 30, 255] && leaf.baseColorTexture?.colorSpace == .sRGB)
        #expect(asset.textures.count == 1 && asset.materials.map(\.name).sorted() == ["full", "leaf"])
        // The level reads the same accessors as the scene's mesh, so its texture coordinates
        // are the same numbers: glTF's, v down the image (the file's (0, 0), (1, 0), (0, 1)).
        let level = try #require(model.levelsOfDetail.first?.parts.first?.mesh)
        #expect(level.uvs == model.parts.first?.mesh.uvs)
        #expect(level.uvs == [Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)])
        // KHR_materials_variants reaches the levels too: variant Plain draws the level in "full".
        try asset.selectMaterialVariant("Plain")
        #expect(asset.root.findEntity(named: "plant")?.model?.levelsOfDetail.first?.parts.first?.material.name == "full")
        try asset.selectMaterialVariant(nil)
        #expect(asset.root.findEntity(named: "plant")?.model?.levelsOfDetail.first?.parts.first?.material.name == "leaf")
    }

    /// A level keeps what a normal map needs: the second texture coordinates and the stored
    /// tangents (xyz and the sign), as the file writes them.
    @Test func aLevelKeepsItsSecondCoordinatesAndTangents() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-lod-tangents")
        var bytes = Data()
        let floats: [Float] =
            [0, 0, 0, 1, 0, 0, 0, 1, 0] + [0, 0, 1, 0, 0, 1, 0, 0, 1] + [0.25, 0.5, 0.75, 0.5, 0.25, 1]
            + [1, 0, 0, -1, 1, 0, 0, -1, 1, 0, 0, -1]
        for v in floats { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["MSFT_lod"],
             "buffers": [{"byteLength": 144, "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 36},
                             {"buffer": 0, "byteOffset": 72, "byteLength": 24}, {"buffer": 0, "byteOffset": 96, "byteLength": 48}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC2"},
                           {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]},
                        {"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "TEXCOORD_1": 2, "TANGENT": 3}}]}],
             "nodes": [{"name": "plant", "mesh": 0, "extensions": {"MSFT_lod": {"ids": [1]}}}, {"name": "plant level 1", "mesh": 1}],
             "scenes": [{"nodes": [0]}], "scene": 0}
            """
        try Fixtures.write(json, to: dir + "/plant.gltf")
        let asset = try ModelImporter.load(path: dir + "/plant.gltf", cache: nil)
        let level = try #require(asset.root.findEntity(named: "plant")?.model?.levelsOfDetail.first?.parts.first?.mesh)
        #expect(level.uvs1 == [Vec2(0.25, 0.5), Vec2(0.75, 0.5), Vec2(0.25, 1)] && level.uvs == level.uvs1)
        #expect(level.tangents == Array(repeating: Vec4(1, 0, 0, -1), count: 3))
    }

    /// Every primitive mode as a list (glTF 2.0 3.7.2.1), worked out by hand for five vertices.
    @Test func primitiveModesBecomeLists() {
        let five: [UInt32] = [0, 1, 2, 3, 4]
        #expect(GLTFLevels.lists(mode: 0, five)! == (.points, five))
        #expect(GLTFLevels.lists(mode: 1, five)! == (.lines, [0, 1, 2, 3]))
        #expect(GLTFLevels.lists(mode: 2, five)! == (.lines, [0, 1, 1, 2, 2, 3, 3, 4, 4, 0]))
        #expect(GLTFLevels.lists(mode: 3, five)! == (.lines, [0, 1, 1, 2, 2, 3, 3, 4]))
        #expect(GLTFLevels.lists(mode: 4, five)! == (.triangles, [0, 1, 2]))
        #expect(GLTFLevels.lists(mode: 5, five)! == (.triangles, [0, 1, 2, 1, 3, 2, 2, 3, 4]))
        #expect(GLTFLevels.lists(mode: 6, five)! == (.triangles, [0, 1, 2, 0, 2, 3, 0, 3, 4]))
        #expect(GLTFLevels.lists(mode: 5, [0, 1]) == nil && GLTFLevels.lists(mode: 7, five) == nil)
    }
}
