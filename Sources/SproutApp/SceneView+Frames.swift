import SproutAssets
import SproutDocument
import SproutImage
import SproutRender
import SproutMath
import SproutSceneFile

/// What `SceneView.renderFrames` measured, in milliseconds.
public struct FrameTimings: Sendable, Equatable {
    /// Frames drawn.
    public var count = 0
    /// All frames: drawing, reading back and handing each on (writing its PNG).
    public var totalMilliseconds = 0.0
    /// All frames drawn and read back.
    public var drawMilliseconds = 0.0
    /// The first frame drawn and read back: it compiles shaders and draws the shadow map and probe.
    public var firstMilliseconds = 0.0

    /// Per frame after the first (what an orbit or a walk costs, what B's steady rate measures);
    /// nil for one frame.
    public var steadyMilliseconds: Double? { count > 1 ? (drawMilliseconds - firstMilliseconds) / Double(count - 1) : nil }
}

extension SceneView {
    /// Draws `count` frames offscreen, frame k with the file's animations k / 30 s on and the camera
    /// orbited k × `orbitDegrees` about the look-at point, and hands each read-back frame (RGBA8,
    /// top row first, the file's size) to `each`. `before` hears of each frame first (progress).
    public func renderFrames(
        _ count: Int, orbitDegrees: Float = 0, with renderer: Renderer, into surface: OffscreenSurface,
        before: (Int) -> Void = { _ in }, each: (_ frame: Int, _ pixels: [UInt8]) throws -> Void
    ) throws -> FrameTimings {
        var timings = FrameTimings(count: count)
        var pixels: [UInt8] = []
        let loop = Stopwatch()
        for frame in 0..<count {
            before(frame)
            let draw = Stopwatch()
            if frame > 0 { advanceAnimations(to: Double(frame) / 30) }
            try self.draw(with: renderer, into: surface, orbitDegrees: orbitDegrees * Float(frame))
            try surface.readPixels(into: &pixels)
            timings.drawMilliseconds += draw.milliseconds
            if frame == 0 { timings.firstMilliseconds = timings.drawMilliseconds }
            try each(frame, pixels)
        }
        timings.totalMilliseconds = loop.milliseconds
        return timings
    }

    /// `renderFrames` written as PNG: each frame to its own file when `output` is a pattern
    /// (`frame-%03d.png`), else the last one to `output` (`-`: standard output).
    public func writeFrames(
        _ count: Int, orbitDegrees: Float = 0, to output: String, with renderer: Renderer, into surface: OffscreenSurface,
        before: (Int) -> Void = { _ in }
    ) throws -> FrameTimings {
        let pattern = OutputPattern(template: output)
        var last: [UInt8] = []
        let timings = try renderFrames(count, orbitDegrees: orbitDegrees, with: renderer, into: surface, before: before) { frame, pixels in
            if pattern.isPattern {
                try ImageFile.writePNG(pixels: pixels, width: file.width, height: file.height, to: pattern.path(frame: frame))
            } else if frame == count - 1 {
                last = pixels
            }
        }
        if !pattern.isPattern { try ImageFile.writePNG(pixels: last, width: file.width, height: file.height, to: output) }
        return timings
    }

    /// The frames `writeFrames` names for `output`: `a-000.png ... a-059.png`, or `output` itself.
    public static func describeFrames(_ count: Int, output: String) -> String {
        let pattern = OutputPattern(template: output)
        return pattern.isPattern ? pattern.path(frame: 0) + " ... " + pattern.path(frame: count - 1) : output
    }

    /// The scene of one model `sprout render MODEL` draws: `file` (one placement, usually
    /// `SceneFile.oneModel`) loaded with errors that name the model, not a scene file's place.
    public static func model(_ file: SceneFile, isolation: ImportIsolation? = nil) throws -> SceneView {
        do { return try SceneView(file: file, isolation: isolation) } catch let error as DocumentError where error.file == file.source {
            throw AppError(error.message)
        }
    }
}

extension SceneFile {
    /// One model as `sprout render MODEL` draws it: where its file puts it (or standing where the
    /// stage's camera looks, with a stage), framed as `SceneFile.CameraChoice.framing` says; the
    /// model's and the stage's paths as typed, relative to the working folder.
    public static func oneModel(_ model: String, stage: String? = nil) -> SceneFile {
        var file = SceneFile(source: model)
        file.pathRoot = .workingFolder
        var placement = SceneFile.Placement(model: model)
        placement.standing = stage == nil ? .asAuthored : .whereStageLooks
        file.models = [placement]
        file.stage = stage
        file.camera = .framing(node: nil, position: nil, lookAt: nil)
        return file
    }
}

extension FrameTimings {
    /// What `sprout render --verbose` says of the frames: in all, per frame, the shadow passes
    /// `renderer` drew (the near map's too, when it drew one), the steady rate after the first, and what the last frame drew; with
    /// `Renderer.countsShadedSamples` on for it, how many times each of its `pixelSamples`
    /// (pixels times samples a pixel) was shaded.
    public func lines(renderer: Renderer, pixelSamples: Int = 0) -> [String] {
        [
            Printf.format(
                "frames: %d in %.1f ms (%.2f ms/frame drawn and read back; %d shadow passes", count, totalMilliseconds,
                drawMilliseconds / Double(max(count, 1)), renderer.shadowPassCount)
                + (renderer.nearShadowPassCount > 0 ? ", \(renderer.nearShadowPassCount) of the near map)" : ")")
        ]
            + (steadyMilliseconds.map { [Printf.format("steady: %.2f ms/frame after the first (first %.1f ms)", $0, firstMilliseconds)] } ?? [])
            + [
                Printf.format(
                    "last frame: %d draws, %d triangles, %d meshes culled", renderer.lastDrawCount, renderer.lastTriangleCount,
                    renderer.lastCulledCount)
            ]
            + (renderer.lastShadedSampleCount.map { shaded in
                [Printf.format("shaded: %d samples in the last frame, %.2f times each", shaded, Double(shaded) / Double(max(pixelSamples, 1)))]
            } ?? [])
    }
}

extension SceneFile.Placement {
    /// Sizes the model as `sizing` says: a uniform `scale`, or `fitHeight`.
    public mutating func size(_ sizing: ModelSizing) {
        switch sizing {
        case .asIs: break
        case .scale(let factor): scale = Vec3(repeating: factor)
        case .fit(let height): fitHeight = height
        }
    }
}
