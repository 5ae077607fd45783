import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// A scene's sky is drawn where nothing else is, with the colour `Sky.color(along:)` gives.
@Suite(.serialized) final class SkyGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    @Test func theSkyFillsWhatNothingCoversWithItsGradient() throws {
        let scene = Scene()
        scene.sky = .daylight
        let camera = Camera.looking(from: Vec3(0, 1, 0), at: Vec3(0, 1, -1), fovYDegrees: 60)
        let renderer = try Renderer(context: context)
        let target = try OffscreenTarget(width: 32, height: 32, samples: 0)
        try renderer.render(scene, view: View(camera: camera, clearColor: Vec4(1, 0, 1, 1)), into: target)
        let rgba = target.readPixels()
        // Rows top-down. A pixel's centre direction: y = 1 - (row + 0.5) / 16 of tan 30.
        func pixel(row: Int) -> Vec3 {
            let i = (row * 32 + 16) * 4
            return Vec3(Float(rgba[i]), Float(rgba[i + 1]), Float(rgba[i + 2]))
        }
        func expected(row: Int) -> Vec3 {
            let y = 1 - (Float(row) + 0.5) / 16
            let c = Sky.daylight.color(along: Vec3(0.5 / 16 * tan(Float.pi / 6), y * tan(Float.pi / 6), -1))
            return Vec3(sRGBByte(c.x), sRGBByte(c.y), sRGBByte(c.z))
        }
        for row in [0, 8, 15, 16, 24, 31] {
            let d = pixel(row: row) - expected(row: row)
            #expect(max(abs(d.x), max(abs(d.y), abs(d.z))) <= 1, "row \(row): \(pixel(row: row)) against \(expected(row: row))")
        }
        #expect(pixel(row: 0).z > pixel(row: 0).x)   // blue above
        #expect(pixel(row: 31).x > pixel(row: 31).z)   // the warm grey ground below
    }

    /// The sky is drawn after the opaque surfaces, only where they left the far plane, and
    /// before the blended ones: an opaque unlit quad keeps its colour, a half-transparent one
    /// over the sky is half its colour and half the sky's (blended as encoded: (255 + sky) / 2).
    @Test func theSkyLiesBehindOpaqueSurfacesAndUnderBlendedOnes() throws {
        let camera = Camera.looking(from: Vec3(0, 1, 3), at: Vec3(0, 1, 0), fovYDegrees: 40)
        let renderer = try Renderer(context: context)
        func centre(alpha: Float) throws -> Vec3 {
            let scene = Scene(lighting: Lighting(castsShadows: false))
            scene.sky = .daylight
            let quad = Mesh(
                name: "quad", positions: [Vec3(-1, 2, 0), Vec3(1, 2, 0), Vec3(1, 0, 0), Vec3(-1, 0, 0)],
                normals: Array(repeating: Vec3(0, 0, 1), count: 4), indices: [0, 2, 1, 0, 3, 2])
            let material = Material(baseColor: Vec4(1, 1, 1, alpha), isUnlit: true, blending: alpha < 1 ? .transparent : .opaque)
            scene.addChild(Entity(name: "quad", model: ModelComponent(mesh: quad, material: material)))
            let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
            try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: false)), into: target)
            let rgba = target.readPixels()
            let i = (8 * 16 + 8) * 4
            return Vec3(Float(rgba[i]), Float(rgba[i + 1]), Float(rgba[i + 2]))
        }
        let horizon = Sky.daylight.color(along: Vec3(0.5 / 8 * tan(Float.pi / 9), -0.5 / 8 * tan(Float.pi / 9), -1))
        let sky = Vec3(sRGBByte(horizon.x), sRGBByte(horizon.y), sRGBByte(horizon.z))
        #expect(try centre(alpha: 1) == Vec3(255, 255, 255))
        let half = try centre(alpha: 0.5), expected = (Vec3(repeating: 255) + sky) / 2
        #expect(max(abs(half.x - expected.x), abs(half.y - expected.y), abs(half.z - expected.z)) <= 1.5, "\(half) against \(expected)")
        #expect(half.x < 250)   // the sky shows through: not drawn over the quad, not left out
    }

    private func sRGBByte(_ linear: Float) -> Float {
        let c = min(max(linear, 0), 1)
        let s = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        return (s * 255).rounded()
    }
}
