import SproutMath
import SproutScene
import Testing
@testable import SproutInteraction

@Suite struct ObjectHitTesterTests {
    /// A 1 m x 0.1 m x 0.1 m plank along x, standing at `x`.
    private func plank(_ name: String, x: Float) -> VirtualObject {
        let model = Entity(name: name, model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 0.1, 0.1)), material: Material()))
        let object = VirtualObject(name: name, model: model)
        object.transform.translation = Vec3(x, 0, 0)
        return object
    }

    private let down = { (x: Float, z: Float) in Ray(origin: Vec3(x, 5, z), direction: Vec3(0, -1, 0)) }

    /// A model whose clip slides its plank along x inside a still object is hit where the
    /// clip puts it (issue 28): its box is re-read although the object never moved.
    @Test func aModelMovingInsideItsObjectIsHitWhereItIs() {
        let root = Entity(name: "animated")
        root.addChild(Entity(name: "plank", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 0.1, 0.1)), material: Material())))
        root.animationClips = [
            AnimationClip(
                name: "slide",
                channels: [
                    AnimationChannel(
                        target: EntityPath(childIndices: [0]), property: .translation,
                        sampler: AnimationSampler(interpolation: .linear, times: [0, 1], values: [0, 0, 0, 2, 0, 0], width: 3))
                ])
        ]
        let object = VirtualObject(name: "animated", model: root)
        let still = plank("still", x: -5)
        let tester = ObjectHitTester()
        #expect(tester.nearest(down(0.2, 0), among: [object, still]) === object)
        AnimationPlayer(root: root).play(0, from: 0.75)   // x = 1.5; posing tells the object
        #expect(tester.nearest(down(0.2, 0), among: [object, still]) == nil)
        #expect(tester.nearest(down(1.7, 0), among: [object, still]) === object)
    }

    /// KHR_node_selectability: an object's box for taps holds only its selectable parts. A
    /// plank (x -0.5 to 0.5) under a glass pane at x 2 to 3 that cannot be selected: a tap on the
    /// pane passes through, one on the plank selects the object; the drawn bounds keep both.
    @Test func anObjectIsHitOnlyWhereItsPartsAreSelectable() {
        let root = Entity(name: "case")
        root.addChild(Entity(name: "plank", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 0.1, 0.1)), material: Material())))
        let pane = Entity(name: "pane", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 0.1, 0.1)), material: Material()))
        pane.transform.translation = Vec3(2.5, 0, 0)
        pane.isSelectable = false
        root.addChild(pane)
        let object = VirtualObject(name: "case", model: root)
        let tester = ObjectHitTester()
        #expect(tester.nearest(down(2.5, 0), among: [object]) == nil)
        #expect(tester.nearest(down(1.5, 0), among: [object]) == nil)
        #expect(tester.nearest(down(0.2, 0), among: [object]) === object)
        #expect(object.visualBounds(relativeTo: object).max.x == 3)
    }

    @Test func findsTheNearestAndFollowsMovesAndTurns() {
        let tester = ObjectHitTester()
        let a = plank("a", x: 0), b = plank("b", x: 3)
        let objects = [a, b]
        #expect(tester.nearest(down(0.4, 0), among: objects) === a)
        #expect(tester.nearest(down(3, 0), among: objects) === b)
        #expect(tester.nearest(down(1.5, 0), among: objects) == nil)
        // Moved: found at its new place, no longer at the old one.
        b.transform.translation = Vec3(1.5, 0, 0)
        #expect(tester.nearest(down(1.5, 0), among: objects) === b)
        #expect(tester.nearest(down(3, 0), among: objects) == nil)
        // Turned a quarter about its vertical axis: the plank now lies along z.
        a.objectRotation = .pi / 2
        #expect(tester.nearest(down(0.4, 0), among: objects) == nil)
        #expect(tester.nearest(down(0, 0.4), among: objects) === a)
        // Disabled objects are not hit; nearer objects win.
        a.isEnabled = false
        #expect(tester.nearest(down(0, 0.4), among: objects) == nil)
        a.isEnabled = true
        let top = plank("top", x: 0)
        top.transform.translation.y = 1
        #expect(tester.nearest(down(0.3, 0), among: [a, top]) === top)
    }

    @Test func keepsUpWhenTheChangeLogWrapsAround() {
        let tester = ObjectHitTester()
        let a = plank("a", x: 0), b = plank("b", x: 3)
        #expect(tester.nearest(down(3, 0), among: [a, b]) === b)
        // More changes than the log keeps: the tester falls back to reading every object.
        for i in 0...(VirtualObject.changeLogLimit + 10) { a.transform.translation.z = Float(i % 2) * 0.001 }
        b.transform.translation.x = -3
        #expect(tester.nearest(down(-3, 0), among: [a, b]) === b)
    }
}
