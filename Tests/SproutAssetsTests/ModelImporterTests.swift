import Foundation
import SproutFiles
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// Counts read off Assimp 5.2 on Debian 12 and checked against ../shared/models/INDEX.md.
@Suite struct ModelImporterTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        let path: String
        let meshes: Int
        let triangles: Int
        let materials: Int
        let textures: Int
        let boundsMin: Vec3
        let boundsMax: Vec3
        var testDescription: String { path }
    }

    static let models: [Expectation] = [
        .init(
            path: "Box/Box.glb", meshes: 1, triangles: 12, materials: 1, textures: 0,
            boundsMin: Vec3(-0.5, -0.5, -0.5), boundsMax: Vec3(0.5, 0.5, 0.5)),
        .init(
            path: "BoxTextured/BoxTextured.glb", meshes: 1, triangles: 12, materials: 1, textures: 1,
            boundsMin: Vec3(-0.5, -0.5, -0.5), boundsMax: Vec3(0.5, 0.5, 0.5)),
        // The duck's node scales its centimetre-sized vertices by 0.01.
        .init(
            path: "Duck/Duck.glb", meshes: 1, triangles: 4212, materials: 1, textures: 1,
            boundsMin: Vec3(-0.692985, 0.099294, -0.613282), boundsMax: Vec3(0.961799, 1.6397, 0.539252)),
        .init(
            path: "Fox/Fox.glb", meshes: 1, triangles: 576, materials: 1, textures: 1,
            boundsMin: Vec3(-12.592718, -0.121745, -88.095), boundsMax: Vec3(12.592718, 78.90719, 66.62486)),
        // INDEX.md: 10,124 raw triangles; Assimp splits the 4 meshes by material into 10.
        .init(
            path: "PalmTree/PalmTree.gltf", meshes: 10, triangles: 10124, materials: 4, textures: 1,
            boundsMin: Vec3(-196.01877, -1.028277, -196.01877), boundsMax: Vec3(196.01877, 4.167062, 196.01877)),
        // 20 groups; one holds only lines, which are not drawn. The MTL's .\tex.jpg paths resolve.
        .init(
            path: "SpiderOBJ/spider.obj", meshes: 19, triangles: 1368, materials: 4, textures: 4,
            boundsMin: Vec3(-92.655235, -42.233826, -106.6912), boundsMax: Vec3(57.93622, 37.503952, 86.6912)),
        .init(
            path: "WusonPLY/Wuson.ply", meshes: 1, triangles: 3732, materials: 1, textures: 0,
            boundsMin: Vec3(-0.459976, -0.000566, -1.622242), boundsMax: Vec3(0.459976, 1.515251, 1.622242)),
        // FBX in centimetres (UnitScaleFactor 1): scaled to metres.
        .init(
            path: "BoxFBX/box.fbx", meshes: 1, triangles: 12, materials: 1, textures: 0,
            boundsMin: Vec3(-0.226096, -0.161864, -0.064646), boundsMax: Vec3(0.284462, 0.244348, 0.46466))
    ]

    @Test(arguments: models)
    func loadsWithTheExpectedContents(_ e: Expectation) throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel(e.path))
        #expect(asset.meshes.count == e.meshes)
        #expect(asset.triangleCount == e.triangles)
        #expect(asset.materials.count == e.materials)
        #expect(asset.textures.count == e.textures)
        let tolerance = max(length(e.boundsMax - e.boundsMin) * 1e-5, 1e-5)
        #expect(asset.bounds.min.isApproximately(e.boundsMin, tolerance: tolerance))
        #expect(asset.bounds.max.isApproximately(e.boundsMax, tolerance: tolerance))
        #expect(asset.meshes.allSatisfy { $0.normals.count == $0.positions.count })
    }

    @Test func embeddedTextureIsDecoded() throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel("BoxTextured/BoxTextured.glb"))
        let texture = try #require(asset.textures.first)
        #expect(texture.image.width == 256 && texture.image.height == 256)
        #expect(asset.meshes[0].uvs.count == asset.meshes[0].positions.count)
    }

    @Test func gltfBaseColorAndRoughnessAreRead() throws {
        let asset = try ModelImporter.load(path: Fixtures.peerAsset("scene.glb"))
        let petals = try #require(asset.materials.first { $0.name == "petals" })
        #expect(petals.baseColor.isApproximatelyRGB(Vec3(242, 191, 13) / 255))
        #expect(abs(petals.roughness - 0.8) < 1e-6)
        #expect(petals.metallic == 0)
        #expect(asset.triangleCount == 99970)
    }

    /// Vertex colours of formats other than glTF (a scan's PLY here) are sRGB-encoded, as
    /// Blender's importers read them: (255, 128, 0) is linear (1, 0.2158605, 0); glTF's own
    /// COLOR_0 is linear already (`aGLBWrittenBySproutReadsBackWithItsGeometryAndColours`).
    @Test func vertexColoursOfOtherFormatsAreSRGB() throws {
        let dir = try Fixtures.temporaryDirectory("ply-colours")
        try Fixtures.write(
            """
            ply
            format ascii 1.0
            element vertex 3
            property float x
            property float y
            property float z
            property uchar red
            property uchar green
            property uchar blue
            element face 1
            property list uchar int vertex_indices
            end_header
            0 0 0 255 128 0
            1 0 0 255 128 0
            0 1 0 0 0 0
            3 0 1 2

            """, to: dir + "/scan.ply")
        let mesh = try #require(try ModelImporter.load(path: dir + "/scan.ply", cache: nil).meshes.first)
        #expect(mesh.colors.count == 3)
        #expect(mesh.colors.contains { $0.isApproximatelyRGB(Vec3(1, 0.2158605, 0)) } && mesh.colors.contains { $0.xyz == .zero })
        #expect(abs(SceneConverter.linear(0.5) - 0.21404114) < 1e-6 && SceneConverter.linear(128.0 / 255) == linearFromSRGB(128.0 / 255))
    }

    @Test func externalBinAndTextureOfAGltfLoad() throws {
        let asset = try ModelImporter.load(path: Fixtures.sharedModel("PalmTree/PalmTree.gltf"))
        #expect(asset.textures.first?.name == "StylizedWater.png")
    }
}

