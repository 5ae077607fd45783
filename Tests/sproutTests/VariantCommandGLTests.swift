import Foundation
import SproutImage
import SproutTesting
import Testing

/// KHR_materials_variants where a user meets a model: `sprout render MODEL --variant` and a
/// scene file's `variant:` draw its materials in that variant; a variant the file lacks is an
/// error naming the line, the field and the variants it has.
@Suite(.serialized) struct VariantCommandGLTests {
    static let pair = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/variant-pair.gltf"

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try Tool.runSprout(arguments, label: "variant-log") }

    /// Pixels of exactly red, green and blue (unlit, no tone mapping: the materials' own colours).
    func counts(_ path: String) throws -> [Int] {
        let image = try ImageFile.read(path: path)
        var counts = [0, 0, 0]
        for p in stride(from: 0, to: image.pixels.count, by: 4) {
            switch (image.pixels[p], image.pixels[p + 1], image.pixels[p + 2]) {
            case (255, 0, 0): counts[0] += 1
            case (0, 255, 0): counts[1] += 1
            case (0, 0, 255): counts[2] += 1
            default: break
            }
        }
        return counts
    }

    @Test func aSceneFileAndRenderDrawTheVariantsMaterials() throws {
        let dir = try Fixtures.temporaryDirectory("variant-scene")
        func scene(_ variant: String) -> String {
            """
            size: [96, 48]
            toneMapping: none
            shadows: false
            camera: { position: [1.5, 0.5, 2.5], lookAt: [1.5, 0.5, 0] }
            models:
              - { model: \(Self.pair)\(variant) }

            """
        }
        for (name, variant) in [("default", ""), ("midnight", ", variant: Midnight"), ("beach", ", variant: Beach")] {
            try Fixtures.write(scene(variant), to: dir + "/\(name).yaml")
            let r = try run(["render", dir + "/\(name).yaml", "-o", dir + "/\(name).png"])
            #expect(r.status == 0, "\(r.output)")
        }
        // The left triangle's pixels, then the right one's: the same two shapes in every picture.
        let standard = try counts(dir + "/default.png")
        let (left, right) = (standard[0], standard[1])
        #expect(left > 100 && right > 100 && standard[2] == 0, "\(standard)")
        #expect(try counts(dir + "/midnight.png") == [right, 0, left])
        #expect(try counts(dir + "/beach.png") == [0, left + right, 0])
        // `sprout render MODEL --variant` draws the same picture.
        let cli = try run([
            "render", Self.pair, "--variant", "Midnight", "--size", "96x48", "--no-shadows", "--camera-position", "1.5,0.5,2.5",
            "--look-at", "1.5,0.5,0", "--verbose", "-o", dir + "/cli.png"
        ])
        #expect(cli.status == 0 && cli.output.contains("material variants: 'Midnight', 'Beach'"), "\(cli.output)")
        try Fixtures.write(scene(", variant: Noon"), to: dir + "/noon.yaml")
        let noon = try run(["render", dir + "/noon.yaml", "-o", dir + "/noon.png"])
        #expect(
            noon.status == 1
                && noon.output.contains("noon.yaml:6: models[0].variant: \(Self.pair): has no material variant 'Noon' (it declares 'Midnight', 'Beach')"),
            "\(noon.output)")
        try Fixtures.write(scene("").replacingOccurrences(of: Self.pair, with: "pot, variant: Midnight"), to: dir + "/pot.yaml")
        let pot = try run(["render", dir + "/pot.yaml", "-o", dir + "/pot.png"])
        #expect(
            pot.status == 1 && pot.output.contains("pot.yaml:6: models[0].variant: pot: has no material variant 'Midnight' (it declares none)"),
            "\(pot.output)")
        let both = try run(["render", dir + "/midnight.yaml", "--variant", "Beach"])
        #expect(both.status != 0 && both.output.contains("give variant: NAME in"), "\(both.output)")
    }
}
