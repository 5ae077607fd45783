import ArgumentParser
import SproutCommandLine
import SproutImage
import SproutTesting
import Testing
@testable import sprout

@Suite struct RenderArgumentTests {
    @Test func badOptionsAreRefusedWithTheirName() {
        #expect(throws: (any Error).self) { try RenderCommand.parse(["model.glb", "--fov", "0"]) }
        #expect(throws: (any Error).self) { try RenderCommand.parse(["model.glb", "--frames", "0"]) }
        #expect(throws: (any Error).self) { try RenderCommand.parse(["model.glb", "--msaa", "3"]) }
        let message = RenderCommand.message(for: ValidationError("--fov must be between 1 and 179 degrees, got 0.0"))
        #expect(message.contains("--fov"))
    }

    /// A scene file sets its own camera, light and sizes: options that would be silently
    /// ignored beside one are refused, each named.
    @Test func optionsASceneFileSetsItselfAreRefusedBesideOne() {
        do {
            _ = try RenderCommand.parse(["garden.yaml", "--camera-position", "0,1,2", "--fit", "0.5", "--no-shadows"])
            Issue.record("accepted")
        } catch {
            let message = RenderCommand.message(for: error)
            #expect(message.contains("--camera-position, --fit, --no-shadows would not apply to garden.yaml"), "\(message)")
        }
        #expect((try? RenderCommand.parse(["garden.yaml", "--frames", "3", "--exposure", "2"])) != nil)
        #expect((try? RenderCommand.parse(["model.glb", "--camera-position", "0,1,2", "--fit", "0.5"])) != nil)
    }
}

/// `sprout render` end to end, headless. Serialized: GL state belongs to a thread.
@Suite(.serialized) struct RenderCommandGLTests {
    @Test func rendersThePeerSceneWithItsCameraAndWritesEveryFrame() throws {
        let dir = try Fixtures.temporaryDirectory("render")
        let command = try RenderCommand.parse([
            Fixtures.peerAsset("scene.glb"), "--size", "160x90", "--camera-position", "0.8,0.9,1.2",
            "--look-at", "0,0.55,0", "--frames", "3", "--orbit", "0.5", "--no-shadows",
            "--output", dir + "/frame-%02d.png"
        ])
        try command.run()
        for i in 0..<3 {
            let image = try ImageFile.read(path: dir + "/frame-0\(i).png")
            #expect(image.width == 160 && image.height == 90)
        }
        // The plant stands in the middle of the frame: the centre pixel is not the sky colour.
        let first = try ImageFile.read(path: dir + "/frame-00.png")
        let sky = first[2, 2], centre = first[80, 50]
        #expect(sky.b > sky.r)
        #expect(centre.g > centre.b)
    }

    @Test func aBrokenModelIsAnErrorNotACrash() throws {
        let dir = try Fixtures.temporaryDirectory("render-bad")
        try Fixtures.write([UInt8](repeating: 7, count: 64), to: dir + "/broken.glb")
        let command = try RenderCommand.parse([dir + "/broken.glb", "--output", dir + "/out.png"])
        #expect(throws: (any Error).self) { try command.run() }
    }
}

/// `sprout render MODEL --camera NAME` looks through the file's own camera; `--verbose` lists them.
@Suite(.serialized) struct RenderCameraCommandGLTests {
    static let square = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/orthographic-square.gltf"

    /// Exactly red pixels (the square is unlit; no tone mapping).
    func redPixels(_ path: String) throws -> Int {
        let image = try ImageFile.read(path: path)
        return stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 255 && image.pixels[$0 + 1] == 0 && image.pixels[$0 + 2] == 0 }
            .count
    }

    /// The orthographic camera's view is 2 m tall: the 1 m square is 32 x 32 of 64 x 64 pixels
    /// (`--verbose` says they were shaded once each).
    /// The perspective one (yfov 0.5 rad, 5 m away) sees 2 x 5 x tan(0.25) = 2.5534 m: the square
    /// is 64 / 2.5534 = 25.065 pixels a side about the centre, from 19.47 to 44.53, which holds
    /// the pixel centres 19.5 ... 44.5: 26 x 26 = 676.
    @Test func theFilesCameraDrawsThePicture() throws {
        let dir = try Fixtures.temporaryDirectory("render-camera")
        let common = ["--size", "64x64", "--no-shadows", "--tone-mapping", "none"]
        let ortho = try Tool.runSprout(["render", Self.square, "--camera", "far", "--verbose", "-o", dir + "/far.png"] + common, label: "render-camera")
        #expect(ortho.status == 0, "\(ortho.output)")
        #expect(
            ortho.output.contains("cameras: 'near' (orthographic, 2 m tall), 'far' (orthographic, 2 m tall), 'flat', 'lens' (28.6 degrees)"), "\(ortho.output)")
        #expect(try redPixels(dir + "/far.png") == 1024)
        #expect(ortho.output.contains("shaded: 1024 samples in the last frame, 0.25 times each"), "\(ortho.output)")
        let lens = try Tool.runSprout(["render", Self.square, "--camera", "lens", "-o", dir + "/lens.png"] + common, label: "render-camera")
        #expect(lens.status == 0, "\(lens.output)")
        #expect(try redPixels(dir + "/lens.png") == 676)
        let missing = try Tool.runSprout(["render", Self.square, "--camera", "top", "-o", dir + "/top.png"] + common, label: "render-camera")
        #expect(missing.status != 0 && missing.output.contains("no camera named 'top'"), "\(missing.output)")
        #expect(throws: (any Error).self) { try RenderCommand.parse([Self.square, "--camera", "far", "--look-at", "0,0,0"]) }
    }

    /// An error quoting a file's names (here a clip's, holding a terminal escape sequence) is
    /// printed with its control characters escaped, and the command fails.
    @Test func errorsQuoteFileNamesEscaped() throws {
        let dir = try Fixtures.temporaryDirectory("render-escaped")
        let text = try String(decoding: Fixtures.read(Self.square), as: UTF8.self)
        try Fixtures.write(text.replacingOccurrences(of: "\"name\": \"zoom\"", with: "\"name\": \"zo\\u001b[2Jom\""), to: dir + "/m.gltf")
        let run = try Tool.runSprout(["render", dir + "/m.gltf", "--animation", "nope", "-o", dir + "/m.png"], label: "render-escaped")
        #expect(run.status == 1 && run.output.contains("has no clip 'nope'; its clips are 0: 'zo\\u{1b}[2Jom'"), "\(run.output)")
        #expect(!run.output.contains("\u{1b}"))
    }
}
