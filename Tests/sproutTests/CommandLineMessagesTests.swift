import SproutTesting
import SproutImage
import SproutMath
import SproutScene
@testable import sprout
import Testing
import Foundation

/// What the command line says when it is used wrongly (issue 16): one clear line each.
@Suite(.serialized) struct CommandLineMessagesTests {
    func sprout(_ arguments: [String], in folder: String? = nil) throws -> (status: Int32, output: String) {
        try Tool.runSprout(arguments, label: "cli-messages", in: folder, timeout: 120)
    }

    /// A render that fails leaves no new output folder behind; `--jobs -1` is a bad count, not an option (issue 30, item 15).
    @Test func aFailedRenderTakesItsNewFolderAwayAndANegativeJobCountIsNamed() throws {
        let dir = try Fixtures.temporaryDirectory("cli-failed-folder")
        let failed = try sprout(["render", dir + "/none.glb", "--output", dir + "/new/x.png"])
        #expect(failed.status == 1 && !FileManager.default.fileExists(atPath: dir + "/new"))
        let jobs = try sprout(["test", dir, "--jobs", "-1"])
        #expect(jobs.status != 0 && jobs.output.hasPrefix("Error: --jobs must lie in 1...64, got -1"), "\(jobs.output)")
    }

    @Test func anUnknownCommandSuggestsTheNearest() throws {
        let run = try sprout(["rendr", "x.glb"])
        #expect(run.status == 64)
        #expect(
            run.output.hasPrefix(
                "Error: unknown command 'rendr'; did you mean 'render'?\nCommands: preview, play, record, open, geo, render, compare, test, explore, grow, make-room, bench."
            ))
        #expect(try sprout(["zzzzzzzz"]).output.hasPrefix("Error: unknown command 'zzzzzzzz'\n"))
    }

    @Test func versionAndHelpSpeakPlainly() throws {
        #expect(try sprout(["--version"]).output == "0.4.0\n")
        let help = try sprout(["render", "--help"]).output
        #expect(help.contains("--size <WIDTHxHEIGHT>") && help.contains("(default: 1280x720)") && !help.contains("SizeArgument"))
        let size = try sprout(["render", "x.glb", "--size", "640*480"])
        #expect(size.status != 0 && size.output.hasPrefix("Error: The value '640*480' is invalid for '--size <WIDTHxHEIGHT>'"))
    }

    @Test func aFolderOrANameWithoutExtensionIsCalledWhatItIs() throws {
        let dir = try Fixtures.temporaryDirectory("cli-model-kinds")
        let folder = try sprout(["render", dir, "--output", dir + "/x.png"])
        #expect(
            folder.status == 1
                && folder.output == "Error: \(dir): is a folder, not a model file; give the model file inside it (.gltf, .glb, .obj, .fbx, .ply, .stl, .dae)\n")
        try Fixtures.write("x", to: dir + "/duck")
        let bare = try sprout(["render", dir + "/duck", "--output", dir + "/x.png"])
        #expect(bare.output == "Error: \(dir)/duck: has no file extension, and models are read by theirs (.gltf, .glb, .obj, .fbx, .ply, .stl, .dae)\n")
        let typo = try sprout(["render", "sunflowr"])
        #expect(typo.output.hasPrefix("Error: 'sunflowr' is not a model file, a catalog plant (sunflower, tomato, basil, lavender, tulip, corn)"))
    }

    @Test func renderMakesItsOutputFolderAndSaysWhyWhenItCannot() throws {
        let dir = try Fixtures.temporaryDirectory("cli-render-folder")
        let made = try sprout(["render", "basil", "--size", "32x32", "--output", dir + "/a/b/basil.png"])
        #expect(made.status == 0 && made.output == "wrote \(dir)/a/b/basil.png\n")
        try Fixtures.write("x", to: dir + "/file")
        let blocked = try sprout(["render", "basil", "--size", "32x32", "--output", dir + "/file/basil.png"])
        #expect(blocked.status == 1 && blocked.output == "Error: cannot write \(dir)/file/basil.png: \(dir)/file is not a folder\n")
    }

    /// A model and a stage file given on the command line are the paths as typed, from the
    /// working folder (not from the model's folder, and not confined as a scene file's are).
    @Test func renderReadsItsPathsFromTheWorkingFolder() throws {
        let dir = try Fixtures.temporaryDirectory("cli-working-folder")
        try FileManager.default.createDirectory(atPath: dir + "/models", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/work", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.sharedModel("Box/Box.glb"), toPath: dir + "/models/box.glb")
        try Fixtures.write(
            "name: plain\ncamera: { position: [0, 1.2, 2], lookAt: [0, 0.5, 0] }\nsurfaces:\n  - { name: floor, alignment: horizontal, position: [0, 0, 0], size: [4, 4], detail: 0.5 }\n",
            to: dir + "/stage.yaml")
        let run = try sprout(["render", "../models/box.glb", "--stage", "../stage.yaml", "--size", "32x32", "--output", "box.png"], in: dir + "/work")
        #expect(run.status == 0 && run.output == "wrote box.png\n", "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: dir + "/work/box.png"))
        // A broken stage file is named with its line and field, as before.
        try Fixtures.write(
            "name: plain\ncamera: { position: [0, 1.2, 2], lookAt: [0, 0.5, 0] }\nsurfaces:\n  - { name: floor, alignment: horizontal }\n",
            to: dir + "/bad.yaml")
        let bad = try sprout(["render", "../models/box.glb", "--stage", "../bad.yaml", "--size", "32x32", "--output", "box.png"], in: dir + "/work")
        #expect(bad.status == 1 && bad.output.hasPrefix("Error: ../bad.yaml:4: surfaces[0]."), "\(bad.output)")
    }

    /// `render --environment` lights a model with an HDR file; mistakes are named.
    @Test func renderTakesAnEnvironment() throws {
        let dir = try Fixtures.temporaryDirectory("cli-environment")
        try Fixtures.write(HDRCodec.encode(.uniform(Vec3(0.5, 0.5, 0.5))), to: dir + "/grey.hdr")
        let lit = try sprout([
            "render", "basil", "--size", "32x32", "--environment", dir + "/grey.hdr", "--environment-background",
            "--output", dir + "/basil.png"
        ])
        #expect(lit.status == 0 && lit.output == "wrote \(dir)/basil.png\n")
        // The background is the environment: radiance 0.5 exposed and tone-mapped by PBR Neutral (0.46), sRGB 181.
        #expect(try ImageFile.read(path: dir + "/basil.png").pixels[0..<3].allSatisfy { abs(Int($0) - 181) <= 1 })
        let alone = try sprout(["render", "basil", "--environment-background"])
        #expect(alone.status != 0 && alone.output.contains("--environment-background needs --environment FILE.hdr"))
        let missing = try sprout(["render", "basil", "--size", "32x32", "--environment", dir + "/none.hdr", "--output", dir + "/x.png"])
        #expect(missing.status == 1 && missing.output == "Error: \(dir)/none.hdr: cannot decode image: no such file\n")
    }

    @Test func aModelAtTheWrongScaleIsNamedWithItsSize() throws {
        let dir = try Fixtures.temporaryDirectory("cli-scale")
        let fox = Fixtures.sharedModel("Fox/Fox.glb")
        // The Fox's clips and skin are played (issue 28): only its size is named.
        let notPlayed = ""
        let run = try sprout(["render", fox, "--size", "32x32", "--output", dir + "/fox.png"])
        #expect(run.status == 0 && run.output.hasPrefix(notPlayed + "warning: \(fox) is 79.0 m tall (its units taken as metres)"))
        let fitted = try sprout(["render", fox, "--size", "32x32", "--fit", "0.6", "--output", dir + "/fox.png"])
        #expect(fitted.output == notPlayed + "wrote \(dir)/fox.png\n")
        #expect(try sprout(["render", fox, "--scale", "0.01", "--fit", "1"]).output.hasPrefix("Error: give --scale or --fit, not both"))
    }
}

