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
