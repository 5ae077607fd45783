import Foundation
import SproutTesting
import Testing
@testable import SproutAssets

/// What Assimp 5.2 reads from an FBX geometry's layers and videos without a guard, found by
/// mutation under AddressSanitizer: a layer mapped `ByVertice` through more `IndexToDirect`
/// indices than the geometry has control points (a SEGV), and a video's embedded content that
/// is not base64 (freed twice). Refused, binary or ASCII; the SDK's own form of such a layer,
/// which Assimp drops, is said.
@Suite struct FBXLayersTests {
    /// A cube of 8 control points and 6 quads (24 polygon corners) whose UV layer is mapped
    /// `mapping` through `indices` IndexToDirect indices, in ASCII FBX 7.4.
    static func asciiCube(mapping: String, indices: Int, video: String = "") -> String {
        let corners = "0,1,3,-3,4,5,7,-7,0,1,5,-5,2,3,7,-7,0,2,6,-5,1,3,7,-6"
        let list = (0..<indices).map { "\($0 % 4)" }.joined(separator: ",")
        return """
            ; FBX 7.4.0 project file
            Objects:  {
            \(video)\tGeometry: 1000, "Geometry::Cube", "Mesh" {
            \t\tVertices: *24 {
            \t\t\ta: 0,0,0,1,0,0,0,1,0,1,1,0,0,0,1,1,0,1,0,1,1,1,1,1
            \t\t}
            \t\tPolygonVertexIndex: *24 {
            \t\t\ta: \(corners)
            \t\t}
            \t\tLayerElementUV: 0 {
            \t\t\tMappingInformationType: "\(mapping)"
            \t\t\tReferenceInformationType: "IndexToDirect"
            \t\t\tUV: *8 {
            \t\t\t\ta: 0,0,1,0,1,1,0,1
            \t\t\t}
            \t\t\tUVIndex: *\(indices) {
            \t\t\t\ta: \(list)
            \t\t\t}
            \t\t}
            \t}
            }
            Connections:  {
            \tC: "OO",1000,0
            }

            """
    }

    /// The preflight's refusal of `text`, or what it says Assimp drops, one line each.
    private func check(_ text: String, _ name: String) throws -> String {
        let dir = try Fixtures.temporaryDirectory("fbx-layers")
        try Fixtures.write(text, to: dir + "/" + name)
        do { return try ModelPreflight.check(dir + "/" + name, shownAs: name, fileExtension: "fbx", limits: .standard).joined(separator: "\n") } catch {
            return "\(error)"
        }
    }

