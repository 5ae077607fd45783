import Foundation
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// What the rewrite gives Assimp in place of what glTF allows and Assimp 5.2 refuses.
@Suite struct GLTFRewriteTests {
    /// A triangle whose NORMAL morph target, then one whose POSITION, is an accessor `target`
    /// (its JSON) appended after the triangle's positions and indices.
    private func triangle(target: String) -> String {
        OneTriangleGLTF.geometry.replacingOccurrences(
            of: #"{"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}]"#,
            with: #"{"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}, \#(target)]"#
        ).replacingOccurrences(of: #""indices": 1}]}]"#, with: #""indices": 1, "targets": [{"POSITION": 2}]}], "weights": [1]}]"#)
            + #" "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#
    }

    /// glTF 2.0 5.1.1: an accessor without a buffer view (or sparse values) is all zeros.
    /// Assimp 5.2 refused the file ("data is null when extracting data from accessors[2]").
    @Test func anAccessorWithoutDataIsZeros() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-zeros")
        let zeros = #"{"componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0, 0]}"#
        try Fixtures.write(triangle(target: zeros), to: dir + "/zeros.gltf")
        let asset = try ModelImporter.load(path: dir + "/zeros.gltf", cache: nil)
        let mesh = try #require(asset.root.firstEntity { $0.model != nil }?.model?.parts[0].mesh)
        #expect(mesh.positions == [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)])
        #expect(mesh.morphTargets.count == 1 && mesh.morphTargets[0].positionOffsets == [Vec3](repeating: .zero, count: 3))
    }

    /// Zeros are bounded as `GLTFBuffers` bounds them: 2^24 values, not what a count asks.
    @Test func zerosPastTheLimitAreRefusedNamingTheAccessor() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-zeros")
        let huge = #"{"componentType": 5126, "count": 100000000, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0, 0]}"#
        try Fixtures.write(triangle(target: huge), to: dir + "/huge.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/huge.gltf", cache: nil)
        } throws: { error in
            "\(error)" == dir
                + "/huge.gltf: malformed model: accessors[2] has no buffer view and 100000000 elements, more than the 16777216 values read as zeros"
        }
    }

    /// glTF 2.0 3.7.2.1: a primitive without POSITION is valid and skipped. Assimp 5.2 refused
    /// the file ("Mesh has no faces"); its other primitives are drawn and the skip is said once.
    @Test func aPrimitiveWithoutPositionsIsSkippedAndSaid() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-positionless")
        let twoPrimitives =
            OneTriangleGLTF.geometry.replacingOccurrences(
                of: #""indices": 1}]}]"#, with: #""indices": 1}, {"attributes": {"NORMAL": 0}, "indices": 1, "material": 0}]}]"#)
            + #" "materials": [{"name": "unseen"}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#
        try Fixtures.write(twoPrimitives, to: dir + "/two.gltf")
        let asset = try ModelImporter.load(path: dir + "/two.gltf", cache: nil)
        #expect(asset.triangleCount == 1)
        #expect(asset.root.descendants.compactMap(\.model).flatMap(\.parts).count == 1)
        #expect(
            asset.warnings == [
                dir + "/two.gltf: has 1 primitive(s) without POSITION, which glTF skips: not drawn (the first: meshes[0].primitives[1])"
            ])
        // A scene whose every primitive lacks positions has nothing to draw, and says why.
        let none =
            OneTriangleGLTF.geometry.replacingOccurrences(of: #""POSITION": 0"#, with: #""NORMAL": 0"#)
            + #" "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#
        try Fixtures.write(none, to: dir + "/none.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/none.gltf", cache: nil)
        } throws: { error in
            "\(error)" == dir
                + "/none.gltf: cannot import model: its default scene, scenes[0], draws 1 mesh(es) none of whose primitives has POSITION, so nothing to draw"
        }
        // A node naming a mesh the file does not have is malformed, not positionless: Assimp says so.
        try Fixtures.write(#"{"asset": {"version": "2.0"}, "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#, to: dir + "/missing.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/missing.gltf", cache: nil)
        } throws: { error in
            "\(error)".contains("meshes") && !"\(error)".contains("POSITION")
        }
    }
}
