import Foundation
import SproutHeadless
import SproutMath
import SproutScene
import SproutTesting
import Testing
@testable import SproutRender

/// KHR_lights_punctual in the lit shader (issue 27): glTF's units, inverse-square falloff, the
/// range window and the spot cone, on a white rough quad facing the camera, no other light.
@Suite(.serialized) final class PunctualLightGLTests {
    let context: HeadlessContext
    let renderer: Renderer

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    /// The centre pixel's green channel with `light` on an entity at `position`, turned by `yaw`
    /// about +Y from pointing along -Z (towards the quad).
    func centre(with light: PunctualLight?, at position: Vec3 = Vec3(0, 0, 2), yaw: Float = 0) throws -> Int {
        Int(try pixel(with: light, at: position, yaw: yaw)[1])
    }

    /// The centre pixel (RGBA) of the quad in `material` with `light` as above, under `sun`.
    func pixel(
        with light: PunctualLight?, at position: Vec3 = Vec3(0, 0, 2), yaw: Float = 0,
        material: Material = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1),
        sun: Lighting = Lighting(intensity: 0, ambient: 0, castsShadows: false)
    ) throws -> [UInt8] {
        try context.makeCurrent()
        let scene = Scene(lighting: sun)
        let quad = Mesh(
            name: "quad", positions: [Vec3(-1, 1, 0), Vec3(1, 1, 0), Vec3(1, -1, 0), Vec3(-1, -1, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4), indices: [0, 2, 1, 0, 3, 2])
        scene.addChild(Entity(name: "wall", model: ModelComponent(mesh: quad, material: material)))
        if let light {
            let lamp = Entity(name: "lamp", transform: Transform(translation: position, rotation: Quaternion(angle: yaw, axis: .unitY)))
            lamp.light = light
            scene.addChild(lamp)
        }
        let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
        try renderer.render(
            scene,
            view: View(
                camera: Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40),
                clearColor: Vec4(0, 0, 0, 1), options: RenderOptions(shadows: false)), into: target)
        let pixels = target.readPixels()
        return Array(pixels[(8 * 16 + 8) * 4..<(8 * 16 + 8) * 4 + 4])
    }

    /// Layered materials under punctual lights as under the sun: a directional light of pi lux
    /// lights a surface as Sprout's sun of intensity 1 does (its colour arrives times 1 / pi).
    /// Diffuse transmission (MaterialFeaturesGLTests): lit from straight behind, a fully
    /// transmitting white quad passes 0.96 of it (sRGB 238), from the sun or the lamp alike.
    /// A white sheen of roughness 0.5 on black cloth, lit from 45 degrees aside: the same pixel
    /// either way, and brighter than the cloth without its sheen.
    @Test func layersLightAlikeUnderTheSunAndPunctualLights() throws {
        var leaf = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1)
        leaf.diffuseTransmission = 1
        let throughLamp = try pixel(with: PunctualLight(kind: .directional, intensity: .pi), yaw: .pi, material: leaf)
        let throughSun = try pixel(with: nil, material: leaf, sun: Lighting(directionToLight: Vec3(0, 0, -1), intensity: 1, ambient: 0, castsShadows: false))
        #expect(abs(Int(throughLamp[1]) - 238) <= 2 && throughLamp == throughSun, "\(throughLamp) \(throughSun)")

        var cloth = Material(baseColor: Vec4(0, 0, 0, 1), metallic: 0, roughness: 1)
        cloth.sheenColor = .one
        cloth.sheenRoughness = 0.5
        // Pointing along -Z turned 45 degrees about +Y: the light comes from (sin 45, 0, cos 45).
        let aside = normalize(Vec3(1, 0, 1))
        let sheenLamp = try pixel(with: PunctualLight(kind: .directional, intensity: .pi), yaw: .pi / 4, material: cloth)
        let sheenSun = try pixel(with: nil, material: cloth, sun: Lighting(directionToLight: aside, intensity: 1, ambient: 0, castsShadows: false))
        cloth.sheenColor = .zero
        let plainLamp = try pixel(with: PunctualLight(kind: .directional, intensity: .pi), yaw: .pi / 4, material: cloth)
        #expect(zip(sheenLamp, sheenSun).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(sheenLamp) \(sheenSun)")
        #expect(Int(sheenLamp[1]) > Int(plainLamp[1]) + 2, "\(plainLamp) -> \(sheenLamp)")
    }

    /// A point light of pi candela 2 m in front: illuminance pi / 4 lux, so a white surface with
    /// glTF's BRDF sends (0.96 diffuse + 0.01 specular at roughness 1, F0 0.04, seen and lit
    /// square on) / pi x pi / 4 = 0.2425; PBR Neutral takes 0.04 off (0.2025), sRGB gives 124.
    @Test func aPointLightFallsOffWithTheSquareOfDistance() throws {
        #expect(abs(try centre(with: PunctualLight(kind: .point, intensity: .pi)) - 124) <= 1)
        // Twice as far with four times the intensity: the same.
        #expect(abs(try centre(with: PunctualLight(kind: .point, intensity: 4 * .pi), at: Vec3(0, 0, 4)) - 124) <= 1)
        // A range short of the surface: nothing.
        #expect(try centre(with: PunctualLight(kind: .point, intensity: .pi, range: 1.5)) == 0)
    }

    /// A spot lights what lies within its cone like a point light, nothing outside it.
    @Test func aSpotLightsWithinItsConeOnly() throws {
        let spot = PunctualLight(kind: .spot(innerConeAngle: 0.2, outerConeAngle: 0.4), intensity: .pi)
        #expect(abs(try centre(with: spot) - 124) <= 1)
        #expect(try centre(with: spot, yaw: -.pi / 4) == 0)   // pointing 45 degrees off the quad's centre
    }

    /// A directional light of pi lux is the scene's own sun of intensity 1 (Sprout's unit: a white
    /// Lambert surface square to it reflects 1): the same pixel.
    @Test func aDirectionalLightMatchesTheScenesSunOfTheSameIlluminance() throws {
        let fromFile = try centre(with: PunctualLight(kind: .directional, intensity: .pi))
        try context.makeCurrent()
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0, 0, 1), intensity: 1, ambient: 0, castsShadows: false))
        let quad = Mesh(
            name: "quad", positions: [Vec3(-1, 1, 0), Vec3(1, 1, 0), Vec3(1, -1, 0), Vec3(-1, -1, 0)],
            normals: Array(repeating: Vec3(0, 0, 1), count: 4), indices: [0, 2, 1, 0, 3, 2])
        scene.addChild(Entity(name: "wall", model: ModelComponent(mesh: quad, material: Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1))))
        let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
        try renderer.render(
            scene,
            view: View(
                camera: Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40),
                clearColor: Vec4(0, 0, 0, 1), options: RenderOptions(shadows: false)), into: target)
        #expect(fromFile == Int(target.readPixels()[(8 * 16 + 8) * 4 + 1]))
    }
}

