import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// KHR_materials_sheen against values worked out by hand: a black, fully rough dielectric quad
/// seen square on (n.v = 1), no tone mapping, so each pixel is the sRGB encoding of its light.
/// Its own reflection of a uniform environment of radiance 1 is the split sum's
/// 0.04 x 0.4524 - 0.0024 = 0.015696 (Karis's fit at roughness 1); a white sheen of roughness 1
/// reflects its albedo E(1, 1) = 0.1638 (the integral of the Charlie sheen over the hemisphere)
/// and leaves the layer below 1 - 0.1638 of its light.
@Suite(.serialized) final class SheenGLTests {
    let context: HeadlessContext
    let renderer: Renderer
    let camera = Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40)

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    /// A cloth material: `base` colour, a dielectric of roughness 1, with `sheen` of `roughness`.
    func cloth(sheen: Vec3, roughness: Float, base: Float = 0) -> Material {
        var material = Material(baseColor: Vec4(base, base, base, 1), metallic: 0, roughness: 1)
        material.sheenColor = sheen
        material.sheenRoughness = roughness
        return material
    }

    /// The centre pixel's RGB of a 2 x 2 m quad of `material` facing +Z (turned by `transform`).
    func centre(_ material: Material, lighting: Lighting, transform: Transform = Transform()) throws -> [UInt8] {
        try context.makeCurrent()
        let quad = Mesh(
            name: "quad", positions: [Vec3(-1, 1, 0), Vec3(1, 1, 0), Vec3(1, -1, 0), Vec3(-1, -1, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4), indices: [0, 2, 1, 0, 3, 2])
        let scene = Scene(lighting: lighting)
        scene.addChild(Entity(name: "cloth", transform: transform, model: ModelComponent(mesh: quad, material: material)))
        // 15 x 15: the centre pixel's centre is the view's, so it is seen exactly square on.
        let target = try OffscreenTarget(width: 15, height: 15, samples: 0)
        let options = RenderOptions(shadows: false, toneMapping: .none)
        try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1), options: options), into: target)
        let pixels = target.readPixels()
        return Array(pixels[(7 * 15 + 7) * 4..<(7 * 15 + 7) * 4 + 3])
    }

    /// Ambient light only: without sheen encode(0.015696) = 33.6; a white sheen adds its albedo,
    /// encode(0.015696 x 0.8362 + 0.1638) = 116.7; a red one adds it to red alone, and scales the
    /// layer below by its strongest channel: green and blue encode(0.015696 x 0.8362) = 30.2.
    @Test func aUniformEnvironmentGivesTheSheensAlbedo() throws {
        let ambient = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        #expect(try centre(cloth(sheen: .zero, roughness: 1), lighting: ambient) == [34, 34, 34])
        let white = try centre(cloth(sheen: .one, roughness: 1), lighting: ambient)
        #expect(white.allSatisfy { abs(Int($0) - 117) <= 1 }, "\(white)")
        let red = try centre(cloth(sheen: Vec3(1, 0, 0), roughness: 1), lighting: ambient)
        #expect(abs(Int(red[0]) - 117) <= 1 && abs(Int(red[1]) - 30) <= 1 && red[1] == red[2], "\(red)")
    }

    /// The sun behind the camera: square on, the fibres reflect nothing (the Charlie distribution
    /// is sin(h)^(1/a), 0 at h = n), so only the scaling shows: the base's specular
    /// pi x 0.04 x (1 / pi) x 0.25 = 0.01 (encode: 25.5) becomes 0.01 x 0.8362 (22.6).
    @Test func squareOnTheSunLightsOnlyTheLayerBelow() throws {
        let sun = Lighting(directionToLight: Vec3(0, 0, 1), intensity: 1, ambient: 0, castsShadows: false)
        let plain = try centre(cloth(sheen: .zero, roughness: 1), lighting: sun)
        let sheen = try centre(cloth(sheen: .one, roughness: 1), lighting: sun)
        #expect(plain.allSatisfy { abs(Int($0) - 25) <= 1 } && sheen.allSatisfy { abs(Int($0) - 23) <= 1 }, "\(plain) \(sheen)")
    }

    /// At a grazing angle the sheen brightens the cloth: the quad turned 75 degrees away is
    /// brighter with a white sheen than without, under the same ambient light.
    @Test func grazingAnglesShine() throws {
        let ambient = Lighting(intensity: 0, ambient: 1, castsShadows: false)
        let turned = Transform(rotation: Quaternion(angle: 75 * .pi / 180, axis: Vec3(0, 1, 0)))
        let plain = Int(try centre(cloth(sheen: .zero, roughness: 0.3, base: 0.2), lighting: ambient, transform: turned)[0])
        let sheen = Int(try centre(cloth(sheen: .one, roughness: 0.3, base: 0.2), lighting: ambient, transform: turned)[0])
        #expect(sheen > plain + 40, "\(plain) -> \(sheen)")
    }
}
