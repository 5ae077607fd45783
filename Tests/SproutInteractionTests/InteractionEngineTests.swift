import SproutMath
import SproutScene
import SproutSession
import Testing
@testable import SproutInteraction

@Suite struct InteractionEngineTests {
    typealias F = InteractionFixture

    @Test func placingWhileTheFocusSquareInitializesIsRefusedWithTheSampleMessage() throws {
        let engine = try F.engine()
        F.run(engine, seconds: 0.2)   // tracking still initializing
        #expect(engine.focusSquare.isInitializing)
        let pot = F.pot()
        #expect(!engine.place(pot))
        #expect(engine.messages.text == "CANNOT PLACE OBJECT\nTry moving left or right.")
        #expect(engine.objects.isEmpty && pot.parent == nil && engine.selectedObject == nil)
    }

    @Test func placementLandsAtTheScreenCentreOnTheTableAndAddsAnAnchor() throws {
        let engine = try F.engine()
        F.run(engine, seconds: 3)
        #expect(!engine.focusSquare.isInitializing)
        let pot = F.pot()
        #expect(engine.place(pot))
        #expect(engine.selectedObject === pot)
        #expect(abs(pot.worldPosition.y - 0.74) < 0.03)   // on the table's current estimate
        #expect(length(Vec2(pot.worldPosition.x, pot.worldPosition.z)) < 0.05)
        #expect(pot.anchor != nil && engine.session.anchors.contains { $0 === pot.anchor })
    }

    /// P18's automatic environment texturing: no probe before anything is placed; then one by
    /// the selected object, 10 cm above it, at the centre of its 0.5 m cell across.
    @Test func theEnvironmentProbeGoesByTheSelectedObject() throws {
        let engine = try F.engine()
        F.run(engine, seconds: 3)
        #expect(engine.scene.environmentProbePosition == nil)
        let pot = F.pot()
        #expect(engine.place(pot))
        F.run(engine, seconds: 0.1)
        let p = pot.worldPosition
        #expect(engine.scene.environmentProbePosition == InteractionEngine.probePosition(near: p))
        #expect(InteractionEngine.probePosition(near: Vec3(0.3, 0.74, -0.1)).isApproximately(Vec3(0.25, 0.84, -0.25), tolerance: 1e-6))
        #expect(InteractionEngine.probePosition(near: Vec3(-0.01, 0, 0.49)) == Vec3(-0.25, 0.1, 0.25))
    }

    @Test func anObjectPlacedEarlySnapsOntoTheRefinedTable() throws {
        let engine = try F.engine(seed: 5)
        F.run(engine, seconds: 1.0)   // tracking normal, no plane yet: placed on the estimated plane
        #expect(engine.session.planeAnchors.isEmpty)
        let pot = F.pot()
        #expect(engine.place(pot))
        let placedAt = pot.worldPosition.y
        var snapped = false
        F.run(engine, seconds: 12) { _ in if engine.scene.isAnimating(pot) { snapped = true } }
        #expect(snapped)
        // The table's estimate converges to 0.74; snapping stops once within 1 mm of it.
        #expect(abs(pot.worldPosition.y - 0.74) <= 0.0011, "placed at \(placedAt), now \(pot.worldPosition.y)")
    }

    /// Places a pot on the table and returns the engine and the pot's screen point.
    private func placed() throws -> (InteractionEngine, VirtualObject, Vec2) {
        let engine = try F.engine()
        F.run(engine, seconds: 6)
        let pot = F.pot()
        engine.place(pot)
        F.run(engine, seconds: 0.5)
        let center = pot.visualBounds().center
        return (engine, pot, engine.session.device.mapping.project(center)!)
    }

    @Test func draggingMovesTheObjectAcrossTheTableAndItFollowsWhenOnlyTheDeviceMoves() throws {
        let (engine, pot, start) = try placed()
        let y = pot.worldPosition.y
        var t = engine.session.time
        engine.handle(F.touches([(1, start, .began)], at: t))
        for i in 1...30 {
            t += F.step
            engine.handle(F.touches([(1, start + Vec2(Float(i) * 4, 0), .moved)], at: t))
            engine.update(deltaTime: F.step)
        }
        #expect(engine.interaction.trackedObject === pot)
        let moved = pot.worldPosition
        #expect(moved.x > 0.1)   // 120 points to the right, past the 30-point threshold
        #expect(abs(moved.y - y) < 0.002)   // still on the table
        // The finger stays; the device steps 20 cm left: the object keeps under the finger.
        let finger = start + Vec2(120, 0)
        engine.session.device.move(by: Vec3(-0.2, 0, 0))
        for _ in 0..<30 {
            t += F.step
            engine.handle(F.touches([(1, finger, .stationary)], at: t))
            engine.update(deltaTime: F.step)
        }
        #expect(pot.worldPosition.x < moved.x - 0.1)
        let onScreen = engine.session.device.mapping.project(pot.worldPosition)!
        let anchorOnScreen = engine.session.device.mapping.project(moved)!
        #expect(abs(onScreen.x - anchorOnScreen.x) > 50)   // it moved with the device, not stayed put in the world
        engine.handle(F.touches([(1, finger, .ended)], at: t + F.step))
        #expect(engine.interaction.trackedObject == nil)
        #expect(engine.selectedObject === pot)
    }