/// `sprout geo --gpx`: a new file is announced, a missing folder refused.
@Suite(.serialized) struct GeoGPXMessagesTests {
    @Test func aNewGPXFileIsAnnouncedAndAMissingFolderRefused() throws {
        let dir = try Fixtures.temporaryDirectory("cli-gpx")
        let messages = CommandLineMessagesTests()
        let missing = try messages.sprout(["geo", "--gpx", dir + "/nofolder/a.gpx", "--frames", "1", "--output", dir + "/out"])
        #expect(missing.status == 1 && missing.output == "Error: --gpx \(dir)/nofolder/a.gpx: the folder \(dir)/nofolder does not exist\n")
        let created = try messages.sprout(["geo", "--gpx", dir + "/new.gpx", "--frames", "1", "--output", dir + "/out", "--size", "160x90"])
        #expect(created.status == 0)
        #expect(created.output.hasPrefix("\(dir)/new.gpx does not exist yet: it will be created with the anchors when they are saved\n"))
        #expect(created.output.contains("saved 1 anchor(s) to \(dir)/new.gpx"))
        let stage = try messages.sprout(["geo", "--stage", "tabletop", "--frames", "1", "--output", dir + "/out"])
        #expect(stage.status == 1 && stage.output == "Error: stage 'tabletop' has no geo origin; try --stage street-corner\n")
    }
}

/// One option group for stage, size, seed, output and frames, with each command's defaults.
@Suite struct SharedOptionDefaultsTests {
    @Test func eachCommandKeepsItsOwnDefaults() throws {
        let preview = try PreviewCommand.parse([])
        #expect(preview.world.stage == "tabletop" && preview.offscreen.output == "sprout-preview" && preview.offscreen.frames == 8)
        let open = try OpenCommand.parse([])
        #expect(open.world.stage == "nursery" && open.offscreen.output == "sprout-open" && open.offscreen.frames == 5)
        let geo = try GeoCommand.parse(["--seed", "7", "--size", "320x200"])
        #expect(geo.world.stage == "street-corner" && geo.offscreen.frames == 6 && geo.world.seed == 7 && geo.world.size.width == 320)
        #expect(throws: (any Error).self) { try PreviewCommand.parse(["--frames", "0"]) }
        #expect(try RecordCommand.parse(["--output", "x.yaml"]).stageOptions.stage == "tabletop")
    }
}
