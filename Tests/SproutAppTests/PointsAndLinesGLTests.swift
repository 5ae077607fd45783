import SproutDocument
import SproutImage
import SproutScene
import SproutTesting
import Testing
@testable import SproutApp

/// glTF's LINES and POINTS primitives (modes 1 and 0) are drawn, one pixel wide and one pixel
/// large, unlit in their material's base colour.
@Suite struct PointsAndLinesGLTests {
    /// A red line from (-0.484375, 0.265625) to (0.515625, 0.265625) and three green points at
    /// y -0.671875 (x -0.671875, 0.015625, 0.515625), seen by an orthographic camera 5 m up +Z
    /// with ymag 1: 64 pixels show 2 m, a pixel is 1/32 m, and every end and point lies on a
    /// pixel's centre (x = -1 + (i + 0.5) / 32: the line from column 16 to column 48 in row 23
    /// from the top, the points in row 53 at columns 10, 32 and 48).
    static let file = """
        {"asset": {"version": "2.0"},
         "buffers": [{"byteLength": 72, "uri": "data:application/octet-stream;base64,AAD4vgAAiD4AAAAAAAAEPwAAiD4AAAAAAAAsvwAALL8AAAAAAACAPAAALL8AAAAAAAAEPwAALL8AAAAAAAABAAIAAwAEAAAA"}],
         "bufferViews": [{"buffer": 0, "byteLength": 60}, {"buffer": 0, "byteOffset": 60, "byteLength": 4}, {"buffer": 0, "byteOffset": 64, "byteLength": 6}],
         "accessors": [
          {"bufferView": 0, "componentType": 5126, "count": 5, "type": "VEC3", "min": [-0.671875, -0.671875, 0], "max": [0.515625, 0.265625, 0]},
          {"bufferView": 1, "componentType": 5123, "count": 2, "type": "SCALAR"},
          {"bufferView": 2, "componentType": 5123, "count": 3, "type": "SCALAR"}],
         "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}}, {"pbrMetallicRoughness": {"baseColorFactor": [0, 1, 0, 1]}}],
         "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "mode": 1, "material": 0},
                                    {"attributes": {"POSITION": 0}, "indices": 2, "mode": 0, "material": 1}]}],
         "cameras": [{"type": "orthographic", "orthographic": {"xmag": 1, "ymag": 1, "znear": 0.1, "zfar": 100}}],
         "nodes": [{"mesh": 0}, {"name": "eye", "camera": 0, "translation": [0, 0, 5]}],
         "scenes": [{"nodes": [0, 1]}], "scene": 0}
        """

    /// The pixels whose colour is exactly `rgb`, as (column, row from the top).
    func pixels(_ image: Image, _ rgb: (UInt8, UInt8, UInt8)) -> [SIMD2<Int>] {
        stride(from: 0, to: image.pixels.count, by: 4).compactMap { i in
            image.pixels[i] == rgb.0 && image.pixels[i + 1] == rgb.1 && image.pixels[i + 2] == rgb.2
                ? SIMD2(i / 4 % image.width, i / 4 / image.width) : nil
        }
    }

    /// OpenGL's line rule (the diamond exit rule, 3.5 of the 4.5 core specification) lights
    /// columns 16 to 47 of the line's row: 32 pixels, one row, where the 1 m line is 32 pixels
    /// long; each point lights the one pixel whose centre it is on.
    @Test func linesAndPointsAreDrawnAPixelWide() throws {
        let dir = try Fixtures.temporaryDirectory("points-lines")
        try Fixtures.write(Self.file, to: dir + "/marks.gltf")
        try Fixtures.write(
            "size: [64, 64]\ntoneMapping: none\nshadows: false\ncamera: { name: eye }\nmodels:\n  - marks.gltf\n",
            to: dir + "/marks.yaml")
        let image = try SceneView.render(path: dir + "/marks.yaml")
        let red = pixels(image, (255, 0, 0)), green = pixels(image, (0, 255, 0))
        #expect(red.count == 32 && red.allSatisfy { $0.y == 23 } && red.map(\.x).min() == 16 && red.map(\.x).max() == 47, "\(red)")
        #expect(green.sorted { $0.x < $1.x } == [SIMD2(10, 53), SIMD2(32, 53), SIMD2(48, 53)], "\(green)")
    }
}
