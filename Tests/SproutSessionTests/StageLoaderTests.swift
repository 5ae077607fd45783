import SproutDocument
import SproutMath
import SproutScene
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutSession

@Suite struct StageLoaderTests {
    @Test func theTabletopStageHasATable074HighAndAnEightCentimetrePacket() throws {
        let stage = try SessionFixture.tabletop()
        #expect(stage.name == "tabletop")
        let table = try #require(stage.surface(named: "table"))
        #expect(table.alignment == .horizontal)
        #expect(table.frame.center.y == 0.74)
        #expect(table.size == Vec2(1.2, 0.8))
        #expect(stage.surfaces.filter { $0.alignment == .vertical }.count == 4)
        #expect(stage.surface(named: "floor")?.frame.center.y == 0)
        let packet = try #require(stage.image(named: "sunfl"))
        #expect(packet.physicalSize.x == 0.08)
        #expect(abs(packet.physicalSize.y - 0.12) < 1e-6)   // from the 320 x 480 texture
        #expect(packet.code?.url == "https://seedshop.example/sunfl")
        #expect(packet.texturePath.hasSuffix("Assets/packets/sunflower.png"))
        #expect(stage.camera.position == Vec3(0, 1.45, 0.85))
        #expect(stage.lighting.castsShadows)
        #expect(stage.blocks.count == 4)
    }

    @Test func builtInNamesAreListedAndUnknownOnesRefused() throws {
        #expect(StageLoader.builtInNames(assetsDirectory: SessionFixture.assets).contains("tabletop"))
        let error = #expect(throws: DocumentError.self) { try StageLoader.builtIn("attic", assetsDirectory: SessionFixture.assets) }
        #expect(error?.message.hasPrefix("no built-in stage of that name") == true)
    }

    @Test func wallsFaceTheDirectionTheirYawGives() throws {
        let stage = try SessionFixture.tabletop()
        let left = try #require(stage.surface(named: "left wall"))
        #expect(left.frame.normal.isApproximately(Vec3(1, 0, 0), tolerance: 1e-6))
        let front = try #require(stage.surface(named: "front wall"))
        #expect(front.frame.normal.isApproximately(Vec3(0, 0, -1), tolerance: 1e-6))
    }

    /// A folder with a texture and a stage file written from `body`.
    private func stageFile(_ body: String, json: Bool = false) throws -> (loader: StageLoader, path: String) {
        let dir = try Fixtures.temporaryDirectory("stage")
        try FileManager.default.copyItem(atPath: SessionFixture.assets + "/packets/sunflower.png", toPath: dir + "/art.png")
        let path = dir + (json ? "/stage.json" : "/stage.yaml")
        try Fixtures.write(body, to: path)
        return (StageLoader(textureRoot: dir), path)
    }

    @Test func aStageFileResolvesTexturesInItsFolderAndJSONWorks() throws {
        let json = """
            {"name": "mini", "surfaces": [{"name": "desk", "alignment": "horizontal", "position": [0, 0.7, 0], "size": [1, 1], "detail": 0.5, "texture": "art.png"}],
             "images": [{"name": "art", "texture": "art.png", "width": 0.2, "position": [0, 0.701, 0]}],
             "geo": {"latitude": 37.7956, "longitude": -122.3935, "heading": 90}}
            """
        let (loader, path) = try stageFile(json, json: true)
        let stage = try loader.load(path: path)
        #expect(stage.surfaces[0].appearance.texturePath == loader.textureRoot + "/art.png")
        #expect(abs(stage.images[0].physicalSize.y - 0.3) < 1e-6)
        #expect(stage.geoOrigin == GeoOrigin(latitude: 37.7956, longitude: -122.3935, altitude: 0, heading: 90))
        let resolved = try StageLoader.resolve(path, assetsDirectory: SessionFixture.assets)
        #expect(resolved.name == "mini")
    }