    @Test func twistingTwoFingersOnTheObjectTurnsItAboutItsVerticalAxis() throws {
        let (engine, pot, center) = try placed()
        let before = pot.objectRotation
        var t = engine.session.time
        let r: Float = 20
        engine.handle(F.touches([(1, center - Vec2(r, 0), .began), (2, center + Vec2(r, 0), .began)], at: t))
        // Twist 45 degrees clockwise on screen in 9 steps of 5 degrees.
        for i in 1...9 {
            t += F.step
            let a = Float(i) * .pi / 36
            engine.handle(F.touches([(1, center - Vec2(cos(a), sin(a)) * r, .moved), (2, center + Vec2(cos(a), sin(a)) * r, .moved)], at: t))
            engine.update(deltaTime: F.step)
        }
        #expect(abs(wrapAngle(pot.objectRotation - (before - .pi / 4))) < 1e-4)
        #expect(abs(pot.worldPosition.y - 0.74) < 0.03)   // the pan never crossed 60 points: it did not move
    }

    @Test func touchesBesideTheObjectFindItThroughTheirCentre() throws {
        let (engine, pot, center) = try placed()
        let left = center - Vec2(150, 0), right = center + Vec2(150, 0)
        #expect(engine.interaction.virtualObject(at: left) == nil && engine.interaction.virtualObject(at: right) == nil)
        #expect(engine.interaction.objectInteracting(touches: [left, right], center: center) === pot)
        #expect(engine.interaction.objectInteracting(touches: [left, right], center: nil) == nil)
    }

    @Test func tappingEmptyTableMovesTheSelectedObjectThere() throws {
        let (engine, pot, center) = try placed()
        let target = center + Vec2(200, 60)
        let t = engine.session.time
        engine.handle(F.touches([(1, target, .began)], at: t))
        engine.handle(F.touches([(1, target, .ended)], at: t + 0.1))
        let expected = try #require(SmartHitTest.hit(engine.session, at: target, allowedAlignments: [.horizontal]))
        #expect(distance(pot.worldPosition, expected.position) < 0.01)
    }

    @Test func restartRemovesEverythingAndWaitsFiveSeconds() throws {
        let (engine, pot, _) = try placed()
        #expect(engine.restartExperience())
        #expect(engine.objects.isEmpty && pot.parent == nil)
        #expect(!engine.isRestartAvailable)
        #expect(!engine.restartExperience())
        F.run(engine, seconds: 4.9)
        #expect(!engine.isRestartAvailable)
        F.run(engine, seconds: 0.2)
        #expect(engine.isRestartAvailable)
        #expect(engine.session.anchors.allSatisfy { !($0 === pot.anchor) })
    }

    @Test func messagesFollowTheSample() throws {
        let engine = try F.engine()
        var texts: [String] = []
        var lastPlaneAdded = 0.0
        F.run(engine, seconds: 9) { frame in
            if engine.messages.isShown, texts.last != engine.messages.text { texts.append(engine.messages.text) }
            for case .added(_ as PlaneAnchor) in frame.events { lastPlaneAdded = frame.timestamp }
        }
        #expect(texts.first == "Initializing")
        #expect(texts.contains("TRACKING NORMAL"))
        #expect(texts.last == "SURFACE DETECTED")
        // 7.5 s after the last new plane, no object placed: the placement hint (each new plane re-arms it).
        F.run(engine, seconds: lastPlaneAdded + 7.5 - engine.session.time - 0.05)
        #expect(engine.messages.text == "SURFACE DETECTED")
        F.run(engine, seconds: 0.1)
        #expect(engine.messages.text == "TAP + TO PLACE AN OBJECT")
        #expect(!texts.contains("FIND A SURFACE TO PLACE AN OBJECT"))   // cancelled by the first plane
    }

    @Test func theSameTouchesGiveTheSameTransformsEveryRun() throws {
        func run() throws -> [Float] {
            let (engine, pot, start) = try placed()
            var t = engine.session.time
            engine.handle(F.touches([(1, start, .began)], at: t))
            for i in 1...40 {
                t += F.step
                engine.handle(F.touches([(1, start + Vec2(Float(i) * 3, Float(i)), .moved)], at: t))
                engine.update(deltaTime: F.step)
            }
            let m = pot.worldMatrix
            return [m.columns.0.x, m.columns.0.z, m.columns.3.x, m.columns.3.y, m.columns.3.z]
        }
        #expect(try run() == run())
    }
}

@Suite struct InteractionEngineInterruptionTests {
    @Test func objectsHideDuringAnInterruptionAndReturnWithNormalTracking() throws {
        let engine = try InteractionFixture.engine()
        InteractionFixture.run(engine, seconds: 3)
        let pot = InteractionFixture.pot()
        #expect(engine.place(pot))
        engine.interrupt()
        InteractionFixture.run(engine, seconds: 1)
        #expect(!pot.isEnabled)
        #expect(engine.messages.text == "TRACKING UNAVAILABLE")
        engine.endInterruption()
        InteractionFixture.run(engine, seconds: 0.5)
        #expect(engine.session.trackingState == .limited(.relocalizing) && !pot.isEnabled)
        InteractionFixture.run(engine, seconds: 2)
        #expect(engine.session.trackingState == .normal && pot.isEnabled)
    }
}
