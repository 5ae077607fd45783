import SproutMath
import Testing
@testable import SproutScene

@Suite struct EntityTests {
    @Test func addRemoveAndRemoveFromParent() {
        let parent = Entity(name: "parent"), child = Entity(name: "child")
        parent.addChild(child)
        #expect(child.parent === parent)
        #expect(parent.children.count == 1)
        child.removeFromParent()
        #expect(child.parent == nil)
        #expect(parent.children.isEmpty)
    }

    @Test func addingToANewParentRemovesFromTheOld() {
        let a = Entity(), b = Entity(), child = Entity()
        a.addChild(child)
        b.addChild(child)
        #expect(a.children.isEmpty)
        #expect(b.children.first === child)
    }

    @Test func worldMatrixComposesParents() {
        let parent = Entity(transform: Transform(translation: Vec3(1, 0, 0), rotation: Quaternion(angle: .pi / 2, axis: .unitY)))
        let child = Entity(transform: Transform(translation: Vec3(0, 0, -1)))
        parent.addChild(child)
        // Parent turned a quarter about +Y: its -Z is world -X.
        #expect(child.worldPosition.isApproximately(Vec3(0, 0, 0)))
    }

    @Test func reparentingCanKeepTheWorldTransform() {
        let a = Entity(transform: Transform(translation: Vec3(1, 2, 3)))
        let b = Entity(transform: Transform(translation: Vec3(-1, 0, 0), scale: Vec3(2, 2, 2)))
        let child = Entity(transform: Transform(translation: Vec3(0, 1, 0)))
        a.addChild(child)
        let before = child.worldMatrix
        child.setParent(b, preservingWorldTransform: true)
        #expect(child.worldMatrix.isApproximately(before))
        #expect(child.transform.translation.isApproximately(Vec3(1, 1.5, 1.5)))
        #expect(child.transform.scale.isApproximately(Vec3(0.5, 0.5, 0.5)))
    }

    @Test func reparentingWithoutPreservingKeepsTheLocalTransform() {
        let a = Entity(transform: Transform(translation: Vec3(5, 0, 0))), child = Entity()
        child.setParent(a)
        #expect(child.worldPosition == Vec3(5, 0, 0))
    }

    @Test func visitIsDepthFirstAndCanSkipSubtrees() {
        let root = Entity(name: "r"), a = Entity(name: "a"), b = Entity(name: "b"), a1 = Entity(name: "a1")
        root.addChild(a); root.addChild(b); a.addChild(a1)
        #expect(root.descendants.map(\.name) == ["r", "a", "a1", "b"])
        var seen: [String] = []
        root.visit {
            seen.append($0.name); return $0.name != "a"
        }
        #expect(seen == ["r", "a", "b"])
        #expect(root.findEntity(named: "a1") === a1)
    }

    /// One walk finds, for every name, the entity `findEntity(named:)` would: the first depth
    /// first, so a name used twice is the one met first (deeper in an earlier subtree).
    @Test func firstEntitiesByNameAreThoseFindEntityFinds() {
        let root = Entity(name: "r"), a = Entity(name: "a"), b = Entity(name: "twin"), deep = Entity(name: "twin"), c = Entity(name: "c")
        root.addChild(a); root.addChild(b); a.addChild(deep); b.addChild(c)
        let byName = root.firstEntitiesByName()
        #expect(byName.count == 4 && byName["twin"] === deep && root.findEntity(named: "twin") === deep)
        for name in ["r", "a", "twin", "c"] { #expect(byName[name] === root.findEntity(named: name)) }
    }

    @Test func convertsPositionsBetweenSpaces() {
        let a = Entity(transform: Transform(translation: Vec3(0, 1, 0), scale: Vec3(2, 2, 2)))
        let b = Entity(transform: Transform(translation: Vec3(3, 0, 0)))
        #expect(a.convert(position: Vec3(1, 0, 0), to: nil) == Vec3(2, 1, 0))
        #expect(a.convert(position: Vec3(2, 1, 0), from: nil).isApproximately(Vec3(1, 0, 0)))
        #expect(a.convert(position: Vec3(1, 0, 0), to: b).isApproximately(Vec3(-1, 1, 0)))
    }

    @Test func visualBoundsInWorldAndLocalSpace() {
        let parent = Entity(transform: Transform(translation: Vec3(0, 0.74, 0)))
        let box = Entity(model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, 0.4, 0.2)), material: Material()))
        box.transform.translation = Vec3(1, 0.2, 0)
        parent.addChild(box)
        let world = parent.visualBounds()
        #expect(world.min.isApproximately(Vec3(0.9, 0.74, -0.1)))
        #expect(world.max.isApproximately(Vec3(1.1, 1.14, 0.1)))
        let local = parent.visualBounds(relativeTo: parent)
        #expect(local.min.isApproximately(Vec3(0.9, 0, -0.1)))
    }

    @Test func disabledEntitiesAreLeftOutOfBounds() {
        let root = Entity()
        let hidden = Entity(model: ModelComponent(mesh: MeshFactory.box(size: .one), material: Material()))
        root.addChild(hidden)
        hidden.isEnabled = false
        #expect(root.visualBounds().isEmpty)
        #expect(!hidden.isEnabledInHierarchy)
    }
}
