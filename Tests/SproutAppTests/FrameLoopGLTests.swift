import Foundation
import SproutImage
import SproutMath
import SproutRender
import SproutScene
import SproutSession
import SproutTesting
import SproutWorld
import Testing
@testable import SproutApp

/// The frame loop drawing a world offscreen, and the renderer's context lifetime. GL state
/// belongs to a thread: serialized.
@Suite(.serialized) struct FrameLoopGLTests {
    @Test func anOffscreenTourWritesEvenlySpacedFramesOfTheWorld() throws {
        let surface = try OffscreenSurface(width: 160, height: 90, samples: 0)
        let world = try World.onStage("tabletop", viewport: surface.viewport)
        let loop = try FrameLoop(world: world, surface: surface)
        let dir = try Fixtures.temporaryDirectory("tour")
        var stepsSeen: [Int] = []
        let files = try OffscreenTour(steps: 12, frames: 3, folder: dir).run(loop, on: surface, afterStep: { stepsSeen.append($0) })
        #expect(files == [dir + "/frame-000.png", dir + "/frame-001.png", dir + "/frame-002.png"])
        #expect(stepsSeen == Array(1...12))
        #expect(world.frameCount == 12)
        let last = try ImageFile.read(path: files[2])
        #expect(last.width == 160 && last.height == 90)
        // The stage is drawn (the table and walls), not just the clear colour.
        var colours = Set<UInt32>()
        for i in stride(from: 0, to: last.pixels.count, by: 4) {
            colours.insert(UInt32(last.pixels[i]) << 16 | UInt32(last.pixels[i + 1]) << 8 | UInt32(last.pixels[i + 2]))
        }
        #expect(colours.count > 50)
    }

    /// A surface started on another thread while this one loads a scene draws here as one made
    /// here does: the same pixels of a scene file, after `finish` made its context current.
    @Test func aSurfaceStartedOnAnotherThreadDrawsHere() throws {
        let path = try Fixtures.temporaryDirectory("starting") + "/pot.yaml"
        try Fixtures.write("size: [64, 48]\nmodels:\n  - { model: pot }\n", to: path)
        func draw(_ surface: OffscreenSurface, _ view: SceneView) throws -> [UInt8] {
            try view.draw(with: Renderer(context: surface.context), into: surface)
            return try surface.readPixels()
        }
        let starting = OffscreenSurface.starting(width: 64, height: 48, samples: 0)
        let view = try SceneView(path: path)
        let started = try draw(starting.finish(), view)
        let here = try draw(OffscreenSurface(width: 64, height: 48, samples: 0), try SceneView(path: path))
        #expect(started == here)
        #expect(Set(stride(from: 0, to: started.count, by: 4).map { started[$0] }).count > 4)   // the pot, not a clear
    }

    /// A surface started and let go without `finish` (a scene that failed to load) is waited for
    /// by its deinit; ten in a row leave nothing running that a later surface trips over.
    @Test func aSurfaceLetGoUnfinishedIsWaitedForAndTheNextOneDraws() throws {
        for _ in 0..<10 { _ = OffscreenSurface.starting(width: 16, height: 16, samples: 0) }
        let surface = try OffscreenSurface.starting(width: 16, height: 16, samples: 0).finish()
        #expect(try surface.readPixels().count == 16 * 16 * 4)
    }

