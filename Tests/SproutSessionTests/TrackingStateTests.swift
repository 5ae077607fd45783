import SproutMath
import Testing
@testable import SproutSession

@Suite struct TrackingStateTests {
    @Test func textsAreTheSampleStatusTexts() {
        #expect(TrackingState.notAvailable.presentationString == "TRACKING UNAVAILABLE")
        #expect(TrackingState.normal.presentationString == "TRACKING NORMAL")
        #expect(TrackingState.limited(.excessiveMotion).presentationString == "TRACKING LIMITED\nExcessive motion")
        #expect(TrackingState.limited(.insufficientFeatures).presentationString == "TRACKING LIMITED\nLow detail")
        #expect(TrackingState.limited(.initializing).presentationString == "Initializing")
        #expect(TrackingState.limited(.relocalizing).presentationString == "Recovering from interruption")
        #expect(TrackingState.limited(.excessiveMotion).recommendation == "Try slowing down your movement, or reset the session.")
        #expect(TrackingState.limited(.insufficientFeatures).recommendation == "Try pointing at a flat surface, or reset the session.")
        #expect(TrackingState.limited(.relocalizing).recommendation == "Return to the location where you left off or try resetting the session.")
        #expect(TrackingState.normal.recommendation == nil)
        #expect(TrackingState.limited(.initializing).recommendation == nil)
        #expect(TrackingState.limited(.excessiveMotion).description == "limited(excessiveMotion)")
        #expect(TrackingState.Reason.excessiveMotion.description == "Too much motion")
    }
}

@Suite struct TrackingMonitorTests {
    let step = 1.0 / 60
    let pose = lookAt(eye: Vec3(0, 1.5, 1), target: .zero)

    /// Runs `seconds` of frames; `move` gives the pose at each frame index.
    private func run(
        _ monitor: inout TrackingMonitor, seconds: Double, features: Float = 0.5,
        move: (Int) -> Matrix4
    ) -> [TrackingState] {
        (0..<Int((seconds / step).rounded())).map { monitor.update(deltaTime: step, pose: move($0), featureScore: features) }
    }

    @Test func initializesForThreeQuartersOfASecondOfSteadyViewing() {
        var m = TrackingMonitor()
        #expect(m.state == .notAvailable)
        m.reset()
        let states = run(&m, seconds: 1) { _ in pose }
        // 0.75 s at 60 Hz = 45 frames; the 45th frame completes initialisation.
        #expect(states[43] == .limited(.initializing))
        #expect(states[44] == .normal)
    }

    @Test func initializationWaitsForFeatures() {
        var m = TrackingMonitor()
        m.reset()
        #expect(run(&m, seconds: 2, features: 0.05) { _ in pose }.allSatisfy { $0 == .limited(.initializing) })
        #expect(run(&m, seconds: 0.75) { _ in pose }.last == .normal)
    }

    @Test func movingFasterThanTwoMetresPerSecondIsExcessiveMotionUntilHalfASecondOfCalm() {
        var m = TrackingMonitor()
        m.reset()
        _ = run(&m, seconds: 1) { _ in pose }
        // 2.1 m/s along x for 0.5 s.
        var moving = run(&m, seconds: 0.5) { i in Matrix4.translation(Vec3(2.1 * Float(i + 1) / 60, 0, 0)) * pose }
        #expect(moving.allSatisfy { $0 == .limited(.excessiveMotion) })
        let last = Matrix4.translation(Vec3(2.1 * 30 / 60, 0, 0)) * pose
        let calm = run(&m, seconds: 0.6) { _ in last }
        #expect(calm[28] == .limited(.excessiveMotion))   // 29 calm frames: 0.483 s
        #expect(calm[29] == .normal)   // 30 calm frames: 0.5 s
        // 1.9 m/s is within the limit.
        moving = run(&m, seconds: 0.5) { i in Matrix4.translation(Vec3(1.9 * Float(i + 1) / 60, 0, 0)) * last }
        #expect(moving.allSatisfy { $0 == .normal })
    }