/// Image-based light from an HDR environment (issue 27): exact where the environment is uniform
/// (the white furnace), turned by its rotation, shown behind the scene when asked.
@Suite(.serialized) final class EnvironmentLightGLTests {
    let context: HeadlessContext
    let renderer: Renderer
    let camera = Camera.looking(from: Vec3(0, 0, 3), at: .zero, fovYDegrees: 40)
    let quad = Mesh(
        name: "quad", positions: [Vec3(-1, 1, 0), Vec3(1, 1, 0), Vec3(1, -1, 0), Vec3(-1, -1, 0)],
        normals: Array(repeating: Vec3(0, 0, 1), count: 4), indices: [0, 2, 1, 0, 3, 2])

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
        renderer = try Renderer()
    }

    func render(_ scene: Scene, toneMapping: ToneMapping = .neutral) throws -> [UInt8] {
        try context.makeCurrent()
        let target = try OffscreenTarget(width: 16, height: 16, samples: 0)
        try renderer.render(
            scene,
            view: View(
                camera: camera, clearColor: Vec4(1, 0, 1, 1),
                options: RenderOptions(shadows: false, toneMapping: toneMapping)), into: target)
        return target.readPixels()
    }

    /// A white rough quad under a uniform environment of 0.3 is lit exactly as by an ambient
    /// light of 0.3 (the ambient term is that same uniform environment through the split sum).
    @Test func aUniformEnvironmentIsTheAmbientLightOfItsRadiance() throws {
        let white = Material(baseColor: Vec4(1, 1, 1, 1), metallic: 0, roughness: 1)
        let ambient = Scene(lighting: Lighting(intensity: 0, ambient: 0.3, castsShadows: false))
        ambient.addChild(Entity(name: "quad", model: ModelComponent(mesh: quad, material: white)))
        let environment = Scene(lighting: Lighting(intensity: 0, ambient: 0, castsShadows: false))
        environment.environment = EnvironmentLight(image: .uniform(Vec3(0.3, 0.3, 0.3)))
        environment.addChild(Entity(name: "quad", model: ModelComponent(mesh: quad, material: white)))
        let a = try render(ambient), e = try render(environment)
        let centre = (8 * 16 + 8) * 4
        #expect(abs(Int(a[centre + 1]) - Int(e[centre + 1])) <= 1)
        #expect(a[centre + 1] > 100)
        #expect(e[0..<4] == [255, 0, 255, 255])   // not shown behind: the clear colour stays
    }

    /// Shown behind the scene: a 4 x 1 image, red on its left half (u < 0.5; looking along -Z
    /// is u 0.25, between its two red texels) and blue on its right. Seen along -Z it is red;
    /// turned by 180 degrees, blue. Tone mapping none: radiance 0.5 -> sRGB 188.
    @Test func theBackgroundIsTheImageTurnedByItsRotation() throws {
        let halves = HDRImage(width: 4, height: 1, pixels: [0.5, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 0.5])
        let scene = Scene(lighting: Lighting(castsShadows: false))
        scene.environment = EnvironmentLight(image: halves, showsAsBackground: true)
        let centre = (8 * 16 + 8) * 4
        #expect(Array(try render(scene, toneMapping: .none)[centre..<centre + 4]) == [188, 0, 0, 255])
        scene.environment?.rotation = .pi
        #expect(Array(try render(scene, toneMapping: .none)[centre..<centre + 4]) == [0, 0, 188, 255])
    }
}
