import SproutMath
import Testing
@testable import SproutScene

@Suite struct TimingFunctionTests {
    @Test func endpointsAreFixed() {
        for f in TimingFunction.allCases {
            #expect(f.progress(0) == 0)
            #expect(abs(f.progress(1) - 1) < 1e-9)
        }
    }

    @Test func curvesHaveTheirShape() {
        #expect(TimingFunction.linear.progress(0.25) == 0.25)
        #expect(TimingFunction.easeIn.progress(0.25) < 0.25)
        #expect(TimingFunction.easeOut.progress(0.25) > 0.25)
        // Core Animation's ease-in-ease-out (0.42, 0, 0.58, 1) is symmetric about the midpoint.
        #expect(abs(TimingFunction.easeInEaseOut.progress(0.5) - 0.5) < 1e-6)
        #expect(abs(TimingFunction.easeInEaseOut.progress(0.2) + TimingFunction.easeInEaseOut.progress(0.8) - 1) < 1e-6)
    }

    @Test func easeInEaseOutMatchesTheBezierAtAQuarter() {
        // Solving x(s) = 0.25 for the (0.42, 0, 0.58, 1) curve gives y = 0.129 (3 decimals).
        #expect(abs(TimingFunction.easeInEaseOut.progress(0.25) - 0.129) < 0.001)
    }
}

@Suite struct TransformAnimationTests {
    @Test func movesOverItsDurationByTheInjectedClock() {
        let scene = Scene(), e = Entity()
        scene.addChild(e)
        scene.animate(e, to: Transform(translation: Vec3(0, 1, 0)), duration: 2)
        scene.update(deltaTime: 0.5)
        #expect(e.transform.translation.isApproximately(Vec3(0, 0.25, 0)))
        #expect(scene.isAnimating(e))
        scene.update(deltaTime: 1.5)
        #expect(e.transform.translation == Vec3(0, 1, 0))
        #expect(!scene.isAnimating(e))
    }

    @Test func aNewAnimationStartsFromWhereTheEntityIs() {
        let scene = Scene(), e = Entity()
        scene.animate(e, to: Transform(translation: Vec3(2, 0, 0)), duration: 1)
        scene.update(deltaTime: 0.5)
        let a = scene.animate(e, to: Transform(translation: Vec3(0, 0, 0)), duration: 1)
        #expect(a.from.translation.isApproximately(Vec3(1, 0, 0)))
        #expect(scene.animations.count == 1)
    }

    /// A SceneKit transaction: the model value is the target at once, the presentation moves.
    @Test func aTransactionSetsTheModelValueAtOnceAndAnimatesWhatIsDrawn() {
        let scene = Scene(), parent = Entity(transform: Transform(translation: Vec3(0, 10, 0))), e = Entity()
        parent.addChild(e)
        scene.addChild(parent)
        scene.animate(e, to: Transform(translation: Vec3(0, 1, 0)), duration: 2, style: .transaction)
        #expect(e.transform.translation == Vec3(0, 1, 0) && e.worldPosition == Vec3(0, 11, 0))
        #expect(e.presentedTransform.translation == Vec3(0, 0, 0))
        scene.update(deltaTime: 0.5)
        #expect(e.presentedTransform.translation.isApproximately(Vec3(0, 0.25, 0)))
        #expect(e.presentedWorldMatrix.translation.isApproximately(Vec3(0, 10.25, 0)))
        // A new transaction starts from where it is drawn; stopping shows the model value.
        let again = scene.animate(e, to: Transform(translation: Vec3(0, 2, 0)), duration: 1, style: .transaction)
        #expect(again.from.translation.isApproximately(Vec3(0, 0.25, 0)) && e.transform.translation == Vec3(0, 2, 0))
        scene.stopAnimating(e)
        #expect(e.presentation == nil && e.presentedTransform.translation == Vec3(0, 2, 0))
        // A move changes the model value itself (RealityKit).
        scene.animate(e, to: Transform(translation: Vec3(0, 4, 0)), duration: 1)
        scene.update(deltaTime: 0.5)
        #expect(e.presentation == nil && e.transform.translation.isApproximately(Vec3(0, 3, 0)))
    }

    @Test func hitTestsAndBoundsSeeThePresentation() {
        let scene = Scene()
        let e = Entity(model: ModelComponent(mesh: MeshFactory.box(size: Vec3(1, 1, 1)), material: Material()))
        scene.addChild(e)
        scene.animate(e, to: Transform(translation: Vec3(10, 0, 0)), duration: 1, style: .transaction)
        let down = Ray(origin: Vec3(0, 5, 0), direction: Vec3(0, -1, 0))
        #expect(scene.hitTest(down).count == 1)   // still drawn at the origin
        #expect(e.visualBounds().center.isApproximately(Vec3(0, 0, 0)))
        scene.update(deltaTime: 1)
        #expect(scene.hitTest(down).isEmpty)
        #expect(e.visualBounds().center.isApproximately(Vec3(10, 0, 0)))
    }

    @Test func zeroDurationAppliesAtOnce() {
        let scene = Scene(), e = Entity()
        scene.animate(e, to: Transform(scale: Vec3(5, 5, 5)), duration: 0)
        #expect(e.transform.scale == Vec3(5, 5, 5))
    }

    @Test func rotationUsesTheShorterArc() {
        let scene = Scene(), e = Entity()
        scene.animate(e, to: Transform(rotation: Quaternion(angle: .pi / 2, axis: .unitY)), duration: 1, timing: .linear)
        scene.update(deltaTime: 0.5)
        #expect(e.transform.rotation.isApproximately(Quaternion(angle: .pi / 4, axis: .unitY)))
    }
}

@Suite struct FrameClockTests {
    @Test func advancesOnlyWhenTicked() {
        var clock = FrameClock(framesPerSecond: 60)
        #expect(clock.time == 0)
        for _ in 0..<60 { _ = clock.tick() }
        #expect(clock.frame == 60)
        #expect(clock.time == 1.0)
    }
}

@Suite struct AnchorEntityTests {
    @Test func followsItsAnchorOnUpdate() {
        let scene = Scene()
        let anchor = Anchor(identifier: AnchorIdentifier(1), name: "table", transform: .translation(Vec3(0, 0.74, 0)))
        let anchored = AnchorEntity(anchor: anchor)
        scene.addChild(anchored)
        let plant = Entity()
        anchored.addChild(plant)
        anchor.transform = .translation(Vec3(0, 0.75, 0))
        scene.update(deltaTime: 1 / 60)
        #expect(plant.worldPosition.isApproximately(Vec3(0, 0.75, 0)))
        #expect(scene.anchorEntities.count == 1)
    }
}