    /// A picture that moves: still until its move starts, linear over the move, then at rest.
    @Test func aMovingPictureIsWhereTheClockPutsIt() throws {
        let (loader, path) = try stageFile(
            """
            images:
              - { name: p, texture: art.png, width: 0.08, position: [0, 0.7, 0], yaw: 0,
                  moves: [{ at: 2, to: [0.4, 0.7, 0], yaw: 90, duration: 2 }, { at: 5, to: [0.4, 0.7, -0.2], duration: 0 }] }
            """)
        let image = try loader.load(path: path).images[0]
        #expect(
            image.moves == [
                ImageMove(start: 2, duration: 2, position: Vec3(0.4, 0.7, 0), yaw: .pi / 2),
                ImageMove(start: 5, duration: 0, position: Vec3(0.4, 0.7, -0.2))
            ])
        #expect(image.frame(at: 2).center == Vec3(0, 0.7, 0))
        #expect(image.frame(at: 3).center.isApproximately(Vec3(0.2, 0.7, 0)))
        #expect(image.frame(at: 3).xAxis.isApproximately(Vec3(cos(Float.pi / 4), 0, -sin(Float.pi / 4))))
        #expect(image.frame(at: 4.5).center == Vec3(0.4, 0.7, 0))
        #expect(image.frame(at: 5.01).center == Vec3(0.4, 0.7, -0.2))   // a move of no duration jumps
        #expect(image.frame(at: 5.01).xAxis.isApproximately(Vec3(0, 0, -1)))   // keeping the last yaw
    }

    /// A lamp switched off: the sun fades from 1 to 0.2 over 2 s from t = 3, the ambient light
    /// drops at once at t = 4.
    @Test func lightsChangeWhenTheStageSaysSo() throws {
        let (loader, path) = try stageFile(
            """
            lights:
              - { type: directional, direction: [0, 1, 0], intensity: 1, changes: [{ at: 3, intensity: 0.2, duration: 2 }] }
              - { type: ambient, intensity: 0.3, changes: [{ at: 4, intensity: 0.1 }] }
            """)
        let stage = try loader.load(path: path)
        #expect(
            stage.lightChanges == [
                LightChange(light: .directional, at: 3, intensity: 0.2, duration: 2),
                LightChange(light: .ambient, at: 4, intensity: 0.1)
            ])
        #expect(stage.lighting(at: 2.9).intensity == 1)
        #expect(abs(stage.lighting(at: 4).intensity - 0.6) < 1e-6)
        #expect(stage.lighting(at: 3.9).ambient == 0.3)
        #expect(stage.lighting(at: 4).ambient == 0.1)
        #expect(abs(stage.lighting(at: 9).intensity - 0.2) < 1e-6)
    }

    @Test func aSkyTakesSRGBColoursOverTheDaylightOnes() throws {
        let (loader, path) = try stageFile("sky: { zenith: \"#000000\", horizon: [1, 1, 1] }\n")
        let sky = try #require(try loader.load(path: path).sky)
        #expect(sky == Sky(zenith: .zero, horizon: .one, ground: Sky.daylight.ground))
        #expect(try StageLoader.builtIn("tabletop", assetsDirectory: SessionFixture.assets).sky == .daylight)
        #expect(sky.color(along: Vec3(0, 1, 0)) == .zero && sky.color(along: Vec3(1, 0, 0)) == .one)
    }

    /// `environment:` names a .hdr file inside the stage's folder, its rotation in degrees.
    @Test func anEnvironmentIsAnHDRFileInTheStagesFolder() throws {
        let (loader, path) = try stageFile("environment: { path: sky.hdr, intensity: 2, rotation: 90, background: true }\n")
        try Fixtures.write([UInt8]("#?RADIANCE\n".utf8), to: loader.textureRoot + "/sky.hdr")
        let environment = try #require(try loader.load(path: path).environment)
        #expect(environment == StageEnvironment(path: loader.textureRoot + "/sky.hdr", intensity: 2, rotation: .pi / 2, background: true))
        let (outside, outsidePath) = try stageFile("environment: ../sky.hdr\n")
        do { _ = try outside.load(path: outsidePath); Issue.record("read outside the stage's folder") } catch {
            #expect("\(error)".hasSuffix("environment: must be a path inside \(outside.textureRoot) without '..', got '../sky.hdr'"))
        }
        let (png, pngPath) = try stageFile("environment: art.png\n")
        do { _ = try png.load(path: pngPath); Issue.record("took a PNG for an HDR") } catch {
            #expect("\(error)".hasSuffix("environment: must be a Radiance .hdr file"))
        }
    }

    /// Each piece of nonsense and what the error must say: line, field, reason.
    @Test(arguments: [
        (
            "surfaces:\n  - { name: a, alignment: horizontal, position: [0, 0, 0], size: [-1, 2], detail: 0.5 }\n",
            2, "surfaces[0].size", "must be positive, got [-1.0, 2.0]"
        ),
        (
            "surfaces:\n  - { name: a, alignment: horizontal, position: [0, .nan, 0], size: [1, 2], detail: 0.5 }\n",
            2, "surfaces[0].position[1]", "must be a finite number, got '.nan'"
        ),
        (
            "surfaces:\n  - { name: a, alignment: horizontal, position: [0, 0, 0], size: [1, 2], detail: 0.5, shiny: true }\n",
            2, "surfaces[0].shiny",
            "unknown field; expected one of name, alignment, position, yaw, size, color, texture, detail, thickness, facade (or an x- key of your own)"
        ),
        (
            "surfaces:\n  - { name: a, alignment: horizontal, position: [0, 0, 0], size: [1, 2], detail: 1.5 }\n",
            2, "surfaces[0].detail", "must lie in 0.0...1.0, got 1.5"
        ),
        (
            "surfaces:\n  - { name: a, alignment: diagonal, position: [0, 0, 0], size: [1, 2], detail: 1 }\n",
            2, "surfaces[0].alignment", "must be one of horizontal, vertical; got 'diagonal'"
        ),
        (
            "surfaces:\n  - { name: a, position: [0, 0, 0], size: [1, 2], detail: 1 }\n",
            2, "surfaces[0].alignment", "is required"
        ),
        (
            "images:\n  - { name: p, texture: ../art.png, width: 0.08, position: [0, 0, 0] }\n",
            2, "images[0].texture", "without '..', got '../art.png'"
        ),
        (
            "images:\n  - { name: p, texture: missing.png, width: 0.08, position: [0, 0, 0] }\n",
            2, "images[0].texture", "missing.png does not exist"
        ),
        (
            "images:\n  - { name: p, texture: stage.yaml, width: 0.08, position: [0, 0, 0] }\n",
            2, "images[0].texture", "stage.yaml is not a PNG or JPEG image"
        ),
        (
            "images:\n  - { name: p, texture: art.png, width: 0, position: [0, 0, 0] }\n",
            2, "images[0].width", "must be positive, got 0.0"
        ),
        (
            "images:\n  - { name: p, texture: art.png, width: 0.08, position: [0, 0, 0], code: { url: 'ftp://x/y' } }\n",
            2, "images[0].code.url", "must be an http or https URL with a host, got 'ftp://x/y'"
        ),
        (
            "images:\n  - { name: p, texture: art.png, width: 0.08, position: [0, 0, 0] }\n  - { name: p, texture: art.png, width: 0.08, position: [0, 0, 0] }\n",
            3, "images[1]", "an image named 'p' already exists"
        ),
        (
            "images:\n  - { name: p, texture: art.png, width: 0.08, position: [0, 0, 0], moves: [{ at: 1, to: [1, 0, 0], duration: 2 }, { at: 2, to: [0, 0, 0] }] }\n",
            2, "images[0].moves[1].at", "starts at 2.0 s, before the previous move ends (3.0 s)"
        ),
        (
            "images:\n  - { name: p, texture: art.png, width: 0.08, position: [0, 0, 0], moves: [{ at: -1, to: [1, 0, 0] }] }\n",
            2, "images[0].moves[0].at", "must lie in 0.0...86400.0, got -1.0"
        ),
        (
            "images:\n  - { name: p, texture: art.png, width: 0.08, position: [0, 0, 0], moves: [{ at: 1 }] }\n",
            2, "images[0].moves[0].to", "is required"
        ),
        (
            "lights:\n  - { type: directional, direction: [0, 1, 0] }\n  - { type: directional, direction: [1, 1, 0] }\n",
            3, "lights[1]", "only one directional light is supported (the renderer draws one sun)"
        ),
        (
            "lights:\n  - { type: directional, direction: [0, 0, 0] }\n",
            2, "lights[0].direction", "must not be the zero vector"
        ),
        (
            "lights:\n  - { type: ambient, intensity: 0.2, changes: [{ at: 1, intensity: 0 }] }\n  - { type: ambient, intensity: 0.1 }\n",
            2, "lights[0].changes", "an ambient light can change only when it is the stage's one ambient light (ambient lights add up)"
        ),
        (
            "lights:\n  - { type: directional, direction: [0, 1, 0], changes: [{ at: 1 }] }\n",
            2, "lights[0].changes[0].intensity", "is required"
        ),
        (
            "lights:\n  - { type: directional, direction: [0, 1, 0], changes: [{ at: 1, intensity: 0, fade: 2 }] }\n",
            2, "lights[0].changes[0].fade", "unknown field; expected one of at, intensity, duration (or an x- key of your own)"
        ),
        (
            "sky: { zenith: [2, 0, 0] }\n",
            1, "sky.zenith", "components must lie in 0...1, got [2.0, 0.0, 0.0]"
        ),
        (
            "sky: blue\n",
            1, "sky", "expected a mapping, got 'blue'"
        ),
        (
            "geo: { latitude: 100, longitude: 0 }\n",
            1, "geo.latitude", "must lie in -90.0...90.0, got 100.0"
        ),
        (
            "camera: { position: [0, 1, 0], lookAt: [0, 1, 0] }\n",
            1, "camera.lookAt", "must differ from position"
        ),
        (
            "name: x\nsurfaces: 3\n",
            2, "surfaces", "expected a list, got '3'"
        ),
        // 100,000 blocks took 5 s and 419 MB; every list is capped.
        (
            "blocks:\n" + String(repeating: "  - { position: [0, 0, 0], size: [1, 1, 1] }\n", count: 1001),
            2, "blocks", "has 1001 entries, more than the limit of 1000"
        )
    ])
    func nonsenseIsRefusedWithLineFieldAndReason(_ body: String, line: Int, field: String, reason: String) throws {
        let (loader, path) = try stageFile(body)
        let error = #expect(throws: DocumentError.self) { try loader.load(path: path) }
        #expect(error?.file == path)
        #expect(error?.line == line)
        #expect(error?.field == field)
        #expect(error?.message.hasSuffix(reason) == true, "\(error?.message ?? "no error")")
    }
}

@Suite struct ImageHeaderTests {
    @Test func pngAndJPEGSizesComeFromTheirHeaders() throws {
        let png = try #require(ImageHeader.size(ofFileAt: SessionFixture.assets + "/packets/sunflower.png"))
        #expect(png.width == 320 && png.height == 480)
        let jpeg = try #require(ImageHeader.size(ofFileAt: Fixtures.sharedModel("SpiderOBJ/wal67ar_small.jpg")))
        #expect(jpeg.width == 250 && jpeg.height == 250)
        #expect(ImageHeader.size(of: Array("not an image at all, just text".utf8)) == nil)
        #expect(ImageHeader.size(of: [0xFF, 0xD8, 0xFF]) == nil)   // a truncated JPEG
    }
}
