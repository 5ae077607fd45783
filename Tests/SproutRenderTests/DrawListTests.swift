import SproutMath
import SproutScene
import Testing
@testable import SproutRender

/// The frame's draw list without GL: layers, order and culling, levels of detail.
@Suite struct DrawListTests {
    func box(_ name: String, at position: Vec3, material: Material = Material()) -> Entity {
        Entity(
            name: name, transform: Transform(translation: position),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 1, 1)), material: material))
    }

    @Test func opaqueFrontToBackTransparentBackToFront() {
        let scene = Scene()
        for z in [-5, -1, -3] as [Float] { scene.addChild(box("o\(Int(-z))", at: Vec3(0, 0, z))) }
        for z in [-2, -6, -4] as [Float] { scene.addChild(box("t\(Int(-z))", at: Vec3(0, 0, z), material: Material(baseColor: Vec4(1, 1, 1, 0.5)))) }
        let list = DrawList(scene: scene, viewpoint: Viewpoint(at: .zero))
        #expect(list.content.opaque.map { $0.worldBounds.center.z } == [-1, -3, -5])
        #expect(list.content.transparent.map { $0.worldBounds.center.z } == [-6, -4, -2])
        #expect(list.casters.count == 6)   // transparent surfaces cast too (the translucent layer, by their alpha)
    }

    @Test func cullingDropsWhatTheFrustumCannotHold() {
        let scene = Scene()
        scene.addChild(box("ahead", at: Vec3(0, 0, -5)))
        scene.addChild(box("behind", at: Vec3(0, 0, 5)))
        let camera = Camera.looking(from: .zero, at: Vec3(0, 0, -1), fovYDegrees: 60)
        let mapping = camera.mapping(viewport: Viewport(width: 100, height: 100))
        var list = DrawList(scene: scene, viewpoint: Viewpoint(at: .zero))
        list.cull(by: Frustum(viewProjection: mapping.projectionMatrix * mapping.viewMatrix))
        #expect(list.content.opaque.count == 1 && list.culledCount == 1)
        #expect(list.casters.count == 2)   // a caster out of view still casts
    }

    /// The probe's backdrop is the scene's order at full detail from any viewpoint, and sorted
    /// from the probe's position it is ordered for that position, not the camera's.
    @Test func probeBackdropIgnoresTheCamera() {
        let scene = Scene()
        let level = LevelOfDetail(maxScreenHeight: 1, parts: [ModelPart(mesh: MeshFactory.box(size: Vec3(0.5, 0.5, 0.5)), material: Material())])
        for (name, x) in [("west", -4), ("east", 4)] as [(String, Float)] {
            let entity = box(name, at: Vec3(x, 0, 0))
            entity.model?.levelsOfDetail = [level]
            scene.backdrop.addChild(entity)
        }
        let fromWest = DrawList(
            scene: scene, viewpoint: Viewpoint(at: Vec3(-100, 0, 0)),
            detail: DetailSelector(viewMatrix: .translation(Vec3(0, 0, -100)), projection: Projection(fovY: .pi / 2)))
        let fromEast = DrawList(scene: scene, viewpoint: Viewpoint(at: Vec3(100, 0, 0)))
        #expect(fromWest.backdrop.opaque.map { $0.worldBounds.center.x } == [-4, 4])
        #expect(fromEast.backdrop.opaque.map { $0.worldBounds.center.x } == [4, -4])
        // From 100 m the level stands in for the full box (its bounds half as wide); the probe's copy keeps the full box.
        #expect(fromWest.backdrop.opaque.map { $0.worldBounds.max.y } == [0.25, 0.25])
        for list in [fromWest, fromEast] {
            #expect(list.probeBackdrop.opaque.map { $0.worldBounds.center.x } == [-4, 4])
            #expect(list.probeBackdrop.opaque.map { $0.worldBounds.max.y } == [0.5, 0.5])
            #expect(list.probeBackdrop.sorted(from: Viewpoint(at: Vec3(3, 0, 0))).opaque.map { $0.worldBounds.center.x } == [4, -4])
        }
        #expect(
            ProbeInputs(position: .zero, lighting: Lighting(), sky: nil, backdrop: fromWest.probeBackdrop)
                == ProbeInputs(position: .zero, lighting: Lighting(), sky: nil, backdrop: fromEast.probeBackdrop))
    }

    /// A unit-radius sphere 10 m ahead under a 90-degree view spans 1/10 of its height.
    @Test func detailSelectorMeasuresTheScreenHeight() {
        let selector = DetailSelector(viewMatrix: .identity, projection: Projection(fovY: .pi / 2))
        let bounds = BoundingBox(min: Vec3(-1, -1, -11), max: Vec3(1, 1, -9))
        let radius = bounds.boundingRadius
        #expect(abs(selector.screenHeight(of: bounds) - radius / 10) < 1e-6)
    }
}
