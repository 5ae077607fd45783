import SproutHeadless
import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// A frame handed to the rasteriser in batches is the same picture as one handed over whole.
@Suite(.serialized) final class SubmissionPacerGLTests {
    let context: HeadlessContext

    init() throws {
        context = try HeadlessContext(forceSoftware: true)
    }

    @Test func batchesLeaveEveryPixelAsDrawnInOneGo() throws {
        let scene = Scene(lighting: Lighting(directionToLight: Vec3(0.3, 1, 0.2)))
        scene.addChild(Entity(name: "floor", model: ModelComponent(mesh: MeshFactory.plane(width: 6, depth: 6), material: Material(name: "floor"))))
        let box = MeshFactory.box(size: Vec3(0.3, 0.3, 0.3))
        for i in 0..<40 {   // 40 boxes of 12 triangles, overlapping in depth
            let at = Vec3(Float(i % 8) * 0.35 - 1.2, 0.15 + Float(i / 8) * 0.1, -Float(i / 8) * 0.3)
            let material = Material(name: "m\(i % 3)", baseColor: Vec4(Float(i % 3) / 2, 0.5, 1 - Float(i % 3) / 2, 1))
            scene.addChild(Entity(name: "box", transform: Transform(translation: at), model: ModelComponent(mesh: box, material: material)))
        }
        let camera = Camera.looking(from: Vec3(0, 1.5, 2.5), at: Vec3(0, 0.2, -0.5), fovYDegrees: 50)
        let renderer = try Renderer(context: context)
        func draw(_ pacer: SubmissionPacer) throws -> [UInt8] {
            renderer.submission = pacer
            let target = try OffscreenTarget(width: 128, height: 96, samples: 0)
            try renderer.render(scene, view: View(camera: camera, options: RenderOptions(shadows: true, shadowMapSize: 512)), into: target)
            return target.readPixels()
        }
        let whole = try draw(SubmissionPacer(trianglesPerFlush: .max, drawsPerFlush: .max))
        #expect(renderer.submission.flushCount == 0)
        let batched = try draw(SubmissionPacer(trianglesPerFlush: 30, flushesInFlight: 1))
        // The shadow map of the first frame is reused, so the main pass alone: 482 triangles in
        // draws of 12 (2 for the floor), a batch each time 30 are passed: every 3 boxes.
        #expect(renderer.submission.flushCount == 13)
        #expect(batched == whole)
        #expect(Set(batched).count > 10)   // a picture, not a clear colour
        // By draws as well (llvmpipe keeps some 64 KiB a draw until the batch is drawn: 32,000
        // one-triangle primitives had held 970 MiB): the same 41 draws, a batch every 4.
        let byDraws = try draw(SubmissionPacer(trianglesPerFlush: .max, drawsPerFlush: 4, flushesInFlight: 1))
        #expect(renderer.submission.flushCount == 10)
        #expect(byDraws == whole)
    }
}
