import SproutDocument
import SproutMath
import SproutScene
import Testing
@testable import SproutSceneFile
import SproutGolden

/// Scene files: every field read as written, and every mistake named by file, line and field.
@Suite struct SceneFileTests {
    @Test func everyFieldIsReadAsWritten() throws {
        let text = """
            size: [256, 128]
            msaa: 4
            shadows: false
            stage: living-room
            camera: { position: [0, 1.5, 2], lookAt: [0, 0.5, 0], fov: 45 }
            light: { direction: [0, 2, 0], color: [1, 0.9, 0.8], intensity: 1.5, ambient: 0.3 }
            models:
              - sunflower
              - { model: plants/a.glb, position: [1, 0, -1], rotation: 90, scale: 2 }
              - { model: pot, rotation: [0, 0, 0, 1], scale: [1, 2, 3], up: z }
            tolerance: { maxDelta: 4, maxFraction: 0.01, reason: "leaves' alpha edges" }
            """
        let scene = try SceneFile.parse(text, file: "s.yaml")
        #expect(scene.width == 256 && scene.height == 128 && scene.msaa == 4 && !scene.shadows)
        #expect(scene.stage == "living-room" && scene.stageLine == 4)
        guard case .looking(let position, let lookAt) = scene.camera else { Issue.record("expected a position camera"); return }
        #expect(position == Vec3(0, 1.5, 2) && lookAt == Vec3(0, 0.5, 0) && scene.fovYDegrees == 45)
        #expect(scene.light == SceneFile.Light(direction: Vec3(0, 1, 0), color: Vec3(1, 0.9, 0.8), intensity: 1.5, ambient: 0.3))
        #expect(scene.models.map(\.model) == ["sunflower", "plants/a.glb", "pot"])
        #expect(scene.models.map(\.line) == [8, 9, 10])
        #expect(scene.models[0].transform == Transform())
        #expect(scene.models[1].position == Vec3(1, 0, -1) && scene.models[1].scale == Vec3(2, 2, 2))
        // 90 degrees about +Y turns +X to -Z.
        let turned = scene.models[1].rotation.act(Vec3(1, 0, 0))
        #expect(distance(turned, Vec3(0, 0, -1)) < 1e-6)
        #expect(scene.models[2].scale == Vec3(1, 2, 3) && scene.models[2].rotation == .identity)
        #expect(scene.models.map(\.up) == [.y, .y, .z])
        #expect(
            scene.tolerance == TestTolerance(ImageTolerance(maxChannelDelta: 4, maxFailingFraction: 0.01, maxMeanDelta: 0.5), reason: "leaves' alpha edges"))
    }

    @Test func defaultsAreTheRenderCommandsDefaults() throws {
        let scene = try SceneFile.parse("models: [basil]", file: "s.yaml")
        #expect(scene.width == 1280 && scene.height == 720 && scene.msaa == 0 && scene.shadows)
        #expect(scene.stage == nil && scene.light == nil && scene.tolerance == nil && scene.fovYDegrees == nil)
        guard case .automatic = scene.camera else { Issue.record("expected the automatic camera"); return }
    }

    @Test func aNamedCameraIsKept() throws {
        let scene = try SceneFile.parse("camera: { name: Overview, fov: 30 }\nmodels: [a.glb]", file: "s.yaml")
        guard case .named("Overview") = scene.camera else { Issue.record("expected the named camera"); return }
        #expect(scene.fovYDegrees == 30 && scene.cameraLine == 1)
    }

    @Test(arguments: [
        ("models: [basil]\nsize: [0, 10]", "s.yaml:2: size: each side must lie in 1...8192 pixels, got 0x10"),
        ("models: [basil]\nsize: 640x480", "s.yaml:2: size: expected [width, height] in whole pixels, e.g. [256, 256]"),
        ("models: [basil]\nmsaa: 3", "s.yaml:2: msaa: must be 0, 2, 4 or 8, got 3"),
        ("models: []", "s.yaml:1: models: needs at least one model"),
        ("size: [10, 10]", "s.yaml:1: models: is required"),
        (
            "models: [basil]\nligt: []",
            "s.yaml:2: ligt: unknown field; did you mean 'light'? expected one of size, msaa, shadows, toneMapping, stage, camera, light, lights, environment, models, tolerance (or an x- key of your own)"
        ),
        ("models: [basil]\nenvironment: sky.png", "s.yaml:2: environment: must be a Radiance .hdr file (at most 1024 bytes of path)"),
        ("models: [basil]\nenvironment: { file: sky.hdr, rotation: 400 }", "s.yaml:2: environment.rotation: must lie in -360.0...360.0, got 400.0"),
        ("models: [basil]\ntoneMapping: filmic", "s.yaml:2: toneMapping: must be neutral, aces or none, got 'filmic'"),
        ("models: [basil]\nlights:\n  - { type: lamp }", "s.yaml:3: lights[0].type: must be point, spot or directional, got 'lamp'"),
        ("models: [basil]\nlights:\n  - { type: point }", "s.yaml:3: lights[0].type: a point light needs a position"),
        (
            "models: [basil]\nlights:\n  - { type: spot, position: [0, 1, 0], direction: [0, -1, 0] }",
            "s.yaml:3: lights[0].type: a spot needs cone: [inner, outer] (half-angles in degrees)"
        ),
        (
            "models: [basil]\nlights:\n  - { type: spot, position: [0, 1, 0], direction: [0, -1, 0], cone: [30, 20] }",
            "s.yaml:3: lights[0].cone: needs 0 <= inner < outer <= 90 degrees, got [30.0, 20.0]"
        ),
        ("models: [basil]\nlights:\n  - { type: directional, direction: [0, -1, 0], range: 3 }", "s.yaml:3: lights[0].range: a directional light has no range"),
        (
            "models: [basil]\nlights:\n  - { type: directional, position: [0, 1, 0], direction: [0, -1, 0] }",
            "s.yaml:3: lights[0].position: a directional light has no position (give its direction)"
        ),
        ("models: [basil]\nlights:\n  - { type: point, position: [0, 1, 0], cone: [1, 2] }", "s.yaml:3: lights[0].cone: only a spot has a cone"),
        (
            "models: [basil]\nlights:\n  - { type: point, position: [0, 1, 0], intensity: -1 }",
            "s.yaml:3: lights[0].intensity: must lie in 0.0...1000000.0, got -1.0"
        ),
        ("models:\n  - { model: basil, scale: -1 }", "s.yaml:2: models[0].scale: must be positive, got -1.0"),
        (
            "models:\n  - { model: basil, rotation: [0, 0, 0, 2] }",
            "s.yaml:2: models[0].rotation: must be a unit quaternion [x, y, z, w], got [0.0, 0.0, 0.0, 2.0]"
        ),
        ("models:\n  - { model: '' }", "s.yaml:2: models[0].model: must be a model path, a catalog plant or a built-in name (at most 1024 bytes)"),
        (
            "models:\n  - { mdl: basil }",
            "s.yaml:2: models[0].mdl: unknown field; did you mean 'model'? expected one of model, up, position, rotation, scale, fit, animation, variant (or an x- key of your own)"
        ),
        ("models:\n  - { model: part.stl, up: x }", "s.yaml:2: models[0].up: must be one of y, z; got 'x'"),
        ("models:\n  - { model: fox.glb, scale: 0.01, fit: 1 }", "s.yaml:2: models[0].fit: give scale or fit, not both"),
        ("models:\n  - { model: fox.glb, animation: { clip: Walk, time: -1 } }", "s.yaml:2: models[0].animation.time: must lie in 0.0...1000000.0, got -1.0"),
        (
            "models:\n  - { model: fox.glb, animation: { clip: Walk, frame: 3 } }",
            "s.yaml:2: models[0].animation.frame: unknown field; expected one of clip, time (or an x- key of your own)"
        ),
        ("models:\n  - { model: fox.glb, fit: 0 }", "s.yaml:2: models[0].fit: must be positive, got 0.0"),
        ("models:\n  - { model: shoe.glb, variant: '' }", "s.yaml:2: models[0].variant: must be a material variant's name (at most 1024 bytes)"),
        ("camera: { name: A, position: [0, 0, 1] }\nmodels: [basil]", "s.yaml:1: camera.position: give a camera name or position and lookAt, not both"),
        ("camera: { position: [0, 1, 0], lookAt: [0, 1, 0] }\nmodels: [basil]", "s.yaml:1: camera.lookAt: must differ from position"),
        ("camera: { position: [0, 1, 2], lookAt: [0, 0, 0], fov: 180 }\nmodels: [basil]", "s.yaml:1: camera.fov: must lie in 1.0...179.0, got 180.0"),
        ("light: { direction: [0, 0, 0] }\nmodels: [basil]", "s.yaml:1: light.direction: must not be zero (it points towards the light)"),
        (
            "light: { direction: [0, 1, 0], color: [2, 1, 1] }\nmodels: [basil]",
            "s.yaml:1: light.color: each channel must lie in 0...1 (linear RGB), got [2.0, 1.0, 1.0]"
        ),
        ("models: [basil]\ntolerance: { maxDelta: 9 }", "s.yaml:2: tolerance.reason: is required: a tolerance other than the default says why it is needed"),
        ("models: [basil]\ntolerance: { maxDelta: 300, reason: x }", "s.yaml:2: tolerance.maxDelta: must lie in 0...255, got 300"),
        ("models: [basil]\ntolerance: { maxFraction: 2, reason: x }", "s.yaml:2: tolerance.maxFraction: must lie in 0.0...1.0, got 2.0"),
        ("models: [basil]\ntolerance: { reason: '  ' }", "s.yaml:2: tolerance.reason: must say why this tolerance is needed")
    ])
    func mistakesAreNamedByLineAndField(text: String, message: String) {
        #expect(throws: (any Error).self) { try SceneFile.parse(text, file: "s.yaml") }
        do { _ = try SceneFile.parse(text, file: "s.yaml") } catch { #expect("\(error)" == message) }
    }

    /// `lights:` holds point, spot and directional lights in glTF's units, cones in degrees.
    @Test func lightsAreReadWithTheirKindsAndUnits() throws {
        let scene = try SceneFile.parse(
            """
            models: [basil]
            lights:
              - { type: point, position: [0, 1.5, 0.5], intensity: 20, color: [1, 0.5, 0.25], range: 5 }
              - { type: spot, position: [1, 2, 0], direction: [0, -2, 0], intensity: 100, cone: [15, 30] }
              - { type: directional, direction: [0, -1, 0] }
            """, file: "s.yaml")
        #expect(scene.lights.count == 3)
        #expect(
            scene.lights[0]
                == PlacedLight(
                    light: PunctualLight(kind: .point, color: Vec3(1, 0.5, 0.25), intensity: 20, range: 5),
                    position: Vec3(0, 1.5, 0.5), direction: Vec3(0, -1, 0)))
        #expect(scene.lights[1].light.kind == .spot(innerConeAngle: 15 * .pi / 180, outerConeAngle: 30 * .pi / 180))
        #expect(scene.lights[1].direction == Vec3(0, -1, 0) && scene.lights[1].position == Vec3(1, 2, 0))
        #expect(scene.lights[2].light == PunctualLight(kind: .directional))
        let many = "models: [basil]\nlights:\n" + String(repeating: "  - { type: directional, direction: [0, -1, 0] }\n", count: SceneFile.maximumLights + 1)
        do { _ = try SceneFile.parse(many, file: "s.yaml"); Issue.record("accepted 65 lights") } catch {
            #expect("\(error)" == "s.yaml:3: lights: has 65 lights, more than the limit of 64")
        }
    }

    @Test func anEnvironmentIsAFileOrAFileWithItsSettings() throws {
        #expect(
            try SceneFile.parse("models: [basil]\nenvironment: studio.hdr", file: "s.yaml").environment
                == SceneFile.Environment(path: "studio.hdr", line: 2))
        let full = try SceneFile.parse("models: [basil]\nenvironment: { file: a.HDR, intensity: 2, rotation: 90, background: true }", file: "s.yaml")
        #expect(full.environment == SceneFile.Environment(path: "a.HDR", intensity: 2, rotationDegrees: 90, background: true, line: 2))
    }

    @Test func toneMappingIsReadByName() throws {
        #expect(try SceneFile.parse("models: [basil]\ntoneMapping: aces", file: "s.yaml").toneMapping == .aces)
        #expect(try SceneFile.parse("models: [basil]", file: "s.yaml").toneMapping == nil)
    }

    /// `animation: { clip, time }`, exactly this spelling (issue 28): by name or index, time in seconds.
    @Test func anAnimationNamesAClipAndATime() throws {
        let scene = try SceneFile.parse(
            "models:\n  - { model: fox.glb, animation: { clip: Walk, time: 0.25 } }\n  - { model: fox.glb, animation: { clip: 2 } }", file: "s.yaml")
        #expect(scene.models[0].animation?.clip == "Walk" && scene.models[0].animation?.time == 0.25)
        #expect(scene.models[1].animation?.clip == "2" && scene.models[1].animation?.time == 0)
        #expect(scene.models[0].animation?.field == "models[0].animation")
    }

    /// `variant: NAME`: a material variant of the model's file (KHR_materials_variants).
    @Test func aVariantNamesAMaterialVariant() throws {
        let scene = try SceneFile.parse("models:\n  - { model: shoe.glb, variant: Beach }\n  - shoe.glb", file: "s.yaml")
        #expect(scene.models.map(\.variant) == ["Beach", nil])
    }

    @Test func fitGivesAHeight() throws {
        let scene = try SceneFile.parse("models:\n  - { model: fox.glb, fit: 0.5 }", file: "s.yaml")
        #expect(scene.models[0].fitHeight == 0.5 && scene.models[0].scale == .one)
    }

    @Test func aSceneHasAtMostAThousandModels() {
        let text = "models:\n" + String(repeating: "  - pot\n", count: SceneFile.maximumModels + 1)
        do { _ = try SceneFile.parse(text, file: "s.yaml"); Issue.record("accepted 1,001 models") } catch {
            #expect("\(error)" == "s.yaml:2: models: has 1001 models, more than the limit of 1000")
        }
    }

    @Test func scenesAreToldFromScriptsByTheirModels() throws {
        #expect(SceneFile.isScene(try Document.parse("models: [a]", file: "x")))
        #expect(!SceneFile.isScene(try Document.parse("steps: []", file: "x")))
        #expect(!SceneFile.isScene(try Document.parse("- a", file: "x")))
    }
}
