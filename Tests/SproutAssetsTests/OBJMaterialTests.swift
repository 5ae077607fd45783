import SproutImage
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// OBJ's MTL statements read in the metallic-roughness model as Blender's OBJ importer reads
/// them, and the textures Sprout does not draw named in one warning.
@Suite struct OBJMaterialTests {
    /// Three triangles, one per material.
    func writeModel(mtl: String, label: String) throws -> String {
        let dir = try Fixtures.temporaryDirectory(label)
        let pixel = try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [128, 128, 255, 255]))
        for name in ["normal.png", "spec.png"] { try Fixtures.write(pixel, to: dir + "/" + name) }
        try Fixtures.write(try ImageCodec.encodePNG(Image(width: 2, height: 1, pixels: [64, 64, 64, 255, 192, 192, 192, 255])), to: dir + "/rough.png")
        try Fixtures.write(try ImageCodec.encodePNG(Image(width: 1, height: 1, pixels: [255, 0, 0, 255])), to: dir + "/metal.png")
        try Fixtures.write(mtl, to: dir + "/model.mtl")
        try Fixtures.write(
            """
            mtllib model.mtl
            v 0 0 0
            v 1 0 0
            v 0 1 0
            vt 0 0
            vt 1 0
            vt 0 1
            vn 0 0 1
            usemtl polished
            f 1/1/1 2/2/1 3/3/1
            usemtl matte
            f 1/1/1 3/3/1 2/2/1
            usemtl mapped
            f 2/2/1 3/3/1 1/1/1
            usemtl plain
            f 3/3/1 1/1/1 2/2/1
            """, to: dir + "/model.obj")
        return dir + "/model.obj"
    }

    /// polished: Ns 250 is roughness 1 - sqrt(0.25) = 0.5; illum 3 reflects, so Ka's mean 0.3
    /// is the metalness; Ks's mean 0.25 weighs the reflectance by 0.5; Ni 1.45 is the index;
    /// map_Bump with -bm 0.5 is the normal map at half scale. matte: illum 2 does not reflect
    /// (metalness 0 whatever Ka), Pr 0.3 overrides Ns, Ks 1 gives at most weight 1, Ni 1 is
    /// given, so it is the index, as in Blender (no reflection); it names no map, so it has no
    /// normal map.
    @Test func mtlStatementsAreReadAsBlenderReadsThem() throws {
        let path = try writeModel(
            mtl: """
                newmtl polished
                Kd 0.8 0.2 0.1
                Ka 0.3 0.3 0.3
                Ks 0.25 0.25 0.25
                Ns 250
                Ni 1.45
                illum 3
                map_Bump -bm 0.5 normal.png
                map_Ks spec.png
                map_Kd -s 2 4 1 -o 0.25 0.5 0 spec.png
                newmtl matte
                Kd 0.5 0.5 0.5
                Ka 1 1 1
                Ks 1 1 1
                Ns 900
                Pr 0.3
                Ni 1
                illum 2
                newmtl mapped
                Pr 0.3
                Pm 0.2
                map_Pr rough.png
                map_Pm metal.png
                newmtl plain
                Kd 0.7 0.7 0.7
                illum 2
                """, label: "obj-materials")
        let asset = try ModelImporter.load(path: path, cache: nil)
        let polished = try #require(asset.materials.first { $0.name == "polished" })
        #expect(polished.baseColor == Vec4(0.8, 0.2, 0.1, 1))
        #expect(abs(polished.roughness - 0.5) < 1e-6 && abs(polished.metallic - 0.3) < 1e-6)
        #expect(abs(polished.specular - 0.5) < 1e-6 && abs(polished.ior - 1.45) < 1e-6)
        #expect(polished.normalTexture?.name == "normal.png" && polished.normalScale == 0.5)
        let matte = try #require(asset.materials.first { $0.name == "matte" })
        #expect(abs(matte.roughness - 0.3) < 1e-6 && matte.metallic == 0 && matte.specular == 1 && matte.ior == 1)
        #expect(matte.normalTexture == nil)
        // mapped: map_Pr and map_Pm made one metallic-roughness texture (the roughness map's grey
        // levels in green, the red metal map's luminance 0.2126 x 255 = 54 in blue), which
        // replaces the factors.
        let mapped = try #require(asset.materials.first { $0.name == "mapped" })
        #expect(mapped.roughness == 1 && mapped.metallic == 1)
        #expect(mapped.metallicRoughnessTexture?.image == Image(width: 2, height: 1, pixels: [255, 64, 54, 255, 255, 192, 54, 255]))
        // plain gives no Ks under illum 2: weight 1 (Blender's level 1); mapped gives none under
        // the default illum 1: 0. Neither gives Ni: 1.5.
        let plain = try #require(asset.materials.first { $0.name == "plain" })
        #expect(plain.specular == 1 && mapped.specular == 0 && plain.ior == 1.5 && mapped.ior == 1.5)
        // map_Kd's -s 2 4 1 -o 0.25 0.5 0: u 2u + 0.25; v (down the image) 4v + (1 - 4 - 0.5).
        #expect(polished.mapping(.baseColor) == TextureMapping(offset: Vec2(0.25, -3.5), scale: Vec2(2, 4)))
        #expect(matte.mapping(.baseColor) == .identity)
        #expect(asset.warnings == ["\(path): has textures Sprout does not draw: specular colour (map_Ks, SpecularColor) in 1 material(s)"])
    }

    /// Values that are not numbers (`nan`, `inf`) fall back as absent ones do, so nothing drawn
    /// from them is undefined.
    @Test func valuesThatAreNotNumbersFallBack() throws {
        let path = try writeModel(
            mtl: """
                newmtl polished
                Ka inf inf inf
                Ks nan nan nan
                Ns nan
                Ni inf
                illum 3
                map_Bump -bm nan normal.png
                newmtl matte
                Pr inf
                Pm nan
                illum 3
                """, label: "obj-not-numbers")
        let asset = try ModelImporter.load(path: path, cache: nil)
        for material in asset.materials where ["polished", "matte"].contains(material.name) {
            for value in [material.roughness, material.metallic, material.specular, material.ior, material.normalScale] {
                #expect(value.isFinite, "\(material.name): \(value)")
            }
        }
    }

    /// The combined map is counted against the texture-pixel limit before it is made: a 64 x 1
    /// roughness strip and a 1 x 64 metalness strip would make 64 x 64 = 4,096 pixels, past a
    /// limit of 256 that the strips themselves (128) are within.
    @Test func theCombinedMapCountsAgainstTheLimit() throws {
        let dir = try Fixtures.temporaryDirectory("obj-strips")
        try Fixtures.write(try ImageCodec.encodePNG(Image(width: 64, height: 1, fill: (128, 128, 128, 255))), to: dir + "/rough.png")
        try Fixtures.write(try ImageCodec.encodePNG(Image(width: 1, height: 64, fill: (255, 255, 255, 255))), to: dir + "/metal.png")
        try Fixtures.write("newmtl strips\nmap_Pr rough.png\nmap_Pm metal.png\n", to: dir + "/strips.mtl")
        try Fixtures.write("mtllib strips.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl strips\nf 1 2 3\n", to: dir + "/strips.obj")
        #expect {
            try ModelImporter.load(path: dir + "/strips.obj", limits: ModelLimits(maximumTexturePixels: 256), cache: nil)
        } throws: { error in
            "\(error)" == "\(dir)/strips.obj: refused: 4224 texture pixels, more than the limit of 256"
        }
    }

    /// An OBJ without a material library is drawn with Sprout's own default material, not one
    /// read from Assimp's stand-in (whose Ns 0 and Ks 0 would make it rough and unreflective).
    /// A map whose -s or -o gives fewer than three values (the MTL format allows one to three):
    /// Assimp 5.2 skips three after either, taking the file name with them, and drew the
    /// material without the map. Sprout reads it by the name the statement gives, with its
    /// options: -s 2 2 is the scale (offset v 1 - 2 - 0 = -1 in Sprout's coordinates), and a
    /// bump map's -bm 0.5 its scale, -o 0.25 0.5 its offset (v 1 - 1 - 0.5 = -0.5).
    @Test func mapsAssimpLostToShortOptionsAreRead() throws {
        let path = try writeModel(
            mtl: "newmtl polished\nmap_Kd -s 2 2 rough.png\nmap_Bump -bm 0.5 -o 0.25 0.5 normal.png\nnewmtl matte\nmap_Kd -s 2 2 2 rough.png\n",
            label: "obj-short-options")
        let asset = try ModelImporter.load(path: path, cache: nil)
        let polished = try #require(asset.materials.first { $0.name == "polished" })
        #expect(polished.baseColorTexture?.image.pixels == [64, 64, 64, 255, 192, 192, 192, 255])
        #expect(polished.mapping(.baseColor) == TextureMapping(offset: Vec2(0, -1), scale: Vec2(2, 2)))
        #expect(polished.normalTexture?.image.pixels == [128, 128, 255, 255] && polished.normalScale == 0.5)
        #expect(polished.mapping(.normal) == TextureMapping(offset: Vec2(0.25, -0.5), scale: Vec2(1, 1)))
        // Three values Assimp reads itself; the same texture, the same mapping.
        let matte = try #require(asset.materials.first { $0.name == "matte" })
        #expect(matte.baseColorTexture?.image.pixels == [64, 64, 64, 255, 192, 192, 192, 255])
        #expect(matte.mapping(.baseColor) == TextureMapping(offset: Vec2(0, -1), scale: Vec2(2, 2)))
    }

    /// A material is known by Assimp's name for it, the rest of its `newmtl` line as written:
    /// a tab or two blanks inside a name are kept (they had been joined into one blank, so the
    /// MTL's own statements went unfound). Each gives illum 2 and no Ks: reflectance weight 1
    /// (without the statements found, Assimp's absent Ks, black, gave 0).
    @Test func materialNamesKeepTheirBlanksAsAssimpReadsThem() throws {
        let dir = try Fixtures.temporaryDirectory("obj-names")
        try Fixtures.write("newmtl glass\tpane  \nKd 1 1 1\nillum 2\nnewmtl two  blanks\nKd 1 1 1\nillum 2\n", to: dir + "/names.mtl")
        try Fixtures.write(
            "mtllib names.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl glass\tpane\nf 1 2 3\nusemtl two  blanks\nf 1 3 2\n", to: dir + "/names.obj")
        let asset = try ModelImporter.load(path: dir + "/names.obj", cache: nil)
        let byName = Dictionary(uniqueKeysWithValues: asset.materials.map { ($0.name, $0) })
        #expect(byName["glass\tpane"]?.specular == 1)
        #expect(byName["two  blanks"]?.specular == 1)
        var statements = OBJMaterialStatements(), material: String?
        statements.add(line: "  newmtl  ", of: &material)
        #expect(material == "DefaultMaterial")
    }

    @Test func aModelWithoutAMaterialLibraryKeepsTheDefaults() throws {
        let dir = try Fixtures.temporaryDirectory("obj-no-mtl")
        try Fixtures.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", to: dir + "/bare.obj")
        let material = try #require(try ModelImporter.load(path: dir + "/bare.obj", cache: nil).materials.first)
        #expect(material.roughness == Material().roughness && material.specular == 1 && material.metallic == 0)
    }
}