    @Test func aByVerticeLayerWithMoreIndicesThanControlPointsIsRefused() throws {
        let refused = try check(Self.asciiCube(mapping: "ByVertice", indices: 24), "past.fbx")
        #expect(
            refused
                == "past.fbx: malformed model: geometry 'Cube' maps its UV layer ByVertice through 24 IndexToDirect indices, more than its 8 control points (Assimp 5.2 reads past its tables)"
        )
        // One index a control point, as the FBX SDK writes it: Assimp reads none of it.
        let dropped = try check(Self.asciiCube(mapping: "ByVertice", indices: 8), "sdk.fbx")
        #expect(
            dropped
                == "geometry 'Cube': its UV layer, mapped ByVertice through IndexToDirect indices, is dropped (Assimp 5.2 reads such indices as one per polygon corner)"
        )
        #expect(try check(Self.asciiCube(mapping: "ByPolygonVertex", indices: 24), "corners.fbx") == "")
    }

    /// The same cube in binary FBX 7.4: records nest as the ASCII braces do.
    @Test func theBinaryLayersAreReadAlike() throws {
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        func string(_ s: String) -> [UInt8] { [UInt8(ascii: "S")] + u32(s.utf8.count) + Array(s.utf8) }
        func doubles(_ count: Int) -> [UInt8] { [UInt8(ascii: "d")] + u32(count) + u32(0) + u32(count * 8) + [UInt8](repeating: 0, count: count * 8) }
        func ints(_ values: [Int32]) -> [UInt8] {
            [UInt8(ascii: "i")] + u32(values.count) + u32(0) + u32(values.count * 4) + values.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
        }
        /// A record starting at `offset`, its children laid out after its properties.
        func record(_ name: String, _ properties: [[UInt8]], at offset: Int, children: [(Int) -> [UInt8]] = []) -> [UInt8] {
            let props = properties.flatMap { $0 }
            var body: [UInt8] = []
            let start = offset + 13 + name.utf8.count + props.count
            for child in children { body += child(start + body.count) }
            if !children.isEmpty { body += [UInt8](repeating: 0, count: 13) }
            return u32(start + body.count) + u32(properties.count) + u32(props.count) + [UInt8(name.utf8.count)] + Array(name.utf8) + props + body
        }
        func cube(indices: Int) -> [UInt8] {
            let corners: [Int32] = [0, 1, 3, -3, 4, 5, 7, -7, 0, 1, 5, -5, 2, 3, 7, -7, 0, 2, 6, -5, 1, 3, 7, -6]
            let layer: (Int) -> [UInt8] = {
                record(
                    "LayerElementUV", [[UInt8(ascii: "I")] + u32(0)], at: $0,
                    children: [
                        { record("MappingInformationType", [string("ByVertice")], at: $0) },
                        { record("ReferenceInformationType", [string("IndexToDirect")], at: $0) },
                        { record("UV", [doubles(8)], at: $0) },
                        { record("UVIndex", [ints((0..<indices).map { Int32($0 % 4) })], at: $0) }
                    ])
            }
            let geometry: (Int) -> [UInt8] = {
                record(
                    "Geometry", [[UInt8(ascii: "L")] + u32(1000) + u32(0), string("Cube\0\u{1}Geometry"), string("Mesh")], at: $0,
                    children: [{ record("Vertices", [doubles(24)], at: $0) }, { record("PolygonVertexIndex", [ints(corners)], at: $0) }, layer])
            }
            let head = FBXConnections.binaryMagic + [0x1A, 0x00] + u32(7400)
            let objects = record("Objects", [], at: head.count, children: [geometry])
            return head + objects + [UInt8](repeating: 0, count: 13) + [UInt8](repeating: 0xFA, count: 40)   // the null record, a footer
        }
        let dir = try Fixtures.temporaryDirectory("fbx-layers-binary")
        try Data(cube(indices: 24)).write(to: URL(fileURLWithPath: dir + "/past.fbx"))
        let error = #expect(throws: ModelImportError.self) { try ModelImporter.preflight(path: dir + "/past.fbx") }
        #expect(
            "\(error!)".hasSuffix(
                "geometry 'Cube' maps its UV layer ByVertice through 24 IndexToDirect indices, more than its 8 control points (Assimp 5.2 reads past its tables)"
            ))
        try Data(cube(indices: 8)).write(to: URL(fileURLWithPath: dir + "/sdk.fbx"))
        let said = try ModelPreflight.check(dir + "/sdk.fbx", shownAs: "sdk.fbx", fileExtension: "fbx", limits: .standard)
        #expect(said.count == 1 && said[0].hasPrefix("geometry 'Cube': its UV layer, mapped ByVertice"), "\(said)")
    }

    /// Assimp allocates the length it computes from a token and decodes into it without a bound:
    /// a character outside base64, an `=` before the end or a length that decodes longer than
    /// computed ("AAA==": 1 byte allocated, 2 decoded) made it free the content twice.
    @Test func aVideosContentThatIsNotBase64IsRefused() throws {
        func video(_ content: String) -> String {
            "\tVideo: 4600, \"Video::Tex\", \"Clip\" {\n\t\tType: \"Clip\"\n\t\tContent: \(content)\n\t}\n"
        }
        let refusal = "malformed model: video 'Tex' holds embedded content that is not a quoted base64 string (Assimp 5.2 frees such content twice)"
        for (content, refused) in [
            ("\"!!!!####=====\"", true), ("\"iVBORw0KGgo=\", B", true), ("\"AAA==\"", true), ("\"AA=A\"", true), ("\"AAAA\n\"", true),
            ("\"iVBORw0KGgo=\"", false), (",\n\t\t\"iVBO\",\n\t\t\"Rw0K\"", false), ("\"A=\"", false), ("\"\"", false)
        ] {
            let result = try check(Self.asciiCube(mapping: "ByPolygonVertex", indices: 24, video: video(content)), "video.fbx")
            #expect(result == (refused ? "video.fbx: \(refusal)" : ""), "\(content)")
        }
        // "Content" outside a video is not read as one.
        #expect(try check(Self.asciiCube(mapping: "ByPolygonVertex", indices: 24, video: "\tContent: \"!!\"\n"), "other.fbx") == "")
    }
}

/// The third mutation round: files the scans read otherwise than Assimp 5.2 does, each of which
/// crashed it past the first two rounds' checks. The scans now read as Assimp reads: its line
/// ends (`\f` ends a comment, NUL the text), the first of a repeated key, a class named by any
/// start of its name ("Geo" is a geometry, "V" a video), every connection type but "PP", and
/// what a layer's own tokens say.
@Suite struct FBXLayersAsAssimpReadsThemTests {
    private let past =
        "malformed model: geometry 'Cube' maps its UV layer ByVertice through 24 IndexToDirect indices, more than its 8 control points (Assimp 5.2 reads past its tables)"