extension SIMD4 where Scalar == Float {
    func isApproximatelyRGB(_ rgb: Vec3) -> Bool { xyz.isApproximately(rgb, tolerance: 1e-5) }
}

@Suite struct ModelExporterTests {
    @Test func aGLBWrittenBySproutReadsBackWithItsGeometryAndColours() throws {
        let dir = try Fixtures.temporaryDirectory("export")
        let red = Material(name: "red", baseColor: Vec4(0.8, 0.1, 0.05, 1), metallic: 0, roughness: 0.4, isDoubleSided: true)
        let parts = [
            ModelPart(mesh: MeshFactory.box(size: Vec3(1, 2, 3), name: "box"), material: red),
            ModelPart(mesh: MeshFactory.sphere(radius: 0.5, segments: 8, rings: 4, name: "ball"), material: Material(name: "white"))
        ]
        try ModelExporter.write(parts, to: dir + "/model.glb")
        let asset = try ModelImporter.load(path: dir + "/model.glb")
        #expect(asset.triangleCount == parts.reduce(0) { $0 + $1.mesh.triangleCount })
        #expect(asset.bounds.extents.isApproximately(Vec3(1, 2, 3), tolerance: 1e-5))
        let box = try #require(asset.root.descendants.compactMap(\.model).flatMap(\.parts).first { $0.mesh.triangleCount == 12 })
        #expect(length(box.material.baseColor - Vec4(0.8, 0.1, 0.05, 1)) < 1e-5)
        #expect(abs(box.material.roughness - 0.4) < 1e-5 && box.material.isDoubleSided)
    }

    /// Files from tools that keep levels as child nodes NAME_LOD1, NAME_LOD2 of the model's node
    /// (Sprout's own layout before issue 34) still read as levels, not as more geometry.
    @Test func lodChildrenOfOtherToolsAreReadAsLevels() throws {
        let dir = try Fixtures.temporaryDirectory("import-lod-children")
        let full = [ModelPart(mesh: MeshFactory.sphere(radius: 0.5, segments: 32, rings: 16, name: "ball"), material: Material(name: "ball"))]
        let level = [ModelPart(mesh: MeshFactory.box(size: Vec3(1, 1, 1), name: "ball"), material: Material(name: "ball"))]
        try OutputFile.write(try GLBWriter.bytes(parts: full, levels: [level], targetNames: [], animation: nil), to: dir + "/children.glb")
        let asset = try ModelImporter.load(path: dir + "/children.glb", cache: nil)
        let models = asset.root.descendants.compactMap(\.model)
        #expect(models.count == 1 && models[0].levelsOfDetail.map { $0.parts[0].mesh.triangleCount } == [12])
    }

