import SproutImage
import SproutScene
#if canImport(Glibc)
import Glibc
#endif
import SproutTesting
import Testing
@testable import SproutAssets

/// Broken, escaping and empty models: a typed error naming the file, never a crash, nothing read
/// outside the model's folder.
@Suite struct BadModelTests {
    /// A folder holding `model/` (the model's folder) and a `secret.bin` beside it, outside.
    func sandbox() throws -> (model: String, outside: String) {
        let root = try Fixtures.temporaryDirectory("bad-model")
        let model = root + "/model"
        try Fixtures.temporaryDirectoryCreate(model)
        let box = Fixtures.sharedModel("Box/Box.glb")
        try Fixtures.write(try Fixtures.read(box), to: root + "/secret.bin")
        return (model, root)
    }

    func gltf(uri: String) -> String {
        """
        {"asset":{"version":"2.0"},"buffers":[{"uri":"\(uri)","byteLength":1664}],
         "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36}],
         "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,1]}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0}
        """
    }

    @Test(arguments: ["../secret.bin", "/etc/passwd", "file:///etc/passwd", "..%2Fsecret.bin"])
    func gltfBufferOutsideTheFolderIsRefused(_ uri: String) throws {
        let (model, _) = try sandbox()
        try Fixtures.write(gltf(uri: uri), to: model + "/escape.gltf")
        do {
            _ = try ModelImporter.load(path: model + "/escape.gltf")
            Issue.record("\(uri) was imported")
        } catch let error as ModelImportError {
            let text = "\(error)"
            #expect(text.contains("escape.gltf"))
            switch error {
            case .pathEscapesFolder, .unreadable: break
            default: Issue.record("unexpected error \(error)")
            }
        }
    }

    /// glTF's `uri` is a URI: `box%20data.bin` (as Blender writes a name with a space) is the
    /// file `box data.bin`, which Assimp 5.2 would ask for as written; a file named with the
    /// escape itself is still found; an escape that decodes to `..` stays refused (above).
    @Test func gltfBufferURIsAreDecoded() throws {
        let (model, outside) = try sandbox()
        let buffer = try Fixtures.read(outside + "/secret.bin")
        try Fixtures.write(buffer, to: model + "/box data.bin")
        try Fixtures.write(gltf(uri: "box%20data.bin"), to: model + "/spaced.gltf")
        #expect(try ModelImporter.load(path: model + "/spaced.gltf", cache: nil).triangleCount == 1)
        try Fixtures.write(buffer, to: model + "/as%20written.bin")
        try Fixtures.write(gltf(uri: "as%20written.bin"), to: model + "/written.gltf")
        #expect(try ModelImporter.load(path: model + "/written.gltf", cache: nil).triangleCount == 1)
    }