    @Test func turningFasterThan3Point5RadiansPerSecondIsExcessiveMotion() {
        var m = TrackingMonitor()
        m.reset()
        _ = run(&m, seconds: 1) { _ in pose }
        let fast = run(&m, seconds: 0.2) { i in pose * Matrix4.rotationY(3.6 * Float(i + 1) / 60) }
        #expect(fast.last == .limited(.excessiveMotion))
        var slow = TrackingMonitor()
        slow.reset()
        _ = run(&slow, seconds: 1) { _ in pose }
        #expect(run(&slow, seconds: 0.5) { i in pose * Matrix4.rotationY(3.4 * Float(i + 1) / 60) }.allSatisfy { $0 == .normal })
    }

    @Test func lowDetailForHalfASecondIsInsufficientFeaturesAndClearsAtOnce() {
        var m = TrackingMonitor()
        m.reset()
        _ = run(&m, seconds: 1) { _ in pose }
        let bland = run(&m, seconds: 1, features: 0.09) { _ in pose }
        #expect(bland[28] == .normal)
        #expect(bland[29] == .limited(.insufficientFeatures))
        #expect(run(&m, seconds: step, features: 0.1) { _ in pose } == [.normal])
    }
}

@Suite struct SessionTrackingTests {
    @Test func notAvailableBeforeRunAndWhileInterrupted() throws {
        let session = Session(stage: try SessionFixture.tabletop())
        #expect(session.update(deltaTime: 1.0 / 60).trackingState == .notAvailable)
        session.run(.worldTracking)
        #expect(SessionFixture.simulate(session, seconds: 1).trackingState == .normal)
        session.interrupt()
        #expect(SessionFixture.simulate(session, seconds: 1).trackingState == .notAvailable)
    }

    @Test func afterAnInterruptionTrackingRelocalizesNearWhereItWas() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop())
        SessionFixture.simulate(session, seconds: 3)
        let planes = session.planeAnchors.count
        let home = session.device
        session.interrupt()
        SessionFixture.simulate(session, seconds: 0.5)
        // Carried 2 m away during the interruption.
        session.device.move(by: Vec3(0, 0, 1.2))
        session.device.look(from: Vec3(1.5, 1.4, 1.5), at: Vec3(0, 0.74, 0))
        session.endInterruption()
        #expect(SessionFixture.simulate(session, seconds: 3).trackingState == .limited(.relocalizing))
        // Back where it was: 1 s of steady viewing relocalises (plus 0.5 s of calm after the jump).
        session.device = home
        var states: [TrackingState] = []
        SessionFixture.simulate(session, seconds: 2) { states.append($0.trackingState) }
        #expect(states.first == .limited(.relocalizing))
        #expect(states.last == .normal)
        #expect(session.planeAnchors.count == planes)   // anchors survive an interruption
    }

    @Test func lookingAtABlankWallIsLowDetail() throws {
        var stage = SessionFixture.floorStage()
        stage.surfaces.append(StageSurface(name: "blank", alignment: .vertical, position: Vec3(0, 1.5, -2), size: Vec2(20, 3), detail: 0.02))
        let session = SessionFixture.running(stage, device: SessionFixture.device(from: Vec3(0, 1.5, 0), at: Vec3(0, 1.5, -2)))
        #expect(SessionFixture.simulate(session, seconds: 2).trackingState == .limited(.initializing))
        session.device.look(from: Vec3(0, 1.5, 0), at: Vec3(0, 0, -1.5))
        #expect(SessionFixture.simulate(session, seconds: 2).trackingState == .normal)
        session.device.look(from: Vec3(0, 1.5, 0), at: Vec3(0, 1.5, -2))
        // The turn back is fast (excessive motion first), then the wall is too bland.
        #expect(SessionFixture.simulate(session, seconds: 2).trackingState == .limited(.insufficientFeatures))
    }

    @Test func resetTrackingStartsInitializingAgain() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop())
        SessionFixture.simulate(session, seconds: 2)
        session.run(.worldTracking, options: [.resetTracking])
        #expect(session.trackingState == .limited(.initializing))
        #expect(SessionFixture.simulate(session, seconds: 0.5).trackingState == .limited(.initializing))
        #expect(SessionFixture.simulate(session, seconds: 0.5).trackingState == .normal)
    }
}
