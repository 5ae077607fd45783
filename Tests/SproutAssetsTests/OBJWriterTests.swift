import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutAssets

/// OBJ + MTL written by Sprout: the material's statements, and a round trip through the importer.
@Suite struct OBJWriterTests {
    var material: Material {
        var material = Material(name: "leaf", baseColor: Vec4(0.2, 0.4, 0.6, 1), metallic: 0.5, roughness: 0.5)
        material.specular = 0.8
        material.ior = 1.4
        material.emissive = Vec3(2, 0, 0)
        return material
    }

    /// Ns = (1 - 0.5)² x 1000 = 250, Ks half the weight 0.8, Ka the metalness under illum 3.
    @Test func aMaterialIsWrittenInBothModels() {
        #expect(
            OBJWriter.statements(of: material) == """
                Kd 0.200000 0.400000 0.600000
                d 1.000000
                Ka 0.500000 0.500000 0.500000
                Ks 0.400000 0.400000 0.400000
                Ns 250.000000
                Ni 1.400000
                Ke 2.000000 0.000000 0.000000
                illum 3
                Pr 0.500000
                Pm 0.500000

                """)
    }

    /// What is written reads back as it was (through Pr and Pm; Ns, Ka and illum say the same).
    @Test func aWrittenModelReadsBackWithItsMaterial() throws {
        let dir = try Fixtures.temporaryDirectory("obj-writer")
        try OBJWriter.write([ModelPart(mesh: MeshFactory.box(size: Vec3(1, 1, 1), name: "box"), material: material)], to: dir + "/box.obj")
        let asset = try ModelImporter.load(path: dir + "/box.obj", cache: nil)
        #expect(asset.warnings.isEmpty, "\(asset.warnings)")
        let read = try #require(asset.materials.first { $0.name == "leaf" })
        #expect(read.baseColor.isApproximatelyRGB(material.baseColor.xyz) && read.baseColor.w == 1)
        #expect(abs(read.roughness - 0.5) < 1e-6 && abs(read.metallic - 0.5) < 1e-6)
        #expect(abs(read.specular - 0.8) < 1e-6 && abs(read.ior - 1.4) < 1e-6)
        #expect(read.emissive.isApproximately(Vec3(2, 0, 0), tolerance: 1e-6))
        #expect(asset.triangleCount == 12)
    }
}