    /// Sprout writes each level as a file of its own beside the model (`plant.lod1.glb`), so the
    /// model file holds the full detail once for every other viewer; its importer reads them back.
    @Test func levelsOfDetailAreWrittenAsFilesBesideAndReadBackOntoTheModel() throws {
        let dir = try Fixtures.temporaryDirectory("export-lod")
        let full = [ModelPart(mesh: MeshFactory.sphere(radius: 0.5, segments: 32, rings: 16, name: "ball"), material: Material(name: "ball"))]
        let levels = [
            [ModelPart(mesh: MeshFactory.sphere(radius: 0.5, segments: 12, rings: 6, name: "ball"), material: Material(name: "ball"))],
            [ModelPart(mesh: MeshFactory.box(size: Vec3(1, 1, 1), name: "ball"), material: Material(name: "ball"))]
        ]
        try ModelExporter.write(full, levels: levels, to: dir + "/ball.glb")
        #expect(ModelExporter.levelPath(of: dir + "/ball.glb", level: 2) == dir + "/ball.lod2.glb")
        #expect(FileManager.default.fileExists(atPath: dir + "/ball.lod1.glb") && FileManager.default.fileExists(atPath: dir + "/ball.lod2.glb"))
        let asset = try ModelImporter.load(path: dir + "/ball.glb", cache: nil)
        let models = asset.root.descendants.compactMap(\.model)
        #expect(models.count == 1)   // the levels are not entities of their own
        let model = try #require(models.first)
        #expect(model.parts.map(\.mesh.triangleCount) == [full[0].mesh.triangleCount])
        #expect(model.levelsOfDetail.map(\.maxScreenHeight) == [1, 0.2])
        #expect(model.levelsOfDetail.map { $0.parts[0].mesh.triangleCount } == [levels[0][0].mesh.triangleCount, 12])
        #expect(!asset.root.descendants.contains { $0.name.hasSuffix("_LOD1") || $0.name.hasSuffix("_LOD2") })
        #expect(SceneConverter.levelNumber("root_LOD2") == 2 && SceneConverter.levelNumber("Tree_lod1") == 1)
        #expect(SceneConverter.levelNumber("root_LOD4") == nil && SceneConverter.levelNumber("LOD1") == nil && SceneConverter.levelNumber("root_LOD") == nil)
    }

    /// Morph targets (their positions' and normals' offsets) and their weights' clip go into the
    /// file as glTF has them and come back (issue 28); `extensionsUsed` lists exactly what is used (issue 34): here only
    /// KHR_materials_emissive_strength, for an emissive factor above 1.
    @Test func morphTargetsAndTheirClipRoundTrip() throws {
        let dir = try Fixtures.temporaryDirectory("export-morph")
        let box = MeshFactory.box(size: Vec3(1, 1, 1), name: "box")
        let lifted = Mesh(
            name: "box", positions: box.positions, normals: box.normals, uvs: box.uvs, indices: box.indices,
            morphTargets: [
                MorphTarget(positionOffsets: box.positions.map { Vec3(0, $0.y > 0 ? 0.5 : 0, 0) }),
                MorphTarget(positionOffsets: Array(repeating: .zero, count: box.vertexCount), normalOffsets: box.normals.map { $0 * -0.5 })
            ])
        var glow = Material(name: "glow")
        glow.emissive = Vec3(4, 2, 0)
        let sampler = AnimationSampler(interpolation: .linear, times: [0, 1, 2], values: [0, 0, 1, 0, -1, 0], width: 2)
        try ModelExporter.write(
            [ModelPart(mesh: lifted, material: glow)], levels: [[ModelPart(mesh: box, material: glow)]],
            animation: ("lift", sampler), targetNames: ["lift", "still"], to: dir + "/lift.glb")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/lift.glb"))
        let jsonLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        let json = try #require(try JSONSerialization.jsonObject(with: bytes[20..<(20 + jsonLength)]) as? [String: Any])
        #expect(json["extensionsUsed"] as? [String] == ["KHR_materials_emissive_strength"] && json["extensionsRequired"] == nil)
        let meshes = try #require(json["meshes"] as? [[String: Any]])
        #expect((meshes[0]["extras"] as? [String: Any])?["targetNames"] as? [String] == ["lift", "still"] && meshes.count == 1)
        let channels = try #require((json["animations"] as? [[String: Any]])?.first?["channels"] as? [[String: Any]])
        #expect(channels.count == 1)
        #expect(FileManager.default.fileExists(atPath: dir + "/lift.lod1.glb"))   // the level, in a file of its own, still

        let asset = try ModelImporter.load(path: dir + "/lift.glb", cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let model = try #require(asset.root.descendants.compactMap(\.model).first)
        #expect(model.morphWeights == [0, 0] && model.parts[0].mesh.morphTargets.count == 2)
        // The second target turns no position but halves every normal (NORMAL offsets come back too).
        let targets = model.parts[0].mesh.morphTargets
        #expect(targets[0].normalOffsets.isEmpty && targets[1].positionOffsets.allSatisfy { $0 == .zero })
        #expect(targets[1].normalOffsets == box.normals.map { $0 * -0.5 })
        #expect(model.parts[0].material.emissive == Vec3(4, 2, 0))
        let clip = try #require(asset.root.animationClips.first)
        #expect(clip.name == "lift" && clip.duration == 2)
        clip.apply(to: asset.root, at: 1.75)   // three quarters from 1 to -1: negative weights are glTF's too
        #expect(asset.root.descendants.compactMap(\.model).first?.morphWeights == [-0.5, 0])
        // The same parts give the same bytes.
        try ModelExporter.write(
            [ModelPart(mesh: lifted, material: glow)], levels: [[ModelPart(mesh: box, material: glow)]],
            animation: ("lift", sampler), targetNames: ["lift", "still"], to: dir + "/again.glb")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/again.glb")) == bytes)
    }

    @Test func anUnwritablePathIsAnError() {
        #expect(throws: ModelExporter.Failure.self) {
            try ModelExporter.write([ModelPart(mesh: MeshFactory.box(size: .one), material: Material())], to: "/nonexistent/dir/x.glb")
        }
    }

