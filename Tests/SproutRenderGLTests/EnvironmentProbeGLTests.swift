import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// The content reflects the stage through the environment probe, which is redrawn only when
/// what it shows changes.
@Suite(.serialized) final class EnvironmentProbeGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    /// A smooth metal sphere 0.5 m over a large floor, seen from the side: the lower half of the
    /// sphere mirrors the floor, so it is red over a red floor and blue over a blue one (and grey
    /// with no probe, where the ambient light stands for the environment).
    @Test func aGlossySphereReflectsTheFloorUnderIt() throws {
        let renderer = try Renderer(context: context)
        func lowerPixel(floor: Vec4?) throws -> (r: Int, g: Int, b: Int) {
            let scene = Scene(lighting: Lighting(directionToLight: Vec3(0, 1, 0), intensity: 1, ambient: 0.3, castsShadows: false))
            scene.sky = Sky(zenith: Vec3(repeating: 0.3), horizon: Vec3(repeating: 0.3), ground: Vec3(repeating: 0.3))
            scene.addChild(
                Entity(
                    name: "ball", transform: Transform(translation: Vec3(0, 0.5, 0)),
                    model: ModelComponent(
                        mesh: MeshFactory.sphere(radius: 0.3, segments: 48, rings: 24),
                        material: Material(name: "chrome", baseColor: Vec4(0.95, 0.95, 0.95, 1), metallic: 1, roughness: 0.1))))
            if let floor {
                scene.backdrop.addChild(
                    Entity(
                        name: "floor",
                        model: ModelComponent(
                            mesh: MeshFactory.plane(width: 20, depth: 20),
                            material: Material(name: "floor", baseColor: floor, roughness: 1))))
                scene.environmentProbePosition = Vec3(0, 0.5, 0)
            }
            let target = try OffscreenTarget(width: 64, height: 64, samples: 0)
            try renderer.render(
                scene,
                view: View(
                    camera: Camera.looking(from: Vec3(0, 0.5, 2), at: Vec3(0, 0.5, 0), fovYDegrees: 30),
                    options: RenderOptions(shadows: false)), into: target)
            let pixels = target.readPixels()
            let i = (44 * 64 + 32) * 4   // on the sphere, below its centre: it sees the floor
            return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        }
        let red = try lowerPixel(floor: Vec4(0.8, 0.05, 0.05, 1))
        let blue = try lowerPixel(floor: Vec4(0.05, 0.05, 0.8, 1))
        let none = try lowerPixel(floor: nil)
        #expect(red.r > red.b + 40, "over red: \(red)")
        #expect(blue.b > blue.r + 40, "over blue: \(blue)")
        #expect(abs(none.r - none.b) <= 2, "no probe: \(none)")
    }

    /// The probe is drawn once for a still stage however the camera moves (round the stage, so
    /// its surfaces' order from the camera turns over), and again when the light changes or the
    /// probe moves.
    @Test func theProbeIsRedrawnOnlyWhenWhatItShowsChanges() throws {
        let renderer = try Renderer(context: context)
        let scene = Scene(lighting: Lighting(castsShadows: false))
        scene.backdrop.addChild(Entity(name: "floor", model: ModelComponent(mesh: MeshFactory.plane(width: 4, depth: 4), material: Material())))
        scene.backdrop.addChild(
            Entity(
                name: "crate", transform: Transform(translation: Vec3(0, 0.1, -1.5)),
                model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, 0.2, 0.2)), material: Material())))
        scene.addChild(Entity(name: "ball", model: ModelComponent(mesh: MeshFactory.sphere(radius: 0.2), material: Material())))
        scene.environmentProbePosition = Vec3(0, 0.3, 0)
        let target = try OffscreenTarget(width: 32, height: 32, samples: 0)
        func draw(from eye: Vec3, shading: RenderOptions.Shading = .realistic) throws {
            try renderer.render(
                scene, view: View(camera: Camera.looking(from: eye, at: .zero), options: RenderOptions(shadows: false, shading: shading)),
                into: target)
        }
        try draw(from: Vec3(0, 1, 2))
        try draw(from: Vec3(1, 1, 2))
        try draw(from: Vec3(2, 1, 1))
        try draw(from: Vec3(0, 1, -3))   // the crate now nearer the camera than the floor's centre
        #expect(renderer.probeRefreshCount == 1)
        scene.lighting.intensity = 0.5
        try draw(from: Vec3(2, 1, 1))
        #expect(renderer.probeRefreshCount == 2)
        scene.environmentProbePosition = Vec3(0.1, 0.3, 0)
        try draw(from: Vec3(2, 1, 1))
        #expect(renderer.probeRefreshCount == 3)
        try draw(from: Vec3(2, 1, 1), shading: .simple)   // simple shading reads no probe
        #expect(renderer.probeRefreshCount == 3)
    }
}
