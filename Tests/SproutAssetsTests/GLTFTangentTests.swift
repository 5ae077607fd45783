import Foundation
import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// glTF asks for MikkTSpace tangents where a normal-mapped primitive has none (3.7.2.1). The
/// fixture's were computed by Blender 4.5 (MikkTSpace) and exported beside the normals and
/// coordinates they belong to (Fixtures/README.md): Sprout's, from the same three, must be
/// the same frames.
@Suite struct GLTFTangentTests {
    static let fixture = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/mikk-blender.glb"

    /// Every corner of a Suzanne (mirrored texture halves, seams, poles) and a UV sphere, within
    /// 2e-4 (Blender's exporter writes tangents and normals rounded to four decimals), the signs
    /// exactly. Left out: corners of triangles with no area in texture space, whose frame
    /// MikkTSpace gives from whichever group reaches them first ("the only existing order
    /// dependency", its source says), which an exporter's reordering of triangles changes.
    @Test func sproutsFramesAreBlenders() throws {
        let asset = try ModelImporter.load(path: Self.fixture, cache: nil)
        #expect(asset.meshes.count == 2)
        var frameless = 0
        for mesh in asset.meshes {
            #expect(mesh.tangents.count == mesh.vertexCount && mesh.triangleCount > 100)
            let uvs = mesh.uvs.map { Vec2($0.x, 1 - $0.y) }
            let computed = MikkTSpace.cornerTangents(positions: mesh.positions, normals: mesh.normals, uvs: uvs, indices: mesh.indices)
            var worst: Float = 0, signs = 0
            for (corner, index) in mesh.indices.enumerated() {
                let t = corner - corner % 3, a = uvs[Int(mesh.indices[t])], b = uvs[Int(mesh.indices[t + 1])], c = uvs[Int(mesh.indices[t + 2])]
                let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                guard area != 0 else {
                    frameless += 1
                    continue
                }
                let stored = mesh.tangents[Int(index)], ours = computed[corner]
                worst = max(worst, length(Vec3(stored.x, stored.y, stored.z) - Vec3(ours.x, ours.y, ours.z)))
                if stored.w != ours.w { signs += 1 }
            }
            #expect(signs == 0 && worst < 2e-4, "\(mesh.name): \(signs) signs differ, directions up to \(worst) apart")
            // Blender split its vertices where frames differ, so Sprout's need no further split.
            let framed = Mesh(positions: mesh.positions, normals: mesh.normals, uvs: mesh.uvs, indices: mesh.indices).withGeneratedTangents()
            #expect(framed.vertexCount == mesh.vertexCount)
        }
        #expect(frameless == 3)   // one triangle on Suzanne's mirror line
    }

    /// A normal-mapped square without `TANGENT`s gets MikkTSpace's (u along +x, v down the
    /// image along -y: the frame (+x, +1)); the same square without the texture gets none, and a
    /// second material reading `TEXCOORD_1` frames the second set (u along +y, up the image along
    /// -x: (+y, +1)).
    @Test func theImporterFramesNormalMappedPrimitivesWithoutTangents() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-tangents")
        try ImageFile.writePNG(Image(width: 1, height: 1, pixels: [128, 128, 255, 255]), to: dir + "/flat.png")
        var bytes = Data()
        let floats: [Float] =
            [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0] + [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1] + [0, 1, 1, 1, 1, 0, 0, 0]
            + [0, 0, 0, 1, 1, 1, 1, 0]
        for v in floats { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        for i: UInt16 in [0, 1, 2, 0, 2, 3] { withUnsafeBytes(of: i.littleEndian) { bytes.append(contentsOf: $0) } }
        let json = """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": 172, "uri": "data:application/octet-stream;base64,\(bytes.base64EncodedString())"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                             {"buffer": 0, "byteOffset": 96, "byteLength": 32}, {"buffer": 0, "byteOffset": 128, "byteLength": 32},
                             {"buffer": 0, "byteOffset": 160, "byteLength": 12}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC2"},
                           {"bufferView": 3, "componentType": 5126, "count": 4, "type": "VEC2"},
                           {"bufferView": 4, "componentType": 5123, "count": 6, "type": "SCALAR"}],
             "images": [{"uri": "flat.png"}], "textures": [{"source": 0}],
             "materials": [{"name": "bumpy", "normalTexture": {"index": 0}}, {"name": "plain"},
                           {"name": "second", "normalTexture": {"index": 0, "texCoord": 1}}],
             "meshes": [{"name": "bumpy", "primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}, "indices": 4, "material": 0}]},
                        {"name": "plain", "primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}, "indices": 4, "material": 1}]},
                        {"name": "second", "primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "TEXCOORD_1": 3},
                                                           "indices": 4, "material": 2}]}],
             "nodes": [{"mesh": 0}, {"mesh": 1}, {"mesh": 2}], "scenes": [{"nodes": [0, 1, 2]}], "scene": 0}
            """
        try Fixtures.write(json, to: dir + "/squares.gltf")
        let asset = try ModelImporter.load(path: dir + "/squares.gltf", cache: nil)
        let byName = Dictionary(asset.meshes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["bumpy"]?.tangents == Array(repeating: Vec4(1, 0, 0, 1), count: 4))
        #expect(byName["plain"]?.tangents.isEmpty == true)
        #expect(byName["second"]?.tangents == Array(repeating: Vec4(0, 1, 0, 1), count: 4))
    }
}
