import Foundation
import SproutMath
import SproutScene
@testable import SproutImage
import SproutTesting
import Testing
@testable import SproutAssets

/// KHR_mesh_quantization and EXT_meshopt_compression (what gltfpack writes): the file is read
/// rewritten (`GLTFRewrite`), integer attributes as floats and compressed views decoded; and
/// KHR_draco_mesh_compression (what Blender writes when asked), which Assimp decodes; and
/// EXT_texture_webp's images, which become their textures' sources.
@Suite struct GLTFCompressionTests {
    /// A quad, 1 m square: corners (0, 0), (100, 0), (100, 100), (0, 100) as shorts under a node
    /// scaled 0.01, normals as normalised bytes, texture coordinates as normalised unsigned shorts.
    func writeQuantizedQuad(to folder: String) throws -> String {
        var binary: [UInt8] = []
        func put<T: FixedWidthInteger>(_ values: [T]) { for v in values { withUnsafeBytes(of: v.littleEndian) { binary += $0 } } }
        put([Int16(0), 0, 0, 0, 100, 0, 0, 0, 100, 100, 0, 0, 0, 100, 0, 0])   // POSITION, padded to 8 bytes a vertex: 32 at 0
        put([Int8(0), 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0])   // NORMAL, 4 a vertex: 16 at 32
        put([UInt16(0), 0, 65535, 0, 65535, 32768, 0, 65535])   // TEXCOORD_0: 16 at 48
        put([UInt16(0), 1, 2, 0, 2, 3])   // indices: 12 at 64
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_mesh_quantization"], "extensionsRequired": ["KHR_mesh_quantization"],
             "buffers": [{"byteLength": \(binary.count)}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 32, "byteStride": 8}, {"buffer": 0, "byteOffset": 32, "byteLength": 16, "byteStride": 4},
                             {"buffer": 0, "byteOffset": 48, "byteLength": 16}, {"buffer": 0, "byteOffset": 64, "byteLength": 12}],
             "accessors": [{"bufferView": 0, "componentType": 5122, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [100, 100, 0]},
                           {"bufferView": 1, "componentType": 5120, "normalized": true, "count": 4, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5123, "normalized": true, "count": 4, "type": "VEC2"},
                           {"bufferView": 3, "componentType": 5123, "count": 6, "type": "SCALAR"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}, "indices": 3}]}],
             "nodes": [{"name": "quad", "mesh": 0, "scale": [0.01, 0.01, 0.01]}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        return try write(json, binary: binary, to: folder + "/quad.glb")
    }

    func write(_ json: String, binary: [UInt8], to path: String) throws -> String {
        try Fixtures.write(try GLTFJSON.glb(try JSONDecoder().decode(GLTFJSON.self, from: Data(json.utf8)), binary: binary), to: path)
        return path
    }

    @Test func quantizedAttributesArriveAsTheirValues() throws {
        let path = try writeQuantizedQuad(to: try Fixtures.temporaryDirectory("gltf-quantized"))
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let mesh = try #require(asset.meshes.first)
        // Shorts as they are (the node's scale makes them metres), bytes / 127, unsigned shorts
        // / 65535 (glTF 3.11).
        #expect(mesh.positions == [Vec3(0, 0, 0), Vec3(100, 0, 0), Vec3(100, 100, 0), Vec3(0, 100, 0)])
        #expect(mesh.normals == Array(repeating: Vec3(0, 0, 1), count: 4))
        #expect(mesh.uvs == [Vec2(0, 0), Vec2(1, 0), Vec2(1, Float(32768) / 65535), Vec2(0, 1)])
        #expect(mesh.indices == [0, 1, 2, 0, 2, 3])
        let quad = try #require(asset.root.findEntity(named: "quad"))
        #expect((quad.worldMatrix * Vec4(100, 100, 0, 1)).xyz == Vec3(1, 1, 0))
    }

    /// glTF 2.0 itself (3.7.2.1), without KHR_mesh_quantization, lets TEXCOORD_n and WEIGHTS_n be
    /// normalised unsigned bytes or shorts; Assimp 5.2 copies such bytes into floats as they are,
    /// so the file is read rewritten as for the extension: coordinates / 65535, weights / 255.
    @Test func normalisedIntegerCoordinatesAndWeightsOfPlainGLTFArriveAsTheirValues() throws {
        var binary: [UInt8] = []
        func put<T: FixedWidthInteger>(_ values: [T]) { for v in values { withUnsafeBytes(of: v.littleEndian) { binary += $0 } } }
        for value: Float in [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0] { put([value.bitPattern]) }   // POSITION: 48 at 0
        put([UInt16(0), 0, 65535, 0, 65535, 32768, 0, 65535])   // TEXCOORD_0: 16 at 48
        put([UInt8(0), 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0])   // JOINTS_0: 16 at 64
        put([UInt8(255), 0, 0, 0, 128, 127, 0, 0, 0, 255, 0, 0, 51, 204, 0, 0])   // WEIGHTS_0: 16 at 80
        put([UInt16(0), 1, 2, 0, 2, 3])   // indices: 12 at 96, padded to 108
        put([UInt16(0), 0])
        for matrix in [Matrix4.identity, Matrix4.identity] { for value in matrix.flat { put([value.bitPattern]) } }   // 128 at 112
        let json = """
            {"asset": {"version": "2.0"},
             "buffers": [{"byteLength": \(binary.count)}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 16},
                             {"buffer": 0, "byteOffset": 64, "byteLength": 16}, {"buffer": 0, "byteOffset": 80, "byteLength": 16},
                             {"buffer": 0, "byteOffset": 96, "byteLength": 12}, {"buffer": 0, "byteOffset": 112, "byteLength": 128}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5123, "normalized": true, "count": 4, "type": "VEC2"},
                           {"bufferView": 2, "componentType": 5121, "count": 4, "type": "VEC4"},
                           {"bufferView": 3, "componentType": 5121, "normalized": true, "count": 4, "type": "VEC4"},
                           {"bufferView": 4, "componentType": 5123, "count": 6, "type": "SCALAR"},
                           {"bufferView": 5, "componentType": 5126, "count": 2, "type": "MAT4"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "JOINTS_0": 2, "WEIGHTS_0": 3}, "indices": 4}]}],
             "skins": [{"joints": [1, 2], "inverseBindMatrices": 5}],
             "nodes": [{"name": "quad", "mesh": 0, "skin": 0, "children": [1, 2]}, {"name": "a"}, {"name": "b"}],
             "scenes": [{"nodes": [0]}], "scene": 0}
            """
        let path = try write(json, binary: binary, to: try Fixtures.temporaryDirectory("gltf-normalised") + "/quad.glb")
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let mesh = try #require(asset.meshes.first)
        // Compared corner by corner (Assimp gives a skinned mesh's corners vertices of their own).
        let fileIndices = [0, 1, 2, 0, 2, 3]
        #expect(mesh.indices.count == fileIndices.count)
        let uvs = [Vec2(0, 0), Vec2(1, 0), Vec2(1, Float(32768) / 65535), Vec2(0, 1)]
        // Strongest first, summing to 1: joint a alone, 128 / 255 of a and 127 / 255 of b, b alone, 204 / 255 of b and 51 / 255 of a.
        let influences: [(joints: SIMD2<UInt16>, weights: Vec4)] = [
            (SIMD2(0, 0), Vec4(1, 0, 0, 0)), (SIMD2(0, 1), Vec4(128.0 / 255, 127.0 / 255, 0, 0)),
            (SIMD2(1, 0), Vec4(1, 0, 0, 0)), (SIMD2(1, 0), Vec4(204.0 / 255, 51.0 / 255, 0, 0))
        ]
        for (corner, index) in mesh.indices.enumerated() where corner < fileIndices.count {
            let v = Int(index), file = fileIndices[corner]
            #expect(mesh.uvs[v] == uvs[file], "corner \(corner)")
            let (joints, weights) = influences[file]
            #expect(mesh.joints[0][v].x == joints.x && (weights.y == 0 || mesh.joints[0][v].y == joints.y), "corner \(corner): \(mesh.joints[0][v])")
            #expect(length(mesh.weights[0][v] - weights) < 1e-6, "corner \(corner): \(mesh.weights[0][v])")
        }
    }

    /// Integer colours alone ask for no rewrite (Assimp 5.2 reads them, VertexColorTest's among
    /// them); integer coordinates or weights do.
    @Test func onlyAttributesAssimpMisreadsAskForARewrite() throws {
        func document(_ attribute: String, componentType: Int) throws -> GLTFJSON {
            let json = """
                {"asset": {"version": "2.0"}, "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}, {"bufferView": 1, "componentType": \(componentType), "normalized": true, "count": 3, "type": "VEC4"}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "\(attribute)": 1}}]}]}
                """
            return try JSONDecoder().decode(GLTFJSON.self, from: Data(json.utf8))
        }
        #expect(!GLTFRewrite.isNeeded(for: try document("COLOR_0", componentType: 5121)))
        #expect(GLTFRewrite.isNeeded(for: try document("TEXCOORD_0", componentType: 5123)))
        #expect(GLTFRewrite.isNeeded(for: try document("WEIGHTS_0", componentType: 5121)))
        #expect(!GLTFRewrite.isNeeded(for: try document("JOINTS_0", componentType: 5121)))
        #expect(!GLTFRewrite.isNeeded(for: try document("COLOR_0", componentType: 5126)))
        // An accessor without a buffer view is zeros, which Assimp refuses (`GLTFRewriteTests`).
        let zeros = try JSONDecoder().decode(
            GLTFJSON.self,
            from: Data(
                #"{"accessors": [{"componentType": 5126, "count": 3, "type": "VEC3"}], "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}]}"#.utf8))
        #expect(GLTFRewrite.isNeeded(for: zeros))
        // One no mesh, animation or skin names is not made.
        let unused = try JSONDecoder().decode(GLTFJSON.self, from: Data(#"{"accessors": [{"componentType": 5126, "count": 3, "type": "VEC3"}]}"#.utf8))
        #expect(!GLTFRewrite.isNeeded(for: unused))
    }

    /// The same quad in metres as gltfpack -c writes it: positions as floats and indices, each a
    /// compressed view (ATTRIBUTES, TRIANGLES) of a buffer whose fallback has no data; normals
    /// tilted, as OCTAHEDRAL-filtered bytes (quantized too).
    func writeCompressedQuad(to folder: String, mode: String = "ATTRIBUTES", truncate: Bool = false, count: Int = 4) throws -> (path: String, normal: Vec3) {
        let positions: [Float] = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]
        let normal = normalize(Vec3(0.3, 0.4, 0.866))
        var binary: [UInt8] = []
        var views: [String] = []
        func view(_ compressed: [UInt8], length: Int, stride: Int, count: Int, mode: String, filter: String = "NONE") {
            let offset = binary.count
            binary += compressed + Array(repeating: 0, count: (4 - compressed.count % 4) % 4)
            views.append(
                """
                {"buffer": 1, "byteLength": \(length)\(mode == "ATTRIBUTES" ? ", \"byteStride\": \(stride)" : ""), "extensions": {"EXT_meshopt_compression":
                  {"buffer": 0, "byteOffset": \(offset), "byteLength": \(truncate ? compressed.count / 2 : compressed.count), "byteStride": \(stride), "count": \(count), "mode": "\(mode)", "filter": "\(filter)"}}}
                """)
        }
        let positionBytes = positions.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        view(try MeshoptCodec.encode(vertices: positionBytes, stride: 12), length: 48, stride: 12, count: count, mode: mode)
        let octahedral = try MeshoptCodec.encodeOctahedral(Array((0..<4).map { _ in [normal.x, normal.y, normal.z, 0] }.joined()), bits: 8)
        view(try MeshoptCodec.encode(vertices: octahedral, stride: 4), length: 16, stride: 4, count: 4, mode: "ATTRIBUTES", filter: "OCTAHEDRAL")
        view(try MeshoptCodec.encode(triangles: [0, 1, 2, 0, 2, 3], vertexCount: 4), length: 12, stride: 2, count: 6, mode: "TRIANGLES")
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["EXT_meshopt_compression", "KHR_mesh_quantization"],
             "extensionsRequired": ["EXT_meshopt_compression", "KHR_mesh_quantization"],
             "buffers": [{"byteLength": \(binary.count)}, {"byteLength": 76, "extensions": {"EXT_meshopt_compression": {"fallback": true}}}],
             "bufferViews": [\(views.joined(separator: ", "))],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5120, "normalized": true, "count": 4, "type": "VEC3"},
                           {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2}]}],
             "nodes": [{"name": "quad", "mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        return (try write(json, binary: binary, to: folder + "/packed.glb"), normal)
    }

    @Test func meshoptCompressedViewsAreDecoded() throws {
        let (path, normal) = try writeCompressedQuad(to: try Fixtures.temporaryDirectory("gltf-meshopt"))
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let mesh = try #require(asset.meshes.first)
        #expect(mesh.positions == [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)])
        #expect(mesh.indices == [0, 1, 2, 0, 2, 3])
        // Eight-bit octahedral coordinates, then bytes / 127: within a degree of the normal.
        let cosineOfOneDegree: Float = 0.9998477
        #expect(mesh.normals.allSatisfy { dot(normalize($0), normal) > cosineOfOneDegree }, "\(mesh.normals)")
    }

    /// KHR_meshopt_compression, as gltfpack -ce khr writes it: the quad's positions as a
    /// version 1 attribute stream and its vertex colours through the COLOR filter (each written
    /// by meshoptimizer's own encoder, its source at b5b2c439: the colours (1, 0, 0, 1),
    /// (0, 1, 0, 1), (0, 0, 1, 1), (1, 1, 1, 0.5) with K = 8), indices as TRIANGLES. The colours
    /// come back as the reference decoder gives them, one unit off at most (the extension's
    /// tolerance): (254, 1, 0, 255), (0, 254, 0, 255), (1, 0, 255, 255), (255, 255, 255, 128).
    @Test func khrMeshoptCompressedViewsAreDecoded() throws {
        let positions: [UInt8] = [
            161, 250, 234, 170, 0, 0, 0, 255, 0, 127, 0, 126, 0, 0, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0
        ]
        let colors: [UInt8] = [
            161, 255, 0, 126, 125, 129, 0, 253, 253, 254, 0, 131, 130, 128, 0, 0, 0, 125, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 64, 127, 193, 255, 0
        ]
        let indices = try MeshoptCodec.encode(triangles: [0, 1, 2, 0, 2, 3], vertexCount: 4)
        var binary: [UInt8] = [], views: [String] = []
        for (stream, length, stride, count, mode, filter) in [
            (positions, 48, 12, 4, "ATTRIBUTES", "NONE"), (colors, 16, 4, 4, "ATTRIBUTES", "COLOR"), (indices, 12, 2, 6, "TRIANGLES", "NONE")
        ] {
            views.append(
                """
                {"buffer": 1, "byteLength": \(length), "extensions": {"KHR_meshopt_compression": {"buffer": 0, "byteOffset": \(binary.count),
                 "byteLength": \(stream.count), "byteStride": \(stride), "count": \(count), "mode": "\(mode)", "filter": "\(filter)"}}}
                """)
            binary += stream + Array(repeating: 0, count: (4 - stream.count % 4) % 4)
        }
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_meshopt_compression"], "extensionsRequired": ["KHR_meshopt_compression"],
             "buffers": [{"byteLength": \(binary.count)}, {"byteLength": 76, "extensions": {"KHR_meshopt_compression": {"fallback": true}}}],
             "bufferViews": [\(views.joined(separator: ", "))],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5121, "normalized": true, "count": 4, "type": "VEC4"},
                           {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "COLOR_0": 1}, "indices": 2}]}],
             "nodes": [{"name": "quad", "mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        let path = try write(json, binary: binary, to: try Fixtures.temporaryDirectory("gltf-khr-meshopt") + "/packed.glb")
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let mesh = try #require(asset.meshes.first)
        // No normals: each triangle its own corners, to be flat as glTF asks (the corners 0, 1, 2, 0, 2, 3).
        let corners = [0, 1, 2, 0, 2, 3]
        #expect(mesh.positions == corners.map { [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)][$0] })
        let colours: [Vec4] = [Vec4(254, 1, 0, 255), Vec4(0, 254, 0, 255), Vec4(1, 0, 255, 255), Vec4(255, 255, 255, 128)]
        let expected = corners.map { colours[$0] / 255 }
        #expect(mesh.colors.count == 6)
        #expect(zip(mesh.colors, expected).allSatisfy { a, b in (0..<4).allSatisfy { abs(a[$0] - b[$0]) <= 1.01 / 255 } }, "\(mesh.colors)")
    }

    @Test func brokenCompressedViewsAreNamed() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-meshopt-broken")
        let field = "bufferViews[0].extensions.EXT_meshopt_compression"
        let truncated = try writeCompressedQuad(to: dir, truncate: true).path
        #expect {
            try ModelImporter.load(path: truncated, cache: nil)
        } throws: {
            "\($0)".hasPrefix("\(truncated): malformed model: \(field): its ")
                && "\($0)".hasSuffix(" bytes are not a valid ATTRIBUTES stream of 4 elements of 12 bytes")
        }
        let badMode = try writeCompressedQuad(to: dir, mode: "VERTICES").path
        // A count far past what the bytes can hold (a 1 GiB buffer asked of a few bytes) is refused before decoding.
        let huge = try writeCompressedQuad(to: try Fixtures.temporaryDirectory("gltf-meshopt-huge"), count: 20_000_000).path
        #expect {
            try ModelImporter.load(path: huge, cache: nil)
        } throws: {
            "\($0)".hasPrefix("\(huge): malformed model: \(field): ") && "\($0)".hasSuffix(" bytes cannot hold 20000000 elements of 12 bytes")
        }
        let bad = ModelImportError.malformed(path: badMode, reason: "\(field): mode VERTICES is not ATTRIBUTES, TRIANGLES or INDICES")
        #expect(throws: bad) { try ModelImporter.load(path: badMode, cache: nil) }
        #expect(throws: bad) { try ModelImporter.preflight(path: badMode) }   // the fuzz target's entry point
    }

    /// Sprout's tulip (its smallest level) as Blender writes it with Draco (Fixtures/README.md):
    /// the same triangles, at positions within the 14-bit quantization of the original's.
    @Test func dracoCompressedMeshesAreDecoded() throws {
        let compressed = try ModelImporter.load(path: Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/tulip-draco.glb", cache: nil)
        let original = try ModelImporter.load(path: Fixtures.assetsDirectory + "/plants/tulip.lod2.glb", cache: nil)
        #expect(compressed.warnings.isEmpty, "\(compressed.warnings)")
        #expect(compressed.triangleCount == original.triangleCount && compressed.triangleCount > 0)
        let a = compressed.root.visualBounds(), b = original.root.visualBounds()
        // 14 bits over the model's largest extent (about 0.2 m here): 0.2 / 16383 = 12 micrometres a step.
        let step = max(b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z) / 16383
        let low: Vec3 = a.min - b.min, high: Vec3 = a.max - b.max
        #expect(max(low.max(), -low.min(), high.max(), -high.min()) <= step, "\(a) against \(b)")
    }

    /// A Draco buffer with bytes overwritten: Draco's reason, through Assimp, names the primitive.
    @Test func aBrokenDracoBufferIsNamed() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-draco-broken")
        var bytes = try Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/tulip-draco.glb")
        let jsonLength = (12..<16).reduce(0) { $0 | Int(bytes[$1]) << (8 * ($1 - 12)) }
        for i in stride(from: 20 + jsonLength + 8 + 40, to: bytes.count, by: 7) { bytes[i] = 0 }   // the binary chunk, past its first view's start
        try Fixtures.write(bytes, to: dir + "/broken.glb")
        #expect {
            try ModelImporter.load(path: dir + "/broken.glb", cache: nil)
        } throws: {
            "\($0)".contains("Invalid Draco mesh compression in mesh")
        }
    }

    /// A quad whose base colour texture is a WebP image named only by EXT_texture_webp (no
    /// fallback, the extension required): the texture arrives with the image's pixels.
    @Test func webPTexturesAreTheirTexturesSources() throws {
        let pixels = Image(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
        let texture = try quadTexture(image: try WebPCodec.encodeLossless(pixels), extension: "EXT_texture_webp", mimeType: "image/webp")
        #expect(texture.image.width == 2 && texture.image.pixels == pixels.pixels)
    }

    /// The same with EXT_texture_avif: the fixture's lossless AVIF arrives whole.
    @Test func avifTexturesAreTheirTexturesSources() throws {
        let avif = try Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/quad-lossless.avif")
        let texture = try quadTexture(image: avif, extension: "EXT_texture_avif", mimeType: "image/avif")
        #expect(texture.image.width == 8 && texture.image.height == 8)
        #expect(Array(texture.image.pixels.prefix(8)) == [255, 255, 128, 255, 255, 255, 128, 128])
    }

    /// KHR_texture_basisu without a fallback (what gltfpack -tc writes): the ETC1S texture
    /// arrives as Basis Universal's own decoder decodes it (SproutImageTests' fixture).
    @Test func basisUniversalTexturesAreTheirTexturesSources() throws {
        let fixtures = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
        let texture = try quadTexture(image: try Fixtures.read(fixtures + "etc1s-opaque.ktx2"), extension: "KHR_texture_basisu", mimeType: "image/ktx2")
        let expected = try ImageCodec.decode(try Fixtures.read(fixtures + "etc1s-opaque.expected.png"), source: "expected")
        #expect(texture.image.width == 16 && texture.image.height == 12 && texture.image.pixels == expected.pixels)
    }

    /// A UASTC texture (under Zstandard, as basisu writes it) is decoded to Basis Universal's own
    /// pixels; with a fallback `source` the fallback is drawn (the same picture before lossy
    /// compression). A KTX2 texture Sprout does not decode refuses the file, naming what it uses.
    @Test func aUASTCTextureIsDecodedUnlessThereIsAFallback() throws {
        let fixtures = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
        let uastc = try quadTexture(image: try Fixtures.read(fixtures + "uastc-zstd.ktx2"), extension: "KHR_texture_basisu", mimeType: "image/ktx2")
        let expected = try ImageCodec.decode(try Fixtures.read(fixtures + "uastc.expected.png"), source: "expected")
        #expect(uastc.image.width == 8 && uastc.image.height == 8 && uastc.image.pixels == expected.pixels)
        let red = try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [255, 0, 0, 255]))
        let texture = try quadTexture(
            image: try Fixtures.read(fixtures + "uastc-raw.ktx2"), extension: "KHR_texture_basisu", mimeType: "image/ktx2", fallback: red)
        #expect(texture.image.pixels == [255, 0, 0, 255])
        var zlib = try Fixtures.read(fixtures + "uastc-raw.ktx2")
        zlib[44] = 3   // KTX 2.0 supercompressionScheme: ZLIB
        #expect {
            _ = try quadTexture(image: zlib, extension: "KHR_texture_basisu", mimeType: "image/ktx2")
        } throws: {
            "\($0)".contains("supercompression scheme 3 (ZLIB), which Sprout does not decode")
        }
    }

    /// MSFT_texture_dds: a BC7 DDS image without a fallback is decoded (to the pixels of the
    /// fixture's reference); with a fallback `source` the fallback is drawn.
    @Test func aDDSTextureIsDecodedUnlessThereIsAFallback() throws {
        let fixtures = Fixtures.repositoryRoot + "/Tests/SproutImageTests/Fixtures/"
        let dds = try quadTexture(image: try Fixtures.read(fixtures + "dds-bc7.dds"), extension: "MSFT_texture_dds", mimeType: "image/vnd-ms.dds")
        let expected = try ImageCodec.decode(try Fixtures.read(fixtures + "dds-bc7.expected.png"), source: "expected")
        #expect(dds.image.width == expected.width && dds.image.height == expected.height && dds.image.pixels == expected.pixels)
        let red = try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [255, 0, 0, 255]))
        let texture = try quadTexture(
            image: try Fixtures.read(fixtures + "dds-bc7.dds"), extension: "MSFT_texture_dds", mimeType: "image/vnd-ms.dds", fallback: red)
        #expect(texture.image.pixels == [255, 0, 0, 255])
    }

    /// The base colour texture of a quad whose texture names `image` only through `name` (no
    /// fallback, the extension required), as imported.
    /// `fallback`, when given, is a PNG the texture names as its own `source`.
    func quadTexture(image: [UInt8], extension name: String, mimeType: String, fallback: [UInt8]? = nil) throws -> Texture {
        var binary: [UInt8] = []
        for v: Float in [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1] { withUnsafeBytes(of: v.bitPattern.littleEndian) { binary += $0 } }
        for i: UInt16 in [0, 1, 2, 0, 2, 3] { withUnsafeBytes(of: i.littleEndian) { binary += $0 } }
        binary += image
        binary += repeatElement(0, count: (4 - binary.count % 4) % 4)
        let fallbackOffset = binary.count
        binary += fallback ?? []
        let fallbackView = fallback.map { #", {"buffer": 0, "byteOffset": \#(fallbackOffset), "byteLength": \#($0.count)}"# } ?? ""
        let fallbackImage = fallback == nil ? "" : #", {"bufferView": 4, "mimeType": "image/png"}"#
        let fallbackSource = fallback == nil ? "" : #""source": 1, "#
        let json = """
            {"asset": {"version": "2.0"}, "extensionsUsed": ["\(name)"], "extensionsRequired": ["\(name)"],
             "buffers": [{"byteLength": \(binary.count)}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 32},
                             {"buffer": 0, "byteOffset": 80, "byteLength": 12}, {"buffer": 0, "byteOffset": 92, "byteLength": \(image.count)}\(fallbackView)],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                           {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC2"},
                           {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"}],
             "images": [{"bufferView": 3, "mimeType": "\(mimeType)"}\(fallbackImage)],
             "textures": [{\(fallbackSource)"extensions": {"\(name)": {"source": 0}}}],
             "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2, "material": 0}]}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
            """
        let path = try write(json, binary: binary, to: try Fixtures.temporaryDirectory("gltf-image-extension") + "/quad.glb")
        let asset = try ModelImporter.load(path: path, cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        return try #require(asset.materials.first?.baseColorTexture)
    }
}
