import SproutImage
import SproutRender
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import sprout

/// `sprout preview` offscreen, in the serialized CLI GL suite.
extension RenderCommandGLTests {
    @Test func previewWritesFramesOfTheTabletopStage() throws {
        let dir = try Fixtures.temporaryDirectory("preview")
        let command = try PreviewCommand.parse(["--size", "160x90", "--frames", "2", "--duration", "3", "--planes", "--output", dir])
        try command.runOffscreen()
        let last = try ImageFile.read(path: dir + "/frame-001.png")
        #expect(last.width == 160 && last.height == 90)
        #expect(!FileManager.default.fileExists(atPath: dir + "/frame-002.png"))
        // Below the plant, the table is under the blue plane overlay (found by 3 s): blue wins.
        let table = last[80, 58]
        #expect(table.b > table.r, "table pixel \(table)")
    }

    /// The built-in model room, drawn from its model (its planes are StageModelsTests').
    @Test func previewShowsTheModelRoomWithItsTableFound() throws {
        let dir = try Fixtures.temporaryDirectory("preview-model")
        let command = try PreviewCommand.parse(["--stage", "model-room", "--size", "160x90", "--frames", "1", "--duration", "3", "--planes", "--output", dir])
        try command.runOffscreen()
        let frame = try ImageFile.read(path: dir + "/frame-000.png")
        // Below the plant at the centre, the model's table top (brown: LivingRoomModel's wood).
        let table = frame[80, 56]
        #expect(table.r > table.b + 20, "table pixel \(table)")
        // Above the table, the back wall the model draws (light and neutral), not the clear colour.
        let wall = frame[80, 8]
        #expect(wall.r > 80 && wall.g > 80 && wall.b > 80, "wall pixel \(wall)")
    }

    @Test func aBadStageIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try Fixtures.temporaryDirectory("preview-bad")
        try Fixtures.write("surfaces:\n  - { name: a, alignment: horizontal, position: [0, 0, 0], size: [1, 1], detail: 2 }\n", to: dir + "/stage.yaml")
        let command = try PreviewCommand.parse(["--stage", dir + "/stage.yaml", "--output", dir + "/frames"])
        let error = #expect(throws: (any Error).self) { try command.runOffscreen() }
        #expect("\(error!)" == dir + "/stage.yaml:2: surfaces[0].detail: must lie in 0.0...1.0, got 2.0")
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
    }

    @Test func previewOptionsAreChecked() {
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--frames", "0"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--duration", "-1"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--exposure", "0"]) }
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--shading", "toon"]) }
        #expect(throws: (any Error).self) { try RenderCommand.parse(["m.glb", "--exposure", "nan"]) }
        #expect(((try? PreviewCommand.parse(["--shading", "simple", "--exposure", "2"]))?.shadingOptions.applied(to: RenderOptions()).exposure) == 2)
    }
}
