import SproutImage
import SproutScene
import SproutTesting
import Testing

@testable import SproutAssets

/// What an import decodes ahead, together: only PNG and JPEG images whose declared sizes fit.
@Suite struct ImagePrefetchTests {
    private let red = Image(width: 2, height: 2, fill: (255, 0, 0, 255))
    private let green = Image(width: 3, height: 1, fill: (0, 255, 0, 255))

    /// `sources` added to a prefetch in turn, then decoded.
    private func decode(_ sources: [(reference: String, bytes: [UInt8])], maximumPixels: Int, pixelBudget: Int) -> [String: Result<Image, any Error>] {
        var prefetch = ImagePrefetch(maximumPixels: maximumPixels, pixelBudget: pixelBudget)
        for source in sources { prefetch.add(source.reference, bytes: source.bytes) }
        return prefetch.decode()
    }

    @Test func twoImagesAreDecodedWithTheirErrorsKept() throws {
        let sources = [
            ("red.png", try ImageCodec.encodePNG(red)), ("green.png", try ImageCodec.encodePNG(green)),
            (
                "broken.png",
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0, 0, 0, 0]
            )
        ]
        let decoded = decode(sources.map { (reference: $0.0, bytes: $0.1) }, maximumPixels: 100, pixelBudget: 100)
        #expect(try decoded["red.png"]?.get() == red)
        #expect(try decoded["green.png"]?.get() == green)
        // Its header declares 1 x 1 (counted), its data is missing: the error waits for its material.
        #expect(throws: (any Error).self) { try decoded["broken.png"]?.get() }
    }

    /// 4 + 3 pixels declared: within a budget of 7, past one of 6 (nothing decoded ahead); one
    /// image alone is left to its material; bytes whose size cannot be read are left out; the
    /// encoded bytes held are bounded likewise.
    @Test func nothingIsDecodedAheadPastTheBudgetOrForOneImage() throws {
        let sources = [(reference: "red.png", bytes: try ImageCodec.encodePNG(red)), (reference: "green.png", bytes: try ImageCodec.encodePNG(green))]
        #expect(decode(sources, maximumPixels: 100, pixelBudget: 7).count == 2)
        #expect(decode(sources, maximumPixels: 100, pixelBudget: 6).isEmpty)
        #expect(decode(Array(sources.prefix(1)), maximumPixels: 100, pixelBudget: 100).isEmpty)
        #expect(decode(sources + [(reference: "text.webp", bytes: Array("RIFF....WEBP".utf8))], maximumPixels: 100, pixelBudget: 100).count == 2)
        // Encoded bytes held at once: both files fit a budget of their sizes together, not one less.
        let held = sources[0].bytes.count + sources[1].bytes.count
        for (budget, count) in [(held, 2), (held - 1, 0)] {
            var prefetch = ImagePrefetch(maximumPixels: 100, pixelBudget: 100, byteBudget: budget)
            for source in sources { prefetch.add(source.reference, bytes: source.bytes) }
            #expect(prefetch.decode().count == count && prefetch.isWithinBudgets == (count == 2))
        }
    }

    /// A quad whose material 0 has a base colour and an emissive texture (decoded together) and
    /// whose material 1, drawn by no node, names a file that is not an image.
    private func quad(baseColor: String) -> String {
        OneTriangleGLTF.geometry.replacingOccurrences(of: #""indices": 1}]}]"#, with: #""indices": 1, "material": 0}]}]"#)
            + #"""
             "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}, "emissiveTexture": {"index": 1}, "emissiveFactor": [1, 1, 1]},
                           {"pbrMetallicRoughness": {"baseColorTexture": {"index": 2}}}],
             "textures": [{"source": 0}, {"source": 1}, {"source": 2}],
             "images": [{"uri": "\#(baseColor)"}, {"uri": "green.png"}, {"uri": "unused.png"}],
             "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]}
            """#
    }

    /// Through an import: the drawn material's two images arrive decoded; the undrawn one's
    /// file, not an image, is never read (as before); a drawn image that cannot be decoded
    /// fails the import naming it, as the one-by-one path did.
    @Test func anImportTakesItsDecodedImagesAndReportsTheBrokenOne() throws {
        let dir = try Fixtures.temporaryDirectory("gltf-prefetch")
        try Fixtures.write(try ImageCodec.encodePNG(red), to: dir + "/red.png")
        try Fixtures.write(try ImageCodec.encodePNG(green), to: dir + "/green.png")
        try Fixtures.write("not an image", to: dir + "/unused.png")
        try Fixtures.write(Array(try ImageCodec.encodePNG(red).prefix(40)), to: dir + "/cut.png")
        try Fixtures.write(quad(baseColor: "red.png"), to: dir + "/quad.gltf")
        let material = try #require(try ModelImporter.load(path: dir + "/quad.gltf", cache: nil).root.firstEntity { $0.model != nil }?.model?.parts[0].material)
        #expect(material.baseColorTexture?.image == red)
        #expect(material.emissiveTexture?.image == green)
        try Fixtures.write(quad(baseColor: "cut.png"), to: dir + "/cut.gltf")
        #expect {
            try ModelImporter.load(path: dir + "/cut.gltf", cache: nil)
        } throws: { error in
            "\(error)".hasPrefix(dir + "/cut.gltf: texture 'cut.png': cut.png: cannot decode image:")
        }
    }

    /// Any format's textures are decoded ahead, noting what reading them notes only as they are
    /// used: an OBJ's emissive map named by another machine's path, found by its file name in
    /// the model's folder, is said once; a material no face uses, naming a file outside the
    /// folder, is not read and refuses nothing.
    @Test func anOBJsTexturesAreReadAheadNotingWhatIsUsed() throws {
        let dir = try Fixtures.temporaryDirectory("obj-prefetch")
        try Fixtures.write(try ImageCodec.encodePNG(red), to: dir + "/red.png")
        try Fixtures.write(try ImageCodec.encodePNG(green), to: dir + "/green.png")
        try Fixtures.write(
            "newmtl a\nKd 1 1 1\nmap_Kd red.png\nmap_Ke C:\\Users\\me\\green.png\nnewmtl b\nmap_Kd ../outside.png\n", to: dir + "/m.mtl")
        try Fixtures.write("mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl a\nf 1/1 2/2 3/3\n", to: dir + "/tri.obj")
        let asset = try ModelImporter.load(path: dir + "/tri.obj", cache: nil)
        let material = try #require(asset.root.firstEntity { $0.model != nil }?.model?.parts[0].material)
        #expect(material.baseColorTexture?.image == red)
        #expect(material.emissiveTexture?.image == green)
        #expect(asset.warnings.filter { $0.contains("names 1 texture(s) by a path not beside it") }.count == 1)
    }
}
