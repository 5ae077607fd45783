import SproutMath
import Testing
@testable import SproutScene

@Suite struct HitTestTests {
    func scene() -> (Scene, near: Entity, far: Entity) {
        let scene = Scene()
        let near = Entity(name: "near", model: ModelComponent(mesh: MeshFactory.sphere(radius: 0.5), material: Material()))
        let far = Entity(name: "far", model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 1, 1)), material: Material()))
        near.transform.translation = Vec3(0, 0, -3)
        far.transform.translation = Vec3(0, 0, -6)
        scene.addChild(near)
        scene.addChild(far)
        return (scene, near, far)
    }

    @Test func resultsAreSortedNearestFirst() {
        let (scene, near, far) = scene()
        let hits = scene.hitTest(Ray(origin: .zero, direction: Vec3(0, 0, -1)))
        #expect(hits.count == 2 && hits[0].entity === near && hits[1].entity === far)
        #expect(abs(hits[0].distance - 2.5) < 1e-5)
        #expect(abs(hits[1].distance - 5.5) < 1e-5)
    }

    @Test func boundingBoxHitsWhereTheMeshIsMissed() {
        let (scene, near, _) = scene()
        // Through the corner of the sphere's box: inside the box, outside the sphere.
        let ray = Ray(origin: Vec3(0.45, 0.45, 0), direction: Vec3(0, 0, -1))
        #expect(scene.hitTest(ray, mode: .boundingBox).first?.entity === near)
        #expect(scene.hitTest(ray, mode: .mesh).first?.entity !== near)
    }

    @Test func meshHitIsOnTheSurface() {
        let (scene, _, _) = scene()
        let hit = scene.hitTest(Ray(origin: .zero, direction: Vec3(0, 0, -1)), mode: .mesh).first!
        #expect(abs(hit.position.z + 2.5) < 0.01)
    }

    /// KHR_node_selectability: an unselectable entity and its descendants are passed through,
    /// though drawn; the far box is hit at 5.5 m.
    @Test func unselectableSubtreesArePassedThrough() {
        let (scene, near, far) = scene()
        let cover = Entity(name: "cover")
        scene.addChild(cover)
        near.removeFromParent()
        cover.addChild(near)
        cover.isSelectable = false
        let hits = scene.hitTest(Ray(origin: .zero, direction: Vec3(0, 0, -1)))
        #expect(hits.count == 1 && hits[0].entity === far && abs(hits[0].distance - 5.5) < 1e-5)
        #expect(near.clone().isSelectable && !cover.clone().isSelectable)
    }

    @Test func disabledEntitiesAreNotHit() {
        let (scene, near, far) = scene()
        near.isEnabled = false
        #expect(scene.hitTest(Ray(origin: .zero, direction: Vec3(0, 0, -1))).first?.entity === far)
    }

    @Test func hitsFollowTheEntityTransform() {
        let (scene, near, _) = scene()
        near.transform.scale = Vec3(2, 2, 2)
        let hit = scene.hitTest(Ray(origin: .zero, direction: Vec3(0, 0, -1))).first!
        #expect(abs(hit.distance - 2.0) < 1e-5)
    }
}