    /// The lamp switched off (issue 14): a red box placed on the tabletop, the stage's sun then
    /// switched off. The session's estimate falls from what the lit room reads to the ambient
    /// light's 250 lm, and the box (content, lit as P18 lights it: the stage's lights scaled by
    /// the estimate / 1000) is drawn darker: with simple shading every pixel of it is then
    /// 0.5 x 0.25 (ambient) x 250 / 1000 = 0.03125 in linear light, sRGB 49 or 50.
    @Test func switchingTheSunOffDarkensPlacedContentWithTheEstimate() throws {
        let surface = try OffscreenSurface(width: 160, height: 90, samples: 0)
        let world = try World.onStage("tabletop", viewport: surface.viewport)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.options = RenderOptions(shadows: false, shading: .simple)
        loop.overlays = { _ in [] }
        for _ in 0..<150 { loop.advance(deltaTime: 1.0 / 60) }   // the table is found at 2.3 s
        let box = Entity(
            name: "box",
            model: ModelComponent(
                mesh: MeshFactory.box(size: Vec3(repeating: 0.2)),
                material: Material(name: "red", baseColor: Vec4(0.5, 0, 0, 1))))
        #expect(world.place(box, named: "box"))
        for _ in 0..<60 { loop.advance(deltaTime: 1.0 / 60) }
        try loop.draw()
        let lit = try surface.readPixels()
        let litEstimate = try #require(world.session.lightEstimate).ambientIntensity
        world.session.changeLight(LightChange(light: .directional, at: world.session.time, intensity: 0))
        for _ in 0..<180 { loop.advance(deltaTime: 1.0 / 60) }   // 3 s: the estimate has settled
        try loop.draw()
        let dark = try surface.readPixels()
        let darkEstimate = try #require(world.session.lightEstimate).ambientIntensity
        // The box: where the dark frame is pure red (under the sun its white highlight tints it).
        let boxPixels = stride(from: 0, to: dark.count, by: 4).filter { dark[$0] > 0 && dark[$0 + 1] == 0 && dark[$0 + 2] == 0 }
        #expect(litEstimate > 800 && abs(darkEstimate - 250) < 0.5, "estimates \(litEstimate), \(darkEstimate) lm")
        #expect(boxPixels.count > 100)
        #expect(boxPixels.allSatisfy { (49...50).contains(dark[$0]) }, "dark box reds \(Set(boxPixels.map { dark[$0] }).sorted())")
        #expect(boxPixels.allSatisfy { lit[$0] > 60 }, "lit box reds \(Set(boxPixels.map { lit[$0] }).sorted())")
    }

    @Test func theStatusPanelIsDrawnOverTheFrame() throws {
        let surface = try OffscreenSurface(width: 320, height: 180, samples: 0)
        let world = try World.onStage("tabletop", viewport: surface.viewport)
        let loop = try FrameLoop(world: world, surface: surface)
        loop.advance(deltaTime: 1.0 / 60)
        #expect(world.statusText.text == "Initializing" && world.statusText.alpha == 0)   // shown on frame 1: the fade starts there
        loop.advance(deltaTime: 1.0 / 60)   // P18: the tracking state while limited(.initializing)
        #expect(loop.view.overlays.count == 1)
        loop.helpLine = "help"
        #expect(loop.view.overlays.count == 2)
        loop.overlays = { _ in [] }
        #expect(loop.view.overlays.isEmpty)
    }

    /// The placement hint names the + button of the sample's screen; the desktop panel names
    /// Space instead, while the engine (and so traces and expectations) keeps the sample's words.
    @Test func thePanelNamesTheDesktopsControl() throws {
        let surface = try OffscreenSurface(width: 160, height: 90, samples: 0)
        let world = try World.onStage("tabletop", viewport: surface.viewport)
        let loop = try FrameLoop(world: world, surface: surface)
        world.engine.messages.showMessage("TAP + TO PLACE AN OBJECT")
        #expect(world.statusText.text == "TAP + TO PLACE AN OBJECT")
        #expect(loop.statusLine == "PRESS SPACE TO PLACE AN OBJECT")
        loop.wording = [:]
        #expect(loop.statusLine == "TAP + TO PLACE AN OBJECT")
    }

    /// On a fresh thread (no context left current by another test): a renderer with no
    /// context throws a clear error; one made with `Renderer(context:)` keeps its context.
    @Test func aRendererWithoutALiveContextSaysSoAndOneWithItsContextKeepsIt() throws {
        let results = OnFreshThread.run { () -> (String, Bool) in
            var message = ""
            do {
                _ = try OffscreenSurface(width: 8, height: 8)   // made and dropped at once
                _ = try Renderer()
            } catch { message = "\(error)" }
            var drew = false
            do {
                let renderer = try { () throws -> Renderer in
                    let surface = try OffscreenSurface(width: 8, height: 8)
                    return try Renderer(context: surface.context)   // the surface goes; its context stays
                }()
                let target = try OffscreenTarget(width: 8, height: 8)
                try renderer.render(Scene(), view: View(camera: Camera.looking(from: Vec3(0, 0, 2), at: .zero)), into: target)
                drew = target.readPixels().count == 8 * 8 * 4
            } catch { message += " / \(error)" }
            return (message, drew)
        }
        #expect(results.0.hasPrefix("Renderer: no OpenGL context is current on this thread"), "\(results.0)")
        #expect(results.1)
    }
}

/// Runs a body on a new thread and waits for it.
enum OnFreshThread {
    final class Box<T>: @unchecked Sendable {
        var value: T?
        let done = DispatchSemaphore(value: 0)
    }

    static func run<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let thread = Thread {
            box.value = body()
            box.done.signal()
        }
        thread.start()
        box.done.wait()
        return box.value!
    }
}