    private func check(_ text: String) throws -> String {
        let dir = try Fixtures.temporaryDirectory("fbx-assimp-reads")
        try Fixtures.write(text, to: dir + "/cube.fbx")
        do { return try ModelPreflight.check(dir + "/cube.fbx", shownAs: "cube.fbx", fileExtension: "fbx", limits: .standard).joined(separator: "\n") } catch {
            return "\(error)".replacingOccurrences(of: "cube.fbx: ", with: "")
        }
    }

    private var cube: String { FBXLayersTests.asciiCube(mapping: "ByVertice", indices: 24) }

    @Test func linesEndAsAssimpEndsThem() throws {
        // A form feed ends a comment, so the layer after it is read.
        let hidden = cube.replacingOccurrences(of: "\t\tLayerElementUV: 0 {", with: "\t\t; a note\u{0C}LayerElementUV: 0 {")
        #expect(try check(hidden) == past)
        // Assimp's text ends at a NUL: nothing after it nests, however deep.
        let deep = cube + "\0" + String(repeating: "X: {", count: 300)
        #expect(try check(deep) == past)
        #expect(try check(FBXLayersTests.asciiCube(mapping: "ByPolygonVertex", indices: 24) + "\0" + String(repeating: "X: {", count: 300)) == "")
    }

    @Test func theFirstOfARepeatedKeyCounts() throws {
        let twice = cube.replacingOccurrences(
            of: "MappingInformationType: \"ByVertice\"", with: "MappingInformationType: \"ByVertice\"\n\t\t\tMappingInformationType: \"ByPolygonVertex\"")
        #expect(try check(twice) == past)
        // Two value lists in Vertices: Assimp takes the first (8 control points), not 24.
        let lists = cube.replacingOccurrences(
            of: "a: 0,0,0,1,0,0,0,1,0,1,1,0,0,0,1,1,0,1,0,1,1,1,1,1",
            with: "a: 0,0,0,1,0,0,0,1,0,1,1,0,0,0,1,1,0,1,0,1,1,1,1,1\n\ta: " + Array(repeating: "0", count: 72).joined(separator: ","))
        #expect(try check(lists) == past)
        // A ColorIndex in a UV layer is not its index.
        let foreign = FBXLayersTests.asciiCube(mapping: "ByVertice", indices: 8).replacingOccurrences(
            of: "\t\t\tUVIndex:",
            with: "\t\t\tColorIndex: *24 {\n\t\t\t\ta: " + Array(repeating: "0", count: 24).joined(separator: ",") + "\n\t\t\t}\n\t\t\tUVIndex:")
        #expect(try check(foreign).hasPrefix("geometry 'Cube': its UV layer, mapped ByVertice through IndexToDirect indices, is dropped"))
    }

