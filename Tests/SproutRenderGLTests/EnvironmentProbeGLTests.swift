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

    /// The probe's irradiance is the light of what surrounds it, each face where GL puts it: an
    /// unlit blue floor half a metre below, a red wall half a metre along +X and a green one along
    /// -Z, under a black sky, light what faces them and leave what faces away dark (the exact
    /// values are the cosine-weighted shares each surface covers; nine harmonics ring by a few
    /// hundredths on such steps).
    @Test func theProbesIrradianceComesFromWhatFacesEachSide() throws {
        let renderer = try Renderer(context: context)
        let scene = Scene(lighting: Lighting(castsShadows: false))
        scene.sky = Sky(zenith: .zero, horizon: .zero, ground: .zero)
        for (name, colour, transform) in [
            ("floor", Vec4(0, 0, 1, 1), Transform(translation: Vec3(0, -0.5, 0))),
            ("red wall", Vec4(1, 0, 0, 1), Transform(translation: Vec3(0.5, 0, 0), rotation: Quaternion(angle: .pi / 2, axis: .unitZ))),
            ("green wall", Vec4(0, 1, 0, 1), Transform(translation: Vec3(0, 0, -0.5), rotation: Quaternion(angle: .pi / 2, axis: .unitX)))
        ] {
            scene.backdrop.addChild(
                Entity(
                    name: name, transform: transform,
                    model: ModelComponent(
                        mesh: MeshFactory.plane(width: 20, depth: 20),
                        material: Material(name: name, baseColor: colour, isDoubleSided: true, isUnlit: true))))
        }
        scene.environmentProbePosition = .zero
        let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
        try renderer.render(scene, view: View(camera: Camera.looking(from: Vec3(0, 0, 2), at: .zero), options: RenderOptions(shadows: false)), into: target)
        let sh = try #require(renderer.probeIrradiance)
        let (right, left) = (sh.evaluate(Vec3(1, 0, 0)), sh.evaluate(Vec3(-1, 0, 0)))
        let (down, up) = (sh.evaluate(Vec3(0, -1, 0)), sh.evaluate(Vec3(0, 1, 0)))
        let (back, front) = (sh.evaluate(Vec3(0, 0, -1)), sh.evaluate(Vec3(0, 0, 1)))
        #expect(right.x > 0.5 && right.x > right.y && right.x > right.z, "facing +X: \(right)")
        #expect(down.z > 0.5 && down.z > down.x && down.z > down.y, "facing -Y: \(down)")
        #expect(back.y > 0.5 && back.y > back.x && back.y > back.z, "facing -Z: \(back)")
        #expect(left.x < 0.1 && up.z < 0.1 && front.y < 0.1, "facing away: \(left), \(up), \(front)")
    }

    /// A uniform sky gives its radiance to every orientation (to the probe's half floats).
    @Test func aUniformSkyGivesItsRadianceEverywhere() throws {
        let renderer = try Renderer(context: context)
        let scene = Scene(lighting: Lighting(castsShadows: false))
        let radiance = Vec3(0.2, 0.4, 0.6)
        scene.sky = Sky(zenith: radiance, horizon: radiance, ground: radiance)
        scene.environmentProbePosition = Vec3(0, 1, 0)
        let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
        try renderer.render(
            scene, view: View(camera: Camera.looking(from: Vec3(0, 1, 2), at: Vec3(0, 1, 0)), options: RenderOptions(shadows: false)), into: target)
        let sh = try #require(renderer.probeIrradiance)
        for n in [Vec3(1, 0, 0), Vec3(0, -1, 0), normalize(Vec3(1, 2, -3))] {
            #expect(length(sh.evaluate(n) - radiance) < 2e-3, "along \(n): \(sh.evaluate(n))")
        }
    }

    /// A rough white ball on an orange floor before a blue wall, in a stage's probe's light
    /// (the probe placed by each test), and a view of it without shadows.
    private static func ballBeforeAWall() -> (Scene, View) {
        let scene = Scene(lighting: Lighting(directionToLight: normalize(Vec3(0.3, 1, 0.2)), castsShadows: false))
        scene.backdrop.addChild(
            Entity(
                name: "floor",
                model: ModelComponent(mesh: MeshFactory.plane(width: 6, depth: 6), material: Material(name: "floor", baseColor: Vec4(0.8, 0.3, 0.1, 1)))))
        scene.backdrop.addChild(
            Entity(
                name: "wall", transform: Transform(translation: Vec3(0, 1, -1), rotation: Quaternion(angle: .pi / 2, axis: .unitX)),
                model: ModelComponent(mesh: MeshFactory.plane(width: 6, depth: 2), material: Material(name: "wall", baseColor: Vec4(0.1, 0.4, 0.9, 1)))))
        scene.addChild(
            Entity(
                name: "ball", transform: Transform(translation: Vec3(0, 0.4, 0)),
                model: ModelComponent(
                    mesh: MeshFactory.sphere(radius: 0.3), material: Material(name: "ball", baseColor: Vec4(0.9, 0.9, 0.9, 1), roughness: 0.7))))
        return (scene, View(camera: Camera.looking(from: Vec3(0.5, 1, 1.8), at: Vec3(0, 0.4, 0)), options: RenderOptions(shadows: false)))
    }

    /// The irradiance compiled into the programs and the same irradiance read from uniforms
    /// give the same pixels: a renderer whose probe just moved (uniforms, as while a model is
    /// dragged) draws what a fresh one draws there (compiled in, as for a still scene).
    @Test func compiledInAndUniformIrradianceDrawTheSamePixels() throws {
        let (scene, view) = Self.ballBeforeAWall()
        func pixels(_ renderer: Renderer, probeAt positions: [Vec3]) throws -> [UInt8] {
            let target = try OffscreenTarget(width: 48, height: 48, samples: 0)
            for p in positions {
                scene.environmentProbePosition = p
                try renderer.render(scene, view: view, into: target)
            }
            return target.readPixels()
        }
        let moved = try Renderer(context: context)
        let uniforms = try pixels(moved, probeAt: [Vec3(0, 0.3, 0), Vec3(0, 0.6, 0)])
        #expect(moved.compiledIrradiance.compiled != moved.probeIrradiance)
        let fresh = try Renderer(context: context)
        let constants = try pixels(fresh, probeAt: [Vec3(0, 0.6, 0)])
        #expect(fresh.compiledIrradiance.compiled == fresh.probeIrradiance)
        #expect(uniforms == constants)
        #expect(Set(constants).count > 10)   // a lit picture, not a cleared one
    }

    /// A probe that moves, holds still long enough for its irradiance to be compiled in, and
    /// comes back: the programs of the first irradiance, kept aside, draw it again at once and
    /// give the same pixels as before.
    @Test func aProbeThatComesBackDrawsWithItsKeptPrograms() throws {
        let (scene, view) = Self.ballBeforeAWall()
        let renderer = try Renderer(context: context)
        let target = try OffscreenTarget(width: 32, height: 32, samples: 0)
        func draw(probeAt position: Vec3) throws -> [UInt8] {
            scene.environmentProbePosition = position
            try renderer.render(scene, view: view, into: target)
            return target.readPixels()
        }
        let first = try draw(probeAt: Vec3(0, 0.3, 0))
        let here = try #require(renderer.compiledIrradiance.compiled)
        for _ in 0..<CompiledIrradiance.settlingRenders { _ = try draw(probeAt: Vec3(0, 0.6, 0)) }
        #expect(renderer.compiledIrradiance.compiled != here)
        #expect(renderer.compiledIrradiance.previous == here)
        #expect(try draw(probeAt: Vec3(0, 0.3, 0)) == first)
        #expect(renderer.compiledIrradiance.compiled == here)
    }

    /// A rough metal ball in a room of coloured walls: at roughness 0.55 it reflects from the
    /// probe's harmonics, just below from the probe's box-filtered levels. Both stand for the
    /// same GGX-prefiltered light (the levels off it by about a tenth on a stage's probe, the
    /// harmonics by about a twentieth, `EnvironmentProbe.harmonicReflectionRoughness`), so on a
    /// ball that is all reflection the two pictures differ by a few levels on average where they
    /// meet (at most 40, by the walls' edges), and each shows the red wall on the side facing it.
    @Test func roughReflectionsFromTheHarmonicsMeetTheProbesLevels() throws {
        let renderer = try Renderer(context: context)
        let scene = Scene(lighting: Lighting(directionToLight: normalize(Vec3(0.2, 1, 0.4)), intensity: 0.2, castsShadows: false))
        for (name, colour, transform) in [
            ("floor", Vec4(0.5, 0.5, 0.5, 1), Transform()),
            ("red wall", Vec4(0.9, 0.05, 0.05, 1), Transform(translation: Vec3(1, 1, 0), rotation: Quaternion(angle: .pi / 2, axis: .unitZ))),
            ("blue wall", Vec4(0.05, 0.05, 0.9, 1), Transform(translation: Vec3(-1, 1, 0), rotation: Quaternion(angle: -.pi / 2, axis: .unitZ)))
        ] {
            scene.backdrop.addChild(
                Entity(
                    name: name, transform: transform,
                    model: ModelComponent(
                        mesh: MeshFactory.plane(width: 4, depth: 4), material: Material(name: name, baseColor: colour, isDoubleSided: true))))
        }
        let ball = Entity(
            name: "ball", transform: Transform(translation: Vec3(0, 0.5, 0)),
            model: ModelComponent(mesh: MeshFactory.sphere(radius: 0.3, segments: 48, rings: 24), material: Material(name: "metal", metallic: 1)))
        scene.addChild(ball)
        scene.environmentProbePosition = Vec3(0, 0.5, 0)
        let view = View(camera: Camera.looking(from: Vec3(0, 0.6, 2), at: Vec3(0, 0.5, 0), fovYDegrees: 25), options: RenderOptions(shadows: false))
        func picture(roughness: Float) throws -> [UInt8] {
            ball.model?.parts[0].material.roughness = roughness
            let target = try OffscreenTarget(width: 64, height: 64, samples: 0)
            try renderer.render(scene, view: view, into: target)
            return target.readPixels()
        }
        let levels = try picture(roughness: 0.5499)
        let harmonics = try picture(roughness: 0.55)
        let deltas = zip(levels, harmonics).map { abs(Int($0) - Int($1)) }
        #expect(deltas.max() ?? 0 > 0)   // the two ways do differ
        #expect(Double(deltas.reduce(0, +)) / Double(deltas.count) < 3)
        #expect(deltas.max() ?? 0 <= 40)
        for pixels in [levels, harmonics] {
            let right = (32 * 64 + 40) * 4, left = (32 * 64 + 24) * 4   // the ball's sides, facing each wall
            #expect(Int(pixels[right]) > Int(pixels[right + 2]) + 10 && Int(pixels[left + 2]) > Int(pixels[left]) + 10)
        }
    }
}