    /// glTF's emissive factor times KHR_materials_emissive_strength (which Debian 12's Assimp
    /// 5.2.5 drops; Sprout reads it from the file's JSON), and alphaMode MASK with its cutoff
    /// (BLEND makes the material transparent), from a one-triangle file.
    @Test func emissiveAndAlphaModesAreRead() throws {
        let dir = try Fixtures.temporaryDirectory("emissive")
        func gltf(_ material: String) -> String {
            """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_materials_emissive_strength"],
             "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}],
             "bufferViews": [{"buffer": 0, "byteLength": 36}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}],
             "materials": [\(material)],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0}]}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        }
        try Fixtures.write(
            gltf(
                #"{"emissiveFactor": [1, 0.5, 0.25], "extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 4}}, "alphaMode": "MASK", "alphaCutoff": 0.3}"#
            ),
            to: dir + "/mask.gltf")
        try Fixtures.write(gltf(#"{"alphaMode": "BLEND"}"#), to: dir + "/blend.gltf")
        let mask = try #require(try ModelImporter.load(path: dir + "/mask.gltf").materials.first)
        #expect(mask.emissive == Vec3(4, 2, 1))   // the factor times KHR_materials_emissive_strength, read from the file's JSON
        #expect(mask.alphaCutoff == 0.3 && mask.blending == .opaque)
        let blend = try #require(try ModelImporter.load(path: dir + "/blend.gltf").materials.first)
        #expect(blend.alphaCutoff == nil && blend.blending == .transparent && blend.emissive == .zero)
    }

    /// glTF's normal texture with its scale and occlusion texture with its strength arrive on
    /// the material, decoded as linear data (not sRGB colour).
    @Test func normalAndOcclusionTexturesAreRead() throws {
        let dir = try Fixtures.temporaryDirectory("normal-map")
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNoaPj/HwAGggL/s75RMwAAAABJRU5ErkJggg=="
        try Fixtures.write(
            """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": 60, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/"}],
             "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"}],
             "images": [{"uri": "\(png)"}], "textures": [{"source": 0}],
             "materials": [{"normalTexture": {"index": 0, "scale": 0.5}, "occlusionTexture": {"index": 0, "strength": 0.7}}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 0}]}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """, to: dir + "/bumpy.gltf")
        let material = try #require(try ModelImporter.load(path: dir + "/bumpy.gltf").materials.first)
        let normal = try #require(material.normalTexture), occlusion = try #require(material.occlusionTexture)
        #expect(material.normalScale == 0.5 && material.occlusionStrength == 0.7)
        #expect(normal.colorSpace == .linear && occlusion.colorSpace == .linear)
        #expect(normal.image.pixels == [128, 128, 255, 255])
        #expect(material.baseColorTexture == nil)
    }
}
