import SproutDocument
import SproutImage
import SproutScene
import SproutTesting
import Testing
@testable import SproutApp

/// KHR_materials_pbrSpecularGlossiness, drawn: a material of the archived extension looks
/// exactly as the metallic-roughness one it stands for.
@Suite struct SpecularGlossinessGLTests {
    /// The fixture's square (Fixtures/README.md) drawn with `material` put first in its
    /// materials (its primitive draws material 0), through its orthographic camera "near".
    func picture(_ name: String, material: String, in dir: String) throws -> Image {
        let square = try Fixtures.read(Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/orthographic-square.gltf")
        let text = String(decoding: square, as: UTF8.self).replacingOccurrences(of: #""materials": ["#, with: "\"materials\": [\(material), ")
        try Fixtures.write(text, to: dir + "/\(name).gltf")
        try Fixtures.write("size: [32, 32]\ncamera: { name: near }\nshadows: false\nmodels:\n  - \(name).gltf\n", to: dir + "/\(name).yaml")
        return try SceneView.render(path: dir + "/\(name).yaml")
    }

    /// Base colour the diffuse, no metal, roughness 1 - glossiness (0.4), KHR_materials_specular's
    /// colour the specular factor over 0.04 (0.5): the same pixels, and red, where Assimp's
    /// conversion had drawn the square white.
    @Test func aSpecularGlossinessMaterialDrawsAsItsMetallicRoughnessTwin() throws {
        let dir = try Fixtures.temporaryDirectory("specgloss-twin")
        let specularGlossiness = try picture(
            "sg",
            material: """
                {"extensions": {"KHR_materials_pbrSpecularGlossiness":
                  {"diffuseFactor": [0.8, 0.1, 0.1, 1], "specularFactor": [0.02, 0.02, 0.02], "glossinessFactor": 0.6}}}
                """, in: dir)
        let metallicRoughness = try picture(
            "mr",
            material: """
                {"pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.1, 0.1, 1], "metallicFactor": 0, "roughnessFactor": 0.4},
                 "extensions": {"KHR_materials_specular": {"specularColorFactor": [0.5, 0.5, 0.5]}}}
                """, in: dir)
        #expect(specularGlossiness == metallicRoughness)
        let centre = (16 * 32 + 16) * 4
        #expect(specularGlossiness.pixels[centre] > 2 * specularGlossiness.pixels[centre + 1], "\(specularGlossiness.pixels[centre..<centre + 4])")
    }
}
