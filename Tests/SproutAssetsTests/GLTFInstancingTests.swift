import Foundation
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// EXT_mesh_gpu_instancing: an instanced node's mesh arrives once per instance, at the node's
/// transform times the instance's translation, rotation and scale.
@Suite struct GLTFInstancingTests {
    /// One triangle (0,0,0), (1,0,0), (0,1,0) on node "grove", translated (0, 0, -1), with three
    /// instances: translations (1,0,0), (0,2,0), (0,0,3); rotations as normalised shorts, the
    /// second a quarter turn about +y; scales 1, 2, 1. `scaleCount` shortens the scale accessor;
    /// `morphed` gives the mesh a morph target (its own positions).
    func writeGrove(to folder: String, scaleCount: Int = 3, required: Bool = false, morphed: Bool = false) throws -> String {
        var bytes = Data()
        func put(_ values: [Float]) { for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } } }
        func put(shorts values: [Int16]) { for v in values { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } } }
        put([0, 0, 0, 1, 0, 0, 0, 1, 0])   // POSITION, 36 bytes at 0
        put([1, 0, 0, 0, 2, 0, 0, 0, 3])   // TRANSLATION, 36 at 36
        put(shorts: [0, 0, 0, 32767, 0, 23170, 0, 23170, 0, 0, 0, 32767])   // ROTATION, 24 at 72
        put([1, 1, 1, 2, 2, 2, 1, 1, 1])   // SCALE, 36 at 96
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["EXT_mesh_gpu_instancing"]\(required ? #", "extensionsRequired": ["EXT_mesh_gpu_instancing"]"# : ""),
             "buffers": [{"byteLength": \(bytes.count), "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 36},
                             {"buffer": 0, "byteOffset": 72, "byteLength": 24}, {"buffer": 0, "byteOffset": 96, "byteLength": 36}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5122, "normalized": true, "count": 3, "type": "VEC4"},
                           {"bufferView": 3, "componentType": 5126, "count": \(scaleCount), "type": "VEC3"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}\(morphed ? #", "targets": [{"POSITION": 0}]"# : "")}]\(morphed ? #", "weights": [0.5]"# : "")}],
             "nodes": [{"name": "grove", "mesh": 0, "translation": [0, 0, -1],
                        "extensions": {"EXT_mesh_gpu_instancing": {"attributes": {"TRANSLATION": 1, "ROTATION": 2, "SCALE": 3, "_ID": 1}}}}],
             "scenes": [{"nodes": [0]}], "scene": 0}
            """
        try Fixtures.write(json, to: folder + "/grove.gltf")
        return folder + "/grove.gltf"
    }

    @Test func eachInstanceIsTheNodesMeshAtItsOwnTransform() throws {
        let path = try writeGrove(to: try Fixtures.temporaryDirectory("gltf-instancing"), required: true)
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let grove = try #require(asset.root.findEntity(named: "grove"))
        #expect(grove.model == nil)
        #expect(grove.children.map(\.name) == ["grove instance 0", "grove instance 1", "grove instance 2"])
        let copies = grove.children.compactMap(\.model)
        #expect(copies.count == 3 && copies.allSatisfy { $0.parts[0].mesh === copies[0].parts[0].mesh })
        #expect(asset.meshes.count == 1)
        // The vertex (1, 0, 0): instance 0 moves it 1 along x, then the node 1 along -z: (2, 0, -1).
        let vertex = Vec4(1, 0, 0, 1)
        #expect((grove.children[0].worldMatrix * vertex).xyz == Vec3(2, 0, -1))
        // Instance 1: scaled 2 -> (2, 0, 0), a quarter turn about +y takes +x to -z -> (0, 0, -2),
        // up 2 -> (0, 2, -2), the node -> (0, 2, -3). The shorts 23170 / 32767 are normalised to 1/sqrt 2.
        let turned = (grove.children[1].worldMatrix * vertex).xyz
        #expect(distance(turned, Vec3(0, 2, -3)) < 1e-5, "\(turned)")
        #expect((grove.children[2].worldMatrix * vertex).xyz == Vec3(1, 0, 2))
    }

    @Test func attributesOfDifferentCountsAreRefusedNamingTheNode() throws {
        let path = try writeGrove(to: try Fixtures.temporaryDirectory("gltf-instancing-bad"), scaleCount: 2)
        #expect {
            try ModelImporter.load(path: path, cache: nil)
        } throws: {
            "\($0)" == "\(path): malformed model: nodes[0].extensions.EXT_mesh_gpu_instancing: attributes.ROTATION has 3 instances but attributes.SCALE 2"
        }
    }

    @Test func moreInstancesThanTheLimitAreRefused() throws {
        let path = try writeGrove(to: try Fixtures.temporaryDirectory("gltf-instancing-limit"))
        #expect {
            try ModelImporter.load(path: path, limits: ModelLimits(maximumNodeInstances: 2), cache: nil)
        } throws: {
            "\($0)" == "\(path): refused: more than 2 instances (EXT_mesh_gpu_instancing: nodes[0] declares 3)"
        }
        #expect {
            try ModelImporter.load(path: path, limits: ModelLimits(maximumTriangles: 2), cache: nil)
        } throws: {
            "\($0)" == "\(path): refused: more than 2 triangles drawn through EXT_mesh_gpu_instancing's instances"
        }
    }

    /// A morphed (or skinned) node keeps its one model: its pose belongs to its entity.
    @Test func aMorphedNodeIsDrawnOnceWithAWarning() throws {
        let path = try writeGrove(to: try Fixtures.temporaryDirectory("gltf-instancing-morphed"), morphed: true)
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings == ["\(path): has 1 skinned or morphed node(s) with EXT_mesh_gpu_instancing, which Sprout draws once each, at the node"])
        let grove = try #require(asset.root.findEntity(named: "grove"))
        #expect(grove.model?.morphWeights == [0.5] && grove.children.isEmpty)
    }

    /// Attribute accessors that cannot be read as the extension asks are named.
    @Test func unreadableAttributesAreNamed() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-instancing-unreadable")
        let path = try writeGrove(to: dir)
        let good = try String(contentsOfFile: path, encoding: .utf8)
        let cases = [
            (#""ROTATION": 2"#, #""ROTATION": 1"#, "attributes.ROTATION: accessor 1 is not a VEC4"),
            (#""TRANSLATION": 1"#, #""TRANSLATION": 9"#, "attributes.TRANSLATION: accessor 9 cannot be read"),
            (#""TRANSLATION": 1"#, #""TRANSLATION": "one""#, "attributes.TRANSLATION is not an accessor index")
        ]
        for (from, to, message) in cases {
            try Fixtures.write(good.replacingOccurrences(of: from, with: to), to: path)
            #expect {
                try ModelImporter.load(path: path, cache: nil)
            } throws: {
                "\($0)" == "\(path): malformed model: nodes[0].extensions.EXT_mesh_gpu_instancing: \(message)"
            }
        }
    }
}
