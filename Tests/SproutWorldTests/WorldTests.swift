import SproutInteraction
import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import Testing
@testable import SproutWorld

@Suite struct WorldTests {
    private func tabletop() throws -> Stage { try StageLoader.resolve("tabletop", assetsDirectory: Fixtures.assetsDirectory) }

    private func pot() -> Entity {
        Entity(name: "pot", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, 0.2, 0.2)), material: Material()))
    }

    @Test func stepsOnTheInjectedClockAndNamesPlacementsAsScriptsDo() throws {
        let world = World(WorldOptions(stage: try tabletop(), seed: 1, viewport: Viewport(width: 640, height: 360)))
        #expect(!world.place(pot(), named: "pot"))   // tracking still initializing: refused
        for _ in 0..<150 { world.step(deltaTime: 1.0 / 60) }
        #expect(world.frameCount == 150)
        #expect(world.time == 2.5)   // frame 150 over 60 fps, not 150 summed steps (2.499999999999996)
        #expect(world.session.trackingState == .normal)
        #expect(world.place(pot(), named: "pot"))
        #expect(world.place(pot(), named: "pot"))
        #expect(world.objects.map(\.name) == ["pot 2", "pot 3"])   // the refused one counted, as before
        #expect(world.restart())
        #expect(world.objects.isEmpty)
        #expect(!world.restart())   // the sample's 5 s cooldown
    }

    @Test func theSameOptionsGiveTheSameWorld() throws {
        func run() throws -> [Float] {
            let world = World(WorldOptions(stage: try tabletop(), seed: 7))
            for _ in 0..<200 { world.step(deltaTime: 1.0 / 60) }
            return world.session.planeAnchors.flatMap { [$0.transform.translation.x, $0.transform.translation.y, $0.extent.x] }
        }
        let a = try run()
        #expect(!a.isEmpty)
        #expect(a == (try run()))
    }

    @Test func aRepeatedFingerSplitsTheFrameIntoBatches() {
        let down = TouchEvent(id: 1, location: Vec2(10, 10), phase: .began, timestamp: 0)
        let up = TouchEvent(id: 1, location: Vec2(10, 10), phase: .ended, timestamp: 0)
        let other = TouchEvent(id: 2, location: Vec2(50, 10), phase: .began, timestamp: 0)
        #expect(World.batches([]).isEmpty)
        #expect(World.batches([down, other, up]).map { $0.map(\.id) } == [[1, 2], [1]])
    }

    @Test func planesAndTheFocusSquareAreShownOnlyWhenAsked() throws {
        let world = World(WorldOptions(stage: try tabletop(), showsFocusSquare: false))
        #expect(!world.showsPlanes)
        #expect(world.engine.focusSquare.entity.parent == nil)
        world.showsPlanes = true
        #expect(world.planes.root.parent === world.scene.root)
        world.showsPlanes = false
        #expect(world.planes.root.parent == nil)
        #expect(world.geo == nil)   // the tabletop has no geographic origin
    }
}
