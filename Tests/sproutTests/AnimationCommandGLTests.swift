import Foundation
import SproutImage
import SproutTesting
import Testing

/// Animation where a user meets a model (issue 28): a script animates the Fox and its trace
/// shows the clip time advancing with the frames, identically at any llvmpipe thread count; a
/// scene file poses it; the window plays it.
@Suite(.serialized) struct AnimationCommandGLTests {
    func run(_ arguments: [String], environment: [String: String] = [:], display: String? = nil) throws -> (status: Int32, output: String) {
        try Tool.runSprout(arguments, label: "animation-log", environment: environment, display: display)
    }

    static let script = """
        stage: tabletop
        fps: 30
        viewport: [320, 180]
        objects: { fox: { model: \(Fixtures.sharedModel("Fox/Fox.glb")), fit: 0.3 } }
        steps:
          - wait: 2.5
          - place: fox
          - animate: { object: fox, clip: Walk }
          - wait: 0.5
          - expect: { object: fox, clip: Walk, time: 0.5 }
          - snapshot: walking
          - animate: { object: fox, clip: Survey, loop: false, speed: 2 }
          - wait: 0.2
          - expect: { object: fox, clip: Survey, time: 0.4 }
        """

    @Test func aScriptAnimatesTheFoxTheSameAtAnyThreadCount() throws {
        let dir = try Fixtures.temporaryDirectory("animate-script")
        try Fixtures.write(Self.script, to: dir + "/fox.yaml")
        var traces: [Data] = [], frames: [Data] = []
        for threads in ["1", "4"] {
            let out = dir + "/out-\(threads)"
            let played = try run(["play", dir + "/fox.yaml", "-o", out], environment: ["LP_NUM_THREADS": threads])
            #expect(played.status == 0, "\(played.output)")
            traces.append(try Data(contentsOf: URL(fileURLWithPath: out + "/trace.json")))
            frames.append(try Data(contentsOf: URL(fileURLWithPath: out + "/walking.png")))
        }
        #expect(traces[0] == traces[1] && frames[0] == frames[1])
        // The clip time is the frames since the animate step over 30, each frame.
        let steps = try #require(try JSONSerialization.jsonObject(with: traces[0]) as? [String: Any])["steps"] as? [[String: Any]]
        let animation = try #require(steps).compactMap { step -> (frame: Int, clip: String, time: Double)? in
            guard let objects = step["objects"] as? [[String: Any]], let a = objects.first?["animation"] as? [String: Any] else { return nil }
            return (step["frame"] as! Int, a["clip"] as! String, a["time"] as! Double)
        }
        #expect(animation.map(\.clip) == ["Walk", "Walk", "Walk", "Walk", "Survey", "Survey", "Survey"])
        #expect(animation.map(\.frame) == [75, 90, 90, 90, 90, 96, 96])
        #expect(zip(animation.map(\.time), [0, 0.5, 0.5, 0.5, 0, 0.4, 0.4]).allSatisfy { abs($0 - $1) < 1e-9 })
        // A clip the Fox does not have is named with the ones it has.
        try Fixtures.write(Self.script.replacingOccurrences(of: "clip: Walk }", with: "clip: Trot }"), to: dir + "/trot.yaml")
        let trot = try run(["play", dir + "/trot.yaml", "--frames", "none", "-o", dir + "/trot"])
        #expect(
            trot.status != 0 && trot.output.contains("trot.yaml:8: steps[2].animate: 'fox' has no clip 'Trot'; its clips are 0: 'Survey', 1: 'Walk', 2: 'Run'"),
            "\(trot.output)")
    }

    @Test func aSceneFilePosesAModelAndRenderTakesAClipAndATime() throws {
        let dir = try Fixtures.temporaryDirectory("animate-scene")
        let fox = Fixtures.sharedModel("Fox/Fox.glb")
        func scene(_ animation: String) -> String {
            "size: [64, 64]\ncamera: { position: [2, 0.5, 0], lookAt: [0, 0.3, 0] }\nmodels:\n  - { model: \(fox), fit: 0.6\(animation) }\n"
        }
        try Fixtures.write(scene(", animation: { clip: Walk, time: 0.25 }"), to: dir + "/walk.yaml")
        try Fixtures.write(scene(", animation: { clip: 1, time: 0.25 }"), to: dir + "/index.yaml")
        try Fixtures.write(scene(""), to: dir + "/still.yaml")
        for name in ["walk", "index", "still"] {
            let r = try run(["render", dir + "/\(name).yaml", "-o", dir + "/\(name).png"])
            #expect(r.status == 0, "\(r.output)")
        }
        let walk = try ImageFile.read(path: dir + "/walk.png"), index = try ImageFile.read(path: dir + "/index.png"),
            still = try ImageFile.read(path: dir + "/still.png")
        #expect(walk.pixels == index.pixels && walk.pixels != still.pixels)
        // `sprout render MODEL --animation --time` poses it the same way.
        let posed = try run([
            "render", fox, "--fit", "0.6", "--size", "64x64", "--camera-position", "2,0.5,0", "--look-at", "0,0.3,0",
            "--animation", "Walk", "--time", "0.25", "-o", dir + "/cli.png"
        ])
        #expect(posed.status == 0, "\(posed.output)")
        try Fixtures.write(scene(", animation: { clip: Trot }"), to: dir + "/trot.yaml")
        let trot = try run(["render", dir + "/trot.yaml", "-o", dir + "/trot.png"])
        #expect(
            trot.status == 1
                && trot.output.contains("trot.yaml:4: models[0].animation: \(fox) has no clip 'Trot'; its clips are 0: 'Survey', 1: 'Walk', 2: 'Run'"),
            "\(trot.output)")
        // With --frames each further frame is 1/30 s later for a posed model, and the same for a still one.
        for name in ["walk", "still"] {
            let r = try run(["render", dir + "/\(name).yaml", "--frames", "2", "-o", dir + "/\(name)-%d.png"])
            #expect(r.status == 0, "\(r.output)")
        }
        #expect(try ImageFile.read(path: dir + "/walk-0.png").pixels == walk.pixels)
        #expect(try ImageFile.read(path: dir + "/walk-1.png").pixels != walk.pixels)
        #expect(try ImageFile.read(path: dir + "/still-1.png").pixels == still.pixels)
        let timeAlone = try run(["render", fox, "--time", "1"])
        #expect(timeAlone.status != 0 && timeAlone.output.contains("--time needs --animation CLIP"))
    }

    /// KHR_animation_pointer in a picture: the fixture's unlit triangle turns from red to blue
    /// over its clip's second (standing on the origin moves the model by (-5, 1, 0): its
    /// footprint, both triangles, is centred); posed at 0.5 s with no tone mapping its middle is linear
    /// (0.5, 0, 0.5), 188 in sRGB (0.5 encodes to 0.7354 x 255 = 187.5; ±1 for the shader's
    /// polynomial sRGB curve).
    @Test func aPointerAnimatedColourIsDrawnAtItsTime() throws {
        let dir = try Fixtures.temporaryDirectory("animate-pointer")
        let model = Fixtures.repositoryRoot + "/Tests/SproutAssetsTests/Fixtures/pointer-animations.gltf"
        try Fixtures.write(
            """
            size: [64, 64]
            toneMapping: none
            shadows: false
            camera: { position: [-5, 1, 3], lookAt: [-5, 1, 0] }
            models:
              - { model: \(model), animation: { clip: pulse, time: 0.5 } }

            """, to: dir + "/pulse.yaml")
        let r = try run(["render", dir + "/pulse.yaml", "-o", dir + "/pulse.png"])
        #expect(r.status == 0, "\(r.output)")
        let image = try ImageFile.read(path: dir + "/pulse.png")
        let middle = (32 * 64 + 32) * 4
        let (red, green, blue) = (Int(image.pixels[middle]), Int(image.pixels[middle + 1]), Int(image.pixels[middle + 2]))
        #expect(abs(red - 188) <= 1 && green == 0 && abs(blue - 188) <= 1, "\(red), \(green), \(blue)")
        #expect(r.output.contains("KHR_animation_pointer channel(s) on what Sprout does not animate"), "\(r.output)")
    }
}