    @Test func classesAreNamedByAnyStartOfTheirName() throws {
        #expect(try check(cube.replacingOccurrences(of: "\tGeometry: 1000", with: "\tGeo: 1000")) == past)
        let video = "\tV: 4600, \"Video::Tex\", \"Clip\" {\n\t\tContent: \"!!!!\"\n\t}\n"
        #expect(
            try check(FBXLayersTests.asciiCube(mapping: "ByPolygonVertex", indices: 24, video: video))
                == "malformed model: video 'Tex' holds embedded content that is not a quoted base64 string (Assimp 5.2 frees such content twice)")
    }

    @Test func aLayersOwnTokensAreChecked() throws {
        let layer = "\t\tLayer: {\n\t\t\tLayerElement: {\n\t\t\t\tType: \"LayerElementUV\"\n\t\t\t\tTypedIndex: 0\n\t\t\t}\n\t\t}\n\t}\n}\nConnections:"
        let plain = FBXLayersTests.asciiCube(mapping: "ByPolygonVertex", indices: 24)
        #expect(
            try check(plain.replacingOccurrences(of: "\t}\n}\nConnections:", with: layer))
                == "malformed model: geometry 'Cube' has a Layer without its index (Assimp 5.2 reads past its tokens)")
        #expect(try check(plain.replacingOccurrences(of: "\t}\n}\nConnections:", with: layer.replacingOccurrences(of: "Layer: {", with: "Layer: 0 {"))) == "")
        #expect(
            try check(plain.replacingOccurrences(of: "LayerElementUV: 0 {", with: "LayerElementUV: -1 {"))
                == "malformed model: geometry 'Cube' numbers a UV layer -1 (Assimp 5.2 writes before its table)")
        // Materials mapped as Assimp does not read them, more than one: it misreads the list.
        let materials =
            "\t\tLayerElementMaterial: 0 {\n\t\t\tMappingInformationType: \"MAPPING\"\n\t\t\tReferenceInformationType: \"IndexToDirect\"\n\t\t\tMaterials: *3 {\n\t\t\t\ta: 0,1,2\n\t\t\t}\n\t\t}\n\t}\n}\nConnections:"
        #expect(
            try check(plain.replacingOccurrences(of: "\t}\n}\nConnections:", with: materials.replacingOccurrences(of: "MAPPING", with: "ByVertex")))
                == "malformed model: geometry 'Cube' assigns 3 materials mapped ByVertex through IndexToDirect (Assimp 5.2 reads only AllSame and ByPolygon through IndexToDirect, and misreads the rest)"
        )
        #expect(try check(plain.replacingOccurrences(of: "\t}\n}\nConnections:", with: materials.replacingOccurrences(of: "MAPPING", with: "ByPolygon"))) == "")
    }

    /// Found by the fourth round: numbers as Assimp's parsers read them (a curve key "1e12x" is
    /// 1e12, a layer numbered 4294967295 is -1), and two clusters of a skin deforming models of
    /// one name (Assimp gives them one bone, and frees it twice).
    @Test func numbersAndBonesAsAssimpReadsThem() throws {
        let curve = "; FBX 7.4.0 project file\nObjects:  {\n\tAnimationCurve: 1, \"AnimCurve::\", \"\" {\n\t\tKeyValueFloat: *3 {\n a: 0,1e12x,0\n}\n\t}\n}\n"
        #expect(
            try check(curve)
                == "refused: its animation curves travel more than 1800000000 in all (Assimp 5.2 makes a rotation key every 180 degrees of it)")
        #expect(
            try check(
                FBXLayersTests.asciiCube(mapping: "ByPolygonVertex", indices: 24).replacingOccurrences(
                    of: "LayerElementUV: 0 {", with: "LayerElementUV: 4294967295 {"))
                == "malformed model: geometry 'Cube' numbers a UV layer -1 (Assimp 5.2 writes before its table)")
        #expect(FBXASCIIScan.assimpInteger("12x") == nil && FBXASCIIScan.assimpInteger("-3") == -3 && FBXASCIIScan.assimpFloat("-2.5e1q") == -25)
        func skin(_ second: String) -> String {
            """
            ; FBX 7.4.0 project file
            Objects:  {
            \tModel: 10, "Model::Bone", "LimbNode" {
            \t}
            \tModel: 11, "Model::\(second)", "LimbNode" {
            \t}
            \tDeformer: 20, "Deformer::Skin", "Skin" {
            \t}
            \tDeformer: 21, "SubDeformer::One", "Cluster" {
            \t}
            \tDeformer: 22, "SubDeformer::Two", "Cluster" {
            \t}
            }
            Connections:  {
            \tC: "OO",21,20
            \tC: "OO",22,20
            \tC: "OO",10,21
            \tC: "OO",11,22
            }

            """
        }
        #expect(
            try check(skin("Bone")) == "malformed model: skin 20 has two clusters deforming 'Model::Bone' (Assimp 5.2 gives them one bone and frees it twice)")
        #expect(try check(skin("Other")) == "")
        // A layered texture's layers are whatever is linked to it, kept as textures: a video
        // linked there is a null texture to Assimp.
        func layered(_ key: String) -> String {
            "; FBX 7.4.0 project file\nObjects:  {\n\tLayeredTexture: 30, \"LayeredTexture::L\", \"\" {\n\t}\n\t\(key): 31, \"\(key)::T\", \"Clip\" {\n\t}\n}\nConnections:  {\n\tC: \"OO\",31,30\n}\n"
        }
        #expect(
            try check(layered("Video")) == "malformed model: layered texture 30 has object 31, which is no texture, as a layer (Assimp 5.2 reads it as one)")
        #expect(try check(layered("Texture")) == "")
    }

    @Test func everyConnectionTypeButPPLinksObjects() throws {
        func links(_ lines: String) throws -> String { try check("; FBX 7.4.0 project file\nConnections:  {\n" + lines + "}\n") }
        let cycle = "malformed model: its objects connect in a cycle (object 3000 is its own ancestor)"
        #expect(try links("\tC: \"PO\",3000,3001\n\tC: \"XX\",3001,3000\n") == cycle)
        #expect(try links("\tC: \"OP\",3000,3001, \"\"\n\tC: \"OO\",3001,3000\n") == cycle)
        // Ids are the digits a token starts with, as Assimp's strtoul10_64 reads them.
        #expect(try links("\tC: \"OO\",3000x,3001\n\tC: \"OO\",3001,3000\n") == cycle)
        #expect(try links("\tC: \"PP\",3000,3001\n\tC: \"OP\",3001,3000, \"Lcl Translation\"\n") == "")
    }
}