    /// Assimp 5.2's own checks (`ai_assert`) aborted the process on files found by mutation
    /// under AddressSanitizer; now they fail the import naming the check (CAssimpChecks). An FBX
    /// 7500 record inside another whose property length wraps past 2^64 (a pointer sum Assimp's
    /// bounds test misses) fails its tokenizer's check that it has not read backwards. (The
    /// zero-corner PLY face this test used before is now refused before Assimp: PLYLists.)
    @Test func assimpsFailedChecksAreErrorsNotAborts() throws {
        let (model, _) = try sandbox()
        let records: [UInt8] = [
            109, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 65, 84, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255,
            255, 255, 255, 255, 255, 1, 66, 73, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        ]
        try Fixtures.write(FBXConnections.binaryMagic + [0x1A, 0x00] + [76, 29, 0, 0] + records, to: model + "/wrapping.fbx")
        #expect {
            try ModelImporter.load(path: model + "/wrapping.fbx", cache: nil)
        } throws: { error in
            "\(error)" == "\(model)/wrapping.fbx: cannot import model: a check inside Assimp failed (begin <= cursor)"
        }
    }

    /// A buffer that is a FIFO (or a device) inside the folder: refused when opened, never read,
    /// so the import cannot block on it.
    @Test func gltfBufferThatIsNotARegularFileIsRefusedWithoutWaiting() throws {
        let (model, _) = try sandbox()
        #expect(mkfifo(model + "/pipe.bin", 0o600) == 0)
        try Fixtures.write(gltf(uri: "pipe.bin"), to: model + "/piped.gltf")
        #expect(throws: ModelImportError.self) { try ModelImporter.load(path: model + "/piped.gltf", cache: nil) }
        #expect(ConfinedFile(path: model + "/pipe.bin") == nil && ConfinedFile(path: "/dev/zero") == nil)
        #expect(ConfinedFileSystem.readAll(model + "/pipe.bin") == nil)   // textures are read this way
        #expect(ConfinedFile(path: model + "/piped.gltf")?.size == gltf(uri: "pipe.bin").utf8.count)
    }

    @Test func parentFolderEscapeIsNamedAsSuch() throws {
        let (model, _) = try sandbox()
        try Fixtures.write(gltf(uri: "../secret.bin"), to: model + "/escape.gltf")
        #expect(throws: ModelImportError.pathEscapesFolder(model: model + "/escape.gltf", requested: model + "/../secret.bin")) {
            try ModelImporter.load(path: model + "/escape.gltf")
        }
    }

    @Test func objMaterialLibraryOutsideTheFolderIsRefused() throws {
        let (model, root) = try sandbox()
        try Fixtures.write("newmtl leak\nKd 1 0 0\n", to: root + "/leak.mtl")
        try Fixtures.write("mtllib ../leak.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl leak\nf 1 2 3\n", to: model + "/tri.obj")
        #expect(throws: ModelImportError.self) { try ModelImporter.load(path: model + "/tri.obj") }
    }

    @Test func textureOutsideTheFolderIsRefused() throws {
        let (model, root) = try sandbox()
        try Fixtures.write(try Fixtures.read(Fixtures.sharedModel("SpiderOBJ/SpiderTex.jpg")), to: root + "/outside.jpg")
        try Fixtures.write("newmtl m\nmap_Kd ../outside.jpg\n", to: model + "/tri.mtl")
        try Fixtures.write("mtllib tri.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl m\nf 1/1 2/2 3/3\n", to: model + "/tri.obj")
        #expect(throws: ModelImportError.pathEscapesFolder(model: model + "/tri.obj", requested: "../outside.jpg")) {
            try ModelImporter.load(path: model + "/tri.obj")
        }
    }

    /// A texture named by another machine's path (`C:\\Users\\...`, `/home/...`) or one outside the
    /// model's folder is looked for by its file name in the folder, as Blender's importers do,
    /// and said; the file outside is never read (the green one inside is drawn, not the red one
    /// beside the folder). It had refused the model ("file not found beside the model").
    @Test func aTextureElsewhereIsFoundByItsNameInTheModelsFolder() throws {
        let (model, root) = try sandbox()
        try Fixtures.write(try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [0, 255, 0, 255])), to: model + "/wood.png")
        try Fixtures.write(try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [255, 0, 0, 255])), to: root + "/wood.png")
        let obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl m\nf 1/1 2/2 3/3\n"
        for (k, reference) in [#"C:\Users\me\Desktop\wood.png"#, "/home/someone/textures/wood.png", "../wood.png"].enumerated() {
            try Fixtures.write("newmtl m\nmap_Kd \(reference)\n", to: model + "/m\(k).mtl")
            try Fixtures.write("mtllib m\(k).mtl\n" + obj, to: model + "/m\(k).obj")
            let asset = try ModelImporter.load(path: model + "/m\(k).obj", cache: nil)
            #expect(asset.materials.first?.baseColorTexture?.image.pixels == [0, 255, 0, 255], "\(reference)")
            #expect(
                asset.warnings.contains(
                    model + "/m\(k).obj: names 1 texture(s) by a path not beside it, found by file name in its folder instead (the first: '\(reference)')"),
                "\(asset.warnings)")
        }
    }

    /// A valid glTF file can have nothing to draw: no scenes (a library of meshes), an empty
    /// default scene, or one whose nodes hold no mesh; each is refused saying so (Assimp 5.2 said "No scene" and "the file is
    /// incomplete"). Without `scene`, the first scene is drawn, as viewers do.
    @Test func aGLTFFileWithNothingToDrawSaysWhy() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-scenes")
        func file(_ scenes: String) -> String { OneTriangleGLTF.geometry + #" "nodes": [{"mesh": 0}]"# + scenes + "}" }
        let cases = [
            ("", "it has no scenes (glTF's `scenes`), so nothing to draw"),
            (#", "scenes": [{"nodes": [0]}, {"nodes": []}], "scene": 1"#, "its default scene, scenes[1], has no nodes, so nothing to draw"),
            (#", "scenes": [{"nodes": [0]}], "scene": 3"#, "its default scene, scene 3, is not one of its 1 scenes")
        ]
        for (k, (scenes, reason)) in cases.enumerated() {
            try Fixtures.write(file(scenes), to: dir + "/empty\(k).gltf")
            #expect {
                try ModelImporter.load(path: dir + "/empty\(k).gltf", cache: nil)
            } throws: { error in
                "\(error)" == "\(dir)/empty\(k).gltf: cannot import model: " + reason
            }
        }
        try Fixtures.write(file(#", "scenes": [{"nodes": [0]}]"#), to: dir + "/first.gltf")
        #expect(try ModelImporter.load(path: dir + "/first.gltf", cache: nil).triangleCount == 1)
        // A scene of nodes without meshes (empty, lights, cameras): node 2's mesh is not in it.
        let meshless = OneTriangleGLTF.geometry + #" "nodes": [{"children": [1]}, {"name": "empty"}, {"mesh": 0}], "scenes": [{"nodes": [0]}]}"#
        try Fixtures.write(meshless, to: dir + "/meshless.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/meshless.gltf", cache: nil)
        } throws: { error in
            "\(error)"
                == "\(dir)/meshless.gltf: cannot import model: its default scene, scenes[0], holds no mesh (none of its 2 nodes has a `mesh`), so nothing to draw"
        }
        // A mesh on a child is found.
        let nested = OneTriangleGLTF.geometry + #" "nodes": [{"children": [1]}, {"mesh": 0}], "scenes": [{"nodes": [0]}]}"#
        try Fixtures.write(nested, to: dir + "/nested.gltf")
        #expect(try ModelImporter.load(path: dir + "/nested.gltf", cache: nil).triangleCount == 1)
    }

    /// An index past a primitive's vertices (glTF 3.7.2.1 forbids it): Assimp 5.2 skips that
    /// triangle, which is now said. The file's second triangle names vertex 7 of 3.
    @Test func trianglesWithIndicesPastTheirVerticesAreSaid() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-index-range")
        let file =
            OneTriangleGLTF.geometry
            .replacingOccurrences(of: "AAABAAIAAAA=", with: "AAABAAIAAAACAAcA")   // indices 0 1 2, then 0 2 7
            .replacingOccurrences(of: #""byteLength": 44"#, with: #""byteLength": 48"#)
            .replacingOccurrences(of: #""byteOffset": 36, "byteLength": 6"#, with: #""byteOffset": 36, "byteLength": 12"#)
            .replacingOccurrences(of: #""componentType": 5123, "count": 3"#, with: #""componentType": 5123, "count": 6"#)
            + #" "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#
        try Fixtures.write(file, to: dir + "/range.gltf")
        let asset = try ModelImporter.load(path: dir + "/range.gltf", cache: nil)
        #expect(asset.triangleCount == 1)
        #expect(asset.warnings == [dir + "/range.gltf: has 1 triangle(s) with an index past their primitive's vertices, which are not drawn"])
    }

    @Test func missingFileIsNamed() {
        #expect(throws: ModelImportError.fileNotFound(path: "/nonexistent/plant.glb")) {
            try ModelImporter.load(path: "/nonexistent/plant.glb")
        }
    }

    @Test func unsupportedExtensionIsNamed() {
        #expect(throws: ModelImportError.unsupportedFormat(path: "notes.txt", fileExtension: "txt")) {
            try ModelImporter.load(path: "notes.txt")
        }
    }

    @Test func truncatedGlbIsUnreadable() throws {
        let (model, _) = try sandbox()
        let bytes = try Fixtures.read(Fixtures.sharedModel("Duck/Duck.glb"))
        try Fixtures.write(Array(bytes.prefix(bytes.count / 3)), to: model + "/duck.glb")
        do {
            _ = try ModelImporter.load(path: model + "/duck.glb")
            Issue.record("a truncated file was imported")
        } catch let error as ModelImportError {
            #expect("\(error)".contains("duck.glb"))
        }
    }

    @Test func garbageIsUnreadable() throws {
        let (model, _) = try sandbox()
        try Fixtures.write([UInt8](repeating: 0x42, count: 200), to: model + "/noise.glb")
        #expect(throws: ModelImportError.self) { try ModelImporter.load(path: model + "/noise.glb") }
    }

    /// Vertices alone draw nothing; an OBJ line (`l`) is drawn as a line.
    @Test func fileWithoutTrianglesLinesOrPointsHasNoGeometry() throws {
        let (model, _) = try sandbox()
        try Fixtures.write("v 0 0 0\nv 1 0 0\nl 1 2\n", to: model + "/line.obj")
        let line = try ModelImporter.load(path: model + "/line.obj")
        #expect(line.meshes.map(\.primitive) == [.lines] && line.meshes.first?.indices.count == 2)
        try Fixtures.write("v 0 0 0\nv 1 0 0\nv 0 1 0\n", to: model + "/dots.obj")
        do {
            _ = try ModelImporter.load(path: model + "/dots.obj")
            Issue.record("a file without triangles, lines or points was imported")
        } catch let error as ModelImportError {
            switch error {
            case .noGeometry, .unreadable: #expect("\(error)".contains("dots.obj"))
            default: Issue.record("unexpected error \(error)")
            }
        }
    }
}
