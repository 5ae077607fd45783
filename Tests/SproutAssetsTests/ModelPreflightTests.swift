#if canImport(Glibc)
import Glibc
#endif
import SproutImage
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// Files Assimp 5.2 would crash or hang on are refused before it reads them, with the file
/// and the limit named; real models pass.
@Suite struct ModelPreflightTests {
    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = try Fixtures.temporaryDirectory("preflight") + "/" + name
        try Fixtures.write(bytes, to: path)
        return path
    }

    private func refusal(_ path: String, limits: ModelLimits = .standard) -> String {
        do {
            _ = try ModelImporter.load(path: path, limits: limits)
            return "imported"
        } catch { return "\(error)" }
    }

    private func le(_ x: UInt32) -> [UInt8] { [UInt8(x & 0xFF), UInt8(x >> 8 & 0xFF), UInt8(x >> 16 & 0xFF), UInt8(x >> 24)] }

    /// 200,000 nested arrays overflowed Assimp's recursive JSON parser (SIGSEGV).
    @Test func aGLTFNested200000DeepIsRefusedNotParsed() throws {
        let path = try write(
            Array(
                ("{\"asset\":{\"version\":\"2.0\"},\"x\":" + String(repeating: "[", count: 200_000)
                    + String(repeating: "]", count: 200_000) + "}").utf8), "deep.gltf")
        #expect(refusal(path) == path + ": refused: the glTF JSON nests deeper than 512 levels")
        // Brackets inside strings are text, not nesting.
        let quoted = try write(Array(("{\"asset\":{\"version\":\"2.0\",\"x\":\"" + String(repeating: "[", count: 1000) + "\\\"\"}}").utf8), "quoted.gltf")
        #expect(!refusal(quoted).contains("nests deeper"))
    }

    @Test func aGLBWhoseChunkRunsPastTheFileIsRefused() throws {
        let json = Array("{}      ".utf8)
        let path = try write(Array("glTF".utf8) + le(2) + le(40) + le(1000) + le(0x4E4F_534A) + json + [UInt8](repeating: 0x20, count: 12), "bad.glb")
        #expect(refusal(path) == path + ": malformed model: a chunk of 1000 bytes at offset 12 runs past the end (40 bytes)")
        let long = try write(Array("glTF".utf8) + le(2) + le(4000) + le(8) + le(0x4E4F_534A) + json, "long.glb")
        #expect(refusal(long) == long + ": malformed model: the header says 4000 bytes but the file has 28")
        let deep = Array(String(repeating: "[", count: 600).utf8)
        let nested = try write(Array("glTF".utf8) + le(2) + le(UInt32(20 + deep.count)) + le(UInt32(deep.count)) + le(0x4E4F_534A) + deep, "deep.glb")
        #expect(refusal(nested) == nested + ": refused: the glTF JSON chunk nests deeper than 512 levels")
    }

    /// Text that is not JSON was handed to Assimp, which answered "No suitable reader found for
    /// the file format": the refusal now says where the text breaks.
    @Test func aGLTFThatIsNotJSONIsRefusedNamingTheLine() throws {
        let broken = try write(Array("{\"asset\": {\"version\": \"2.0\"},\n \"scenes\": [{\"nodes\": [0]},]}".utf8), "broken.gltf")
        #expect(refusal(broken) == broken + ": malformed model: the file is not valid JSON at line 2, column 28: unexpected ']' where a value is expected")
        let empty = try write([], "empty.gltf")
        #expect(refusal(empty) == empty + ": malformed model: the file is not valid JSON at line 1, column 1: the text ends where a value is expected")
        let chunk = Array("{\"a\": }".utf8)
        let glb = try write(Array("glTF".utf8) + le(2) + le(UInt32(20 + chunk.count)) + le(UInt32(chunk.count)) + le(0x4E4F_534A) + chunk, "chunk.glb")
        #expect(refusal(glb) == glb + ": malformed model: its JSON chunk is not valid JSON at line 1, column 7: unexpected '}' where a value is expected")
    }

    /// A byte order mark before a .gltf's JSON (glTF's writers must not add one, its readers
    /// may ignore it; an editor saving a hand-edited file may add it): Assimp 5.2 refused the
    /// file ("No suitable reader found"), which is now read rewritten without it.
    @Test func aByteOrderMarkBeforeTheJSONIsPassedOver() throws {
        let path = try write([0xEF, 0xBB, 0xBF] + Array((OneTriangleGLTF.geometry + #" "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}"#).utf8), "bom.gltf")
        #expect(try ModelImporter.load(path: path, cache: nil).triangleCount == 1)
        // Saved as an editor's "Unicode", UTF-16: said so, not "unexpected byte 255".
        let utf16 = try write([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "utf16.gltf")
        #expect(refusal(utf16) == utf16 + ": malformed model: the file is UTF-16 text (it begins with UTF-16's byte order mark); glTF's JSON is UTF-8")
    }

    /// A GLB must open with its JSON chunk (glTF 2.0 4.4.3): one of only a header, or whose
    /// first chunk's header is cut short, was handed to Assimp ("No suitable reader").
    @Test func aGLBWithoutAJSONChunkIsRefused() throws {
        let header = try write(Array("glTF".utf8) + le(2) + le(12), "header.glb")
        #expect(refusal(header) == header + ": malformed model: it has no JSON chunk after its 12-byte header (its header gives a length of 12 bytes)")
        let cut = try write(Array("glTF".utf8) + le(2) + le(16) + le(8), "cut.glb")
        #expect(refusal(cut) == cut + ": malformed model: it has no JSON chunk after its 12-byte header (its header gives a length of 16 bytes)")
    }

    /// A header declaring 4 billion vertices over 100 bytes made Assimp allocate or loop for the count.
    @Test func aPLYDeclaringMoreElementsThanItsBodyHoldsIsRefused() throws {
        let binary = try write(
            Array("ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\nproperty float z\nend_header\n".utf8)
                + [UInt8](repeating: 0, count: 100), "huge.ply")
        #expect(refusal(binary) == binary + ": malformed model: the header declares 4000000000 'vertex' elements, more than the 100-byte body can hold")
        let ascii = try write(
            Array("ply\r\nformat ascii 1.0\r\nelement vertex 40\r\nproperty float x\r\nproperty float y\r\nproperty float z\r\nend_header\r\n0 0 0\r\n".utf8),
            "ascii.ply")
        // The body begins after end_header's line end, \r: with the \n, 8 bytes.
        #expect(refusal(ascii) == ascii + ": malformed model: the header declares 40 'vertex' elements, more than the 8-byte body can hold")
        let noHeader = try write(Array("ply\nformat ascii 1.0\n".utf8), "cut.ply")
        #expect(refusal(noHeader).hasPrefix(noHeader + ": malformed model: no PLY header ending in end_header"))
        // Found by mutation: Assimp 5.2 loops forever on a header ending "end_headerend_header".
        let runOn = try write(Array("ply\nformat ascii\nend_headerend_headerend_header".utf8), "run-on.ply")
        #expect(refusal(runOn) == runOn + ": malformed model: header line 3 runs on after end_header ('end_headerend_headerend_header')")
        // A vertex count after a comment mentioning end_header is still measured.
        let commented = try write(
            Array("ply\nformat ascii 1.0\ncomment end_header\nelement vertex 40\nproperty float x\nend_header\n0\n".utf8), "commented.ply")
        #expect(refusal(commented) == commented + ": malformed model: the header declares 40 'vertex' elements, more than the 2-byte body can hold")
    }

    /// Found by mutation under AddressSanitizer: Assimp 5.2's MTL reader crashed on a texture
    /// statement before the library's first `newmtl`. The same statement after it is read.
    @Test func anMTLTextureBeforeAnyMaterialIsRefused() throws {
        let dir = try Fixtures.temporaryDirectory("obj-mtl")
        let obj = "mtllib  lib one.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n"
        try Fixtures.write(obj, to: dir + "/a.obj")
        try ImageFile.writePNG(Image(width: 1, height: 1, pixels: [255, 0, 0, 255]), to: dir + "/t.png")
        try Fixtures.write("# made by hand\nKd 1 1 1\n  mAp_kD t.png\nnewmtl red\n", to: dir + "/lib one.mtl")
        #expect(
            refusal(dir + "/a.obj") == dir
                + "/a.obj: malformed model: material library 'lib one.mtl' line 3: a texture before any newmtl (no material to attach it to)")
        // Found by the third round: any line beginning with 'a' is an anisotropy to Assimp; and a
        // first line beginning with a blank is no statement, so its newmtl makes no material.
        try Fixtures.write("aniso 1\nnewmtl red\n", to: dir + "/lib one.mtl")
        #expect(
            refusal(dir + "/a.obj") == dir
                + "/a.obj: malformed model: material library 'lib one.mtl' line 1: an anisotropy before any newmtl (no material to attach it to)")
        try Fixtures.write(" newmtl red\nmap_Kd t.png\n", to: dir + "/lib one.mtl")
        #expect(refusal(dir + "/a.obj").hasSuffix("line 2: a texture before any newmtl (no material to attach it to)"))
        // Found by the fourth: lines end at \r, \f and NUL too (so UTF-16 text is a letter a
        // line), and only a lowercase 'e' after 'n' or 'N' makes a material (NEWMTL does not),
        // while a texture's name is compared without case and MAP_KD (no 'm') is no texture.
        for (library, line) in [
            ("newmtl x\rmap_Kd t.png", 0), ("Kd 1 1 1\u{0C}map_Kd t.png", 2), ("NEWMTL red\nmap_Kd t.png\n", 2), ("\u{FF}\u{FE}m\0a\0p\0", 2)
        ] {
            try Fixtures.write(library, to: dir + "/lib one.mtl")
            let expected =
                line == 0 ? "imported" : "line \(line): \(line == 2 && library.hasPrefix("\u{FF}") ? "an anisotropy" : "a texture") before any newmtl"
            #expect(line == 0 ? (try? ModelImporter.preflight(path: dir + "/a.obj")) != nil : refusal(dir + "/a.obj").contains(expected), "\(library)")
        }
        // A library named after a tab is read; one that cannot be opened sends Assimp to the OBJ's
        // own name with "mtl" (here a.mtl).
        try Fixtures.write("map_Kd t.png\nnewmtl red\n", to: dir + "/a.mtl")
        for (line, library) in [("mtllib\tlib one.mtl", "lib one.mtl"), ("mtllib missing.mtl", "a.mtl")] {
            try Fixtures.write("map_Kd t.png\nnewmtl red\n", to: dir + "/lib one.mtl")
            try Fixtures.write(obj.replacingOccurrences(of: "mtllib  lib one.mtl", with: line), to: dir + "/b.obj")
            try Fixtures.write(obj.replacingOccurrences(of: "mtllib  lib one.mtl", with: line), to: dir + "/a.obj")
            #expect(refusal(dir + "/a.obj").contains("material library '\(library)' line 1: a texture before any newmtl"), "\(line)")
        }
        try Fixtures.write(obj, to: dir + "/a.obj")
        try Fixtures.write("MAP_KD t.png\nnewmtl red\nKd 1 1 1\nmap_Kd t.png\n", to: dir + "/lib one.mtl")
        #expect(try ModelImporter.load(path: dir + "/a.obj", cache: nil).materials.first?.baseColorTexture != nil)
    }

    /// Found by mutation under AddressSanitizer: Assimp 5.2 allocates for a list's declared
    /// length, and one face claiming 300,000,000 indices took 4 GB. A list may claim no more
    /// values than the bytes after its count hold (ASCII two a value, binary the value's size).
    @Test func aPLYListLongerThanTheFileIsRefused() throws {
        let head =
            "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
            + "element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n"
        let ascii = try write(Array((head + "300000000 0 1 2\n").utf8), "long-list.ply")
        #expect(refusal(ascii) == ascii + ": malformed model: 'face' 0 has a list of 300000000 values, more than the 7 bytes after it can hold")
        let fine = try write(Array((head + "3 0 1 2\n").utf8), "triangle.ply")
        #expect(try ModelImporter.load(path: fine, cache: nil).triangleCount == 1)

        func le32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
        func be32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        let binaryHead =
            "element vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
            + "element face 1\nproperty list uint int vertex_indices\nend_header\n"
        let vertices = [UInt8](repeating: 0, count: 36)
        let little = try write(
            Array(("ply\nformat binary_little_endian 1.0\n" + binaryHead).utf8) + vertices + le32(300_000_000) + le32(0) + le32(1) + le32(2), "long-list-le.ply"
        )
        #expect(refusal(little) == little + ": malformed model: 'face' 0 has a list of 300000000 values, more than the 12 bytes after it can hold")
        let big = try write(Array(("ply\nformat binary_big_endian 1.0\n" + binaryHead).utf8) + vertices + be32(4) + be32(0) + be32(1) + be32(2), "short-le.ply")
        #expect(refusal(big) == big + ": malformed model: 'face' 0 has a list of 4 values, more than the 12 bytes after it can hold")
    }

    /// Found by mutation under AddressSanitizer: Assimp 5.2 takes a face's vertex indices on
    /// trust, and an ASCII face whose list count is "-1" or whose line ends before its values
    /// became a face of no corners that crashed its post-processing (a bus error). Indices
    /// outside the vertices, such counts and lines, and a body ending before its faces are
    /// refused; a triangle strip's -1 (a restart) and blank lines are not.
    @Test func aPLYFaceOutsideItsVerticesOrCutShortIsRefused() throws {
        let head =
            "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
            + "element face 2\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n"
        func ascii(_ faces: String, _ name: String) throws -> String {
            let path = try write(Array((head + faces).utf8), name)
            return refusal(path).replacingOccurrences(of: path, with: name)
        }
        #expect(try ascii("3 0 1 2\n3 0 1 3\n", "past.ply") == "past.ply: malformed model: 'face' 1 names vertex 3, outside the file's 3 vertices")
        #expect(try ascii("3 0 -1 2\n3 0 1 2\n", "minus.ply") == "minus.ply: malformed model: 'face' 0 names vertex -1, outside the file's 3 vertices")
        #expect(
            try ascii("3 0 1 2\n-1\n", "count.ply") == "count.ply: malformed model: 'face' 1 has a list count that is not a whole number ('-1')")
        #expect(
            try ascii("1\n-1\n", "short.ply") == "short.ply: malformed model: 'face' 0 ends its line after 0 of the 1 values its list 'vertex_indices' claims")
        #expect(
            try ascii("3 0 1 2\n", "cut.ply") == "cut.ply: malformed model: the file ends after 1 of the 2 'face' elements its header declares")
        // Lines as Assimp's stream reader reads them: a blank line and Windows line ends are
        // passed over, a last line needs no end; but a line end where a line should begin skips
        // to the next \n, so after \r\n a blank \r\n line is read as a face of nothing.
        #expect(try ascii("3 0 1 2\n\n3 2 1 0", "blank.ply") == "imported")
        #expect(try ascii("3 0 1 2\r\n3 2 1 0\r\n", "crlf.ply") == "imported")
        #expect(
            try ascii("3 0 1 2\r\n\r\n3 2 1 0\r\n", "crlf-blank.ply") == "crlf-blank.ply: malformed model: 'face' 1 ends before its property 'vertex_indices'")
        // A second \r skips a whole line: here the face with the bad index, so the next one is read.
        #expect(try ascii("3 0 1 2\r\r3 0 1 9\n3 2 1 0\n", "cr-cr.ply") == "imported")
        #expect(try ascii("0\n3 2 1 0\n", "none.ply") == "none.ply: malformed model: 'face' 0 has no corners")
        // Assimp streams the file through a 1 MiB block, and that skip searches its buffer with
        // no bound: in a file of a block or more, a \n only in the next block is read past the
        // buffer. `prefix` bytes (the header padded by a comment, the vertices, "3 0 1 2\n"
        // faces) come before "3 0 1 2\r\r\n3 2 1 0\n": the second \r at prefix + 8 begins a
        // line, its \n right after it at 1,048,575 (the first block's last byte) or 1,048,576
        // (the second block's first).
        func large(prefix: Int) -> [UInt8] {
            let start = head.replacingOccurrences(of: "format ascii 1.0\n", with: "format ascii 1.0\ncomment \n")
                .replacingOccurrences(of: "face 2", with: "face FFFFFF")
            let faces = (prefix - start.utf8.count) / 8
            let header = start.replacingOccurrences(of: "comment ", with: "comment " + String(repeating: "x", count: prefix - start.utf8.count - faces * 8))
                .replacingOccurrences(of: "FFFFFF", with: String(format: "%06d", faces + 2))
            return Array((header + String(repeating: "3 0 1 2\n", count: faces) + "3 0 1 2\r\r\n3 2 1 0\n").utf8)
        }
        let inBlock = large(prefix: 1_048_566)
        #expect(inBlock.count == 1_048_566 + 18 && inBlock[1_048_574] == 0x0D && inBlock[1_048_575] == 0x0A)
        #expect(try refusal(write(inBlock, "cr-cr-in-block.ply")) == "imported")
        let across = try write(large(prefix: 1_048_567), "cr-cr-across-blocks.ply")
        #expect(
            refusal(across).replacingOccurrences(of: across, with: "across.ply")
                == "across.ply: malformed model: a line end at byte 1048575 begins a line with no \\n after it in its 1 MiB block, where Assimp 5.2 searches on past the block"
        )
        // Found by the fifth round: Assimp copies each line over its last, and a last line with
        // no line end runs on into what a longer line before it left ("3 0 1 2 1\n" then "3 0":
        // "3 0 1 2 1"... read as the face's last line); ended, or no shorter, it does not.
        #expect(
            try ascii("3 0 1 2 1\n3 0", "runs-on.ply")
                == "runs-on.ply: malformed model: 'face' 1 is the file's last line, with no line end, and Assimp 5.2 reads it on into the longer line before it"
        )
        #expect(try ascii("3 0 1 2\n3 0 1 2", "ends.ply") == "imported")
        // A value that is not wholly a number of its type: Assimp reads its start and the rest
        // as the next value, so the list count after it would be another.
        let flagged = head.replacingOccurrences(of: "element face 2\n", with: "element face 2\nproperty uchar flags\n")
        #expect(
            refusal(try write(Array((flagged + "0.5 3 0 1 2\n1 3 0 1 2\n").utf8), "flags.ply")).hasSuffix(
                "'face' 0 has '0.5' for its property 'flags', not a number of its type"))
        #expect(refusal(try write(Array((flagged + "0 3 0 1 2\n1 3 2 1 0\n").utf8), "whole.ply")) == "imported")
        let strip = try write(
            Array(head.replacingOccurrences(of: "element face 2", with: "element tristrips 1").utf8) + Array("7 0 1 2 -1 2 1 0\n".utf8), "strip.ply")
        #expect(throws: Never.self) { try ModelImporter.preflight(path: strip) }

        // Assimp ends an element's properties at a type it does not know: the body would be
        // sized otherwise than the scan sizes it.
        let unknown = try write(
            Array(head.replacingOccurrences(of: "property float z", with: "property int64 z").utf8) + Array("3 0 1 2\n3 0 1 2\n".utf8), "type.ply")
        #expect(refusal(unknown).hasSuffix("type.ply: malformed model: header line 6: 'int64' is not a PLY property type"))
        let bare = try write(
            Array(head.replacingOccurrences(of: "list uchar int vertex_indices", with: "list uchar").utf8) + Array("3 0 1 2\n3 0 1 2\n".utf8), "list.ply")
        #expect(refusal(bare).hasSuffix("list.ply: malformed model: header line 8: a list without its two types"))
        // Assimp ends an element's properties at a comment, obj_info or a property without its
        // name, and drops the property lines after it: the body would be sized otherwise.
        for (line, name) in [("comment made by hand", "comment"), ("obj_info scanner", "info"), ("property float", "nameless")] {
            let split = try write(
                Array(head.replacingOccurrences(of: "property float y\n", with: "\(line)\nproperty float y\n").utf8) + Array("3 0 1 2\n3 0 1 2\n".utf8),
                name + ".ply")
            #expect(
                refusal(split).hasSuffix(
                    "\(name).ply: malformed model: header line 6: a property of 'vertex' after a line that ends its properties for Assimp 5.2"),
                "\(line)")
        }

        // Found by the third round: a second vertex or face element (Assimp sizes by the first
        // and loads every one into it), and texture coordinates (6 to 8 values) with fewer
        // than one corner for every two (Assimp reads them without looking).
        let second = try write(
            Array((head + "3 0 1 2\n3 0 1 2\n").replacingOccurrences(of: "element face 2", with: "element vertex 1\nproperty float x\nelement face 2").utf8),
            "second.ply")
        #expect(refusal(second).hasSuffix("second.ply: malformed model: the header declares more than one 'vertex' element"))
        let coordinates = try write(
            Array(
                (head.replacingOccurrences(of: "element face 2\n", with: "element face 2\nproperty list uchar float texcoord\n")
                    + "8 0 0 1 0 0 1 1 1 3 0 1 2\n6 0 0 1 0 0 1 3 0 1 2\n").utf8),
            "texcoord.ply")
        #expect(
            refusal(coordinates).hasSuffix(
                "texcoord.ply: malformed model: 'face' 0 has 8 texture coordinates for 3 corners (Assimp 5.2 reads a corner for every two)"))

        func le32(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
        let binaryHead =
            "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
            + "element face 2\nproperty list uchar TYPE vertex_indices\nend_header\n"
        let vertices = [UInt8](repeating: 0, count: 36)
        func binary(_ type: String, _ faces: [UInt8], _ name: String) throws -> String {
            let path = try write(Array(binaryHead.replacingOccurrences(of: "TYPE", with: type).utf8) + vertices + faces, name)
            return refusal(path).replacingOccurrences(of: path, with: name)
        }
        let triangle: [UInt8] = [3] + le32(0) + le32(1) + le32(2)
        #expect(
            try binary("int", triangle + [3] + le32(0) + le32(-1) + le32(2), "signed.ply")
                == "signed.ply: malformed model: 'face' 1 names vertex -1, outside the file's 3 vertices")
        #expect(
            try binary("uint", triangle + [3] + le32(0) + le32(-1) + le32(2), "unsigned.ply")
                == "unsigned.ply: malformed model: 'face' 1 names vertex 4294967295, outside the file's 3 vertices")
        #expect(
            try binary("int", triangle, "cut-binary.ply")
                == "cut-binary.ply: malformed model: the file ends after 1 of the 2 'face' elements its header declares")
        #expect(try binary("int", triangle + [3] + le32(2) + le32(1) + le32(0), "fine.ply") == "imported")
        // Assimp's binary reader drops a \n that begins the body: after end_header\r\n the body
        // is read from the byte after it.
        let crlf = try write(
            Array(binaryHead.replacingOccurrences(of: "TYPE", with: "int").replacingOccurrences(of: "end_header\n", with: "end_header\r\n").utf8) + vertices
                + triangle
                + [3] + le32(0) + le32(-1) + le32(2), "crlf-binary.ply")
        #expect(refusal(crlf).hasSuffix("crlf-binary.ply: malformed model: 'face' 1 names vertex -1, outside the file's 3 vertices"))
        // A signed count of -1 is 2^32 - 1 to Assimp.
        let negative = try write(
            Array(binaryHead.replacingOccurrences(of: "uchar TYPE", with: "char int").utf8) + vertices + triangle + [0xFF] + le32(0), "negative.ply")
        #expect(refusal(negative).hasSuffix("negative.ply: malformed model: 'face' 1 has a list count of -1 (Assimp 5.2 reads it as 4294967295)"))
    }

    /// References Assimp 5.2 follows without a guard, found by mutating `bender.dae` under
    /// AddressSanitizer: nodes instancing themselves (stack overflow) or each other twice over 39
    /// levels (2^39 nodes), a controller whose skin reads itself and an effect parameter naming
    /// itself (both loops without end), a skin weighing fewer vertices than its mesh has (SEGV).
    @Test func selfReferencesInACOLLADAFileAreRefused() throws {
        let bender = try String(decoding: Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/bender.dae"), as: UTF8.self)
        func variant(_ name: String, _ change: (String) -> String) throws -> String { try write(Array(change(bender).utf8), name) }
        let body = ##"<node id="body" name="body">"##
        let loop = try variant("loop.dae") {
            $0.replacingOccurrences(of: body, with: ##"<node id="a"><instance_node url="#b"/></node><node id="b"><instance_node url="#a"/></node>"## + body)
        }
        #expect(refusal(loop) == loop + ": refused: its node 'a' instances itself (through <instance_node>)")
        let doubling = (1...39).map { ##"<node id="n\##($0)"><instance_node url="#n\##($0 - 1)"/><instance_node url="#n\##($0 - 1)"/></node>"## }.joined()
        let many = try variant("many.dae") {
            $0.replacingOccurrences(
                of: "<library_visual_scenes>", with: ##"<library_nodes><node id="n0"/>"## + doubling + "</library_nodes><library_visual_scenes>"
            )
            .replacingOccurrences(of: body, with: body + ##"<instance_node url="#n39"/>"##)
        }
        #expect(refusal(many) == many + ": refused: more than 100000 node instances (<instance_node> counts each time it is used)")
        let controller = try variant("controller.dae") { $0.replacingOccurrences(of: ##"<skin source="#strip">"##, with: ##"<skin source="#strip-skin">"##) }
        #expect(refusal(controller) == controller + ": refused: its controller 'strip-skin' refers to itself")
        let weights = try variant("weights.dae") { $0.replacingOccurrences(of: ##"<vertex_weights count="4">"##, with: ##"<vertex_weights count="0">"##) }
        #expect(refusal(weights) == weights + ": refused: line 29: <vertex_weights> weighs 0 vertices of 'strip', which has 4")
        let effect = try write(
            Array(
                (##"<?xml version="1.0"?><COLLADA><library_effects><effect id="e"><profile_COMMON><newparam sid="smp"><sampler2D>"##
                    + "<source> smp </source></sampler2D></newparam></profile_COMMON></effect></library_effects></COLLADA>").utf8), "effect.dae")
        #expect(refusal(effect) == effect + ": refused: its effect parameter 'smp' refers to itself")
        #expect(try ModelImporter.load(path: Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/bender.dae", cache: nil).triangleCount == 2)
    }

    /// Assimp 5.2 looks each camera and light up in the node tree by name (32,000 took 11 s):
    /// more than 16,384 placed together are refused; as many pass the scan.
    @Test func aCOLLADAFileOfTooManyCamerasAndLightsIsRefused() throws {
        let bender = try String(decoding: Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/bender.dae"), as: UTF8.self)
        func placing(_ count: Int, _ name: String) throws -> String {
            let nodes = (0..<count).map { ##"<node id="l\##($0)"><instance_light url="#lamp"/></node>"## }.joined()
            return try write(
                Array(bender.replacingOccurrences(of: ##"<node id="body" name="body">"##, with: nodes + ##"<node id="body" name="body">"##).utf8), name)
        }
        let many = try placing(ModelPreflight.maximumCamerasAndLights + 1, "lamps.dae")
        #expect(refusal(many) == many + ": refused: it places 16385 cameras and lights, more than 16384")
        let file = try placing(ModelPreflight.maximumCamerasAndLights, "fewer.dae")
        let (stream, size) = try #require(ConfinedFileSystem.openRegularFile(file))
        defer { fclose(stream) }
        try COLLADAScan.check(stream, bytes: size, shown: file, depthLimit: 272)
    }

    /// Assimp 5.2 looks each `usemtl` up in a list of every material so far (16,000 materials
    /// each used once took 4.8 s): 40,000 statements over 20,000 library materials ask
    /// 40,000 x 60,000 = 2.4e9 comparisons, past 2^31, and are refused; 30,000 ask 1.5e9.
    @Test func anOBJAskingTooManyMaterialLookUpsIsRefused() throws {
        let dir = try Fixtures.temporaryDirectory("obj-look-ups")
        try Fixtures.write((0..<20_000).map { "newmtl m\($0)\n" }.joined(), to: dir + "/many.mtl")
        func model(uses: Int, _ name: String) throws -> String {
            try Fixtures.write(
                "mtllib many.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\n" + (0..<uses).map { "usemtl m\($0 % 20_000)\nf 1 2 3\n" }.joined(), to: dir + "/" + name)
            return dir + "/" + name
        }
        let refused = try model(uses: 40_000, "refused.obj")
        #expect(
            refusal(refused)
                == refused
                + ": refused: its 40000 usemtl statements over 20000 library materials ask Assimp 5.2 for more than 2147483648 material name comparisons (it looks each up in a list)"
        )
        let passed = try model(uses: 30_000, "passed.obj")
        #expect(throws: Never.self) { try ModelPreflight.check(passed, shownAs: passed, fileExtension: "obj", limits: .standard) }
    }

    @Test func aBinarySTLWithMoreTrianglesThanBytesIsRefused() throws {
        let path = try write([UInt8](repeating: 0, count: 80) + le(1_000_000_000) + [UInt8](repeating: 0, count: 100), "lie.stl")
        #expect(refusal(path) == path + ": malformed model: the header declares 1000000000 triangles, more than the 184-byte file can hold")
    }

    /// Found by mutating Fixtures/mover.dae under AddressSanitizer: Assimp 5.2 looped,
    /// allocating until memory ran out, on an index list holding `nan`, and wrote past its
    /// array on `count="inf"`; both are refused by line, as is a count no file this size holds.
    /// Comments, CDATA and the XML declaration are skipped; the fixture itself passes.
    @Test func aCOLLADAIndexOrCountThatIsNotAWholeNumberIsRefused() throws {
        let mover = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/mover.dae"
        let text = try String(decoding: Fixtures.read(mover), as: UTF8.self)
        func variant(_ from: String, _ to: String, _ name: String) throws -> String {
            #expect(text.contains(from))
            return try write(Array(text.replacingOccurrences(of: from, with: to).utf8), name)
        }
        let nan = try variant("<p>0 1 2</p>", "<p>0 nan 2</p>", "nan.dae")
        #expect(refusal(nan) == nan + ": malformed model: line 14: <p> holds something other than whole numbers (first: 'n')")
        let inf = try variant(#"id="tri-positions-array" count="9""#, #"id="tri-positions-array" count="inf""#, "inf.dae")
        #expect(refusal(inf) == inf + #": malformed model: line 8: <float_array> has count="inf", not a whole number"#)
        let huge = try variant(#"id="tri-positions-array" count="9""#, #"id="tri-positions-array" count="99999999""#, "huge.dae")
        #expect(refusal(huge).hasSuffix(#"line 8: <float_array> has count="99999999", more than the file's 2477 bytes could hold"#), "\(refusal(huge))")
        // Found the same way: an accessor reading past its array stopped Assimp on an assertion (an abort).
        let stride = try variant(
            ##"<accessor source="#lift-input-array" count="2" stride="1""##, ##"<accessor source="#lift-input-array" count="2" stride="3""##, "stride.dae")
        #expect(refusal(stride) == stride + ": malformed model: line 21: <accessor> reads 6 values of 'lift-input-array', which declares 2")
        let commented = try variant("<p>0 1 2</p>", "<p>0 1 2</p><!-- <p>x</p> count=\"y\" --><![CDATA[<p>z</p>]]>", "commented.dae")
        #expect(refusal(commented) == "imported" && refusal(mover) == "imported")
    }

    @Test func limitsOnSizeAndTrianglesAreTheCallersToSet() throws {
        let box = Fixtures.sharedModel("Box/Box.glb")
        #expect(refusal(box, limits: ModelLimits(maximumFileBytes: 100)).hasSuffix(": refused: the file is 1664 bytes, more than the limit of 100"))
        #expect(refusal(box, limits: ModelLimits(maximumTriangles: 5)) == box + ": refused: 12 triangles, more than the limit of 5")
        #expect(refusal(box) == "imported")
        #expect(refusal(Fixtures.sharedModel("WusonPLY/Wuson.ply")) == "imported")
    }

    /// Found by the fifth round: an OBJ line statement of one vertex (Assimp 5.2 gives it a
    /// vertex slot but no line, and a later polyline writes past the vertices), and in a file of
    /// 16 MiB or more a line continued with a backslash (followed past Assimp's buffer).
    @Test func anOBJLineOfOneVertexAndAContinuationInABigFileAreRefused() throws {
        let dir = try Fixtures.temporaryDirectory("obj-lines")
        try Fixtures.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1\nl 1 2 3\n", to: dir + "/one.obj")
        #expect(
            refusal(dir + "/one.obj") == dir
                + "/one.obj: malformed model: line 4: a line statement (l) of one vertex (Assimp 5.2 writes past its vertices after one)")
        try Fixtures.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2 \\\n 3\n", to: dir + "/small.obj")
        #expect(throws: Never.self) { try ModelImporter.preflight(path: dir + "/small.obj") }
        let big = Array("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 \\\n 3\n".utf8) + [UInt8](repeating: 0x0A, count: ModelPreflight.objBufferBytes)
        try Fixtures.write(big, to: dir + "/big.obj")
        #expect(
            refusal(dir + "/big.obj").hasSuffix(
                "big.obj: malformed model: a line continued with a backslash at byte 30 of a file of 16 MiB or more (Assimp 5.2 reads past its buffer)"))
    }

    /// Found by Scripts/fuzz model-preflight: a PLY header line "property" with nothing after
    /// it indexed past the line's words (a trap).
    @Test func aBarePropertyLineIsMalformedNotATrap() throws {
        let found = try Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Regressions/ply-bare-property.bin")
        let path = try write(Array(found.dropFirst()), "fuzzed.ply")   // the first byte picked the format
        // Its second line is no format line, so Assimp refuses it; the scan leaves it to Assimp.
        #expect(throws: Never.self) { try ModelImporter.preflight(path: path) }
        #expect(throws: ModelImportError.self) { try ModelImporter.load(path: path, cache: nil) }
        let bare = try write(Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty\nend_header\n0\n".utf8), "bare.ply")
        #expect(throws: Never.self) { try ModelImporter.preflight(path: bare) }
    }
}
