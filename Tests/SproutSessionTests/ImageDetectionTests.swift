import SproutMath
import Testing
@testable import SproutSession

@Suite struct ImageDetectionTests {
    static let packetCenter = Vec3(0.15, 0.7405, 0.12)
    let configuration = SessionConfiguration(detectionImages: [ReferenceImage(name: "sunfl", physicalWidth: 0.08)], isCodeTrackingEnabled: true)

    /// A device `height` metres above the packet, looking straight down at it (5 cm offset so
    /// the view has a defined up).
    private func above(_ height: Float, at point: Vec3 = packetCenter) -> DeviceCamera {
        SessionFixture.device(from: point + Vec3(0, height, 0.05), at: point)
    }

    @Test func thePacketIsTooSmallFromTheDefaultCamera() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop(), configuration: configuration)
        SessionFixture.simulate(session, seconds: 4)
        // 8 cm at about 1 m is under 60 points on a 720-point-high, 60-degree view.
        #expect(session.imageAnchors.isEmpty)
        #expect(session.codeAnchors.isEmpty)
    }

    @Test func seenCloseEnoughThePacketIsRecognisedAtItsPose() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop(), configuration: configuration, device: above(0.5))
        var addedAt: Double?
        SessionFixture.simulate(session, seconds: 2) { frame in
            for case .added(let a as ImageAnchor) in frame.events { addedAt = frame.timestamp; _ = a }
        }
        let anchor = try #require(session.imageAnchors.first)
        // Tracking is normal from the frame at 0.75 s, which is the first of 0.25 s of good view.
        let expected: Double = 0.75 - 1.0 / 60 + 0.25
        #expect(abs(try #require(addedAt) - expected) < 1e-9)
        #expect(anchor.name == "sunfl")
        #expect(anchor.physicalSize.x == 0.08 && abs(anchor.physicalSize.y - 0.12) < 1e-6)
        #expect(anchor.transform.isApproximately(session.stage.image(named: "sunfl")!.frame.transform))
        #expect(anchor.transform.columns.1.xyz == Vec3(0, 1, 0))   // y out of the picture
        #expect(anchor.isTracked)
        // Looking away: still an anchor, no longer tracked (an updated event says so).
        session.device.look(from: Vec3(0, 1.5, 0.5), at: Vec3(0, 1.5, -2))
        var untracked = false
        SessionFixture.simulate(session, seconds: 1) { frame in
            for case .updated(let a as ImageAnchor) in frame.events where !a.isTracked { untracked = true }
        }
        #expect(untracked)
        #expect(session.imageAnchors.count == 1)
    }

    @Test func tooObliqueIsNotRecognised() throws {
        // 70 degrees from square-on (the limit is 60), 0.35 m away: large enough, too oblique.
        let angle = radians(fromDegrees: 70)
        let eye = Self.packetCenter + Vec3(0, cos(angle), sin(angle)) * 0.35
        let session = SessionFixture.running(
            try SessionFixture.tabletop(), configuration: configuration,
            device: SessionFixture.device(from: eye, at: Self.packetCenter))
        SessionFixture.simulate(session, seconds: 3)
        #expect(session.imageAnchors.isEmpty)
    }

    @Test func onlyConfiguredImagesAreRecognised() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop(), configuration: .worldTracking, device: above(0.5))
        SessionFixture.simulate(session, seconds: 2)
        #expect(session.imageAnchors.isEmpty && session.codeAnchors.isEmpty)
    }

    @Test func aCodeSeenWellDecodesAfterHalfASecond() throws {
        let session = SessionFixture.running(try SessionFixture.tabletop(), configuration: configuration, device: above(0.5))
        var states: [(Double, String)] = []
        SessionFixture.simulate(session, seconds: 2) { frame in
            for e in frame.events { if let c = e.anchor as? CodeAnchor { states.append((frame.timestamp, "\(c.urlDecodingState)")) } }
        }
        // Noticed as soon as tracking is normal (0.75 s), decoded 0.5 s later.
        #expect(states.map(\.1) == ["decoding", "decoded(https://seedshop.example/sunfl)"])
        #expect(abs(states[0].0 - 0.75) < 1e-9 && abs(states[1].0 - 1.25) < 1e-9)
        let code = try #require(session.codeAnchors.first)
        #expect(code.url == "https://seedshop.example/sunfl")
        #expect(code.radius == 0.015)
        #expect(code.transform.translation.isApproximately(session.stage.image(named: "sunfl")!.frame.world(Vec2(0, 0.035)), tolerance: 1e-6))
    }

    @Test func aCodeSeenTooSmallFailsAfterTwoSeconds() throws {
        // 3 cm at 0.75 m is 25 points: noticed (20) but not readable (30).
        let session = SessionFixture.running(try SessionFixture.tabletop(), configuration: configuration, device: above(0.75))
        var states: [(Double, String)] = []
        SessionFixture.simulate(session, seconds: 4) { frame in
            for e in frame.events { if let c = e.anchor as? CodeAnchor { states.append((frame.timestamp, "\(c.urlDecodingState)")) } }
        }
        #expect(states.map(\.1) == ["decoding", "failed"])
        #expect(abs(states[1].0 - states[0].0 - 2.0) < 1e-9)
    }

    @Test func anImageBehindAWallIsNotSeen() throws {
        var stage = try SessionFixture.tabletop()
        stage.surfaces.append(StageSurface(name: "screen", alignment: .vertical, position: Vec3(0.15, 1.0, 0.3), size: Vec2(1, 1), detail: 0.5))
        // From the front of the screen, looking through it at the packet.
        let session = SessionFixture.running(
            stage, configuration: configuration,
            device: SessionFixture.device(from: Vec3(0.15, 1.0, 0.6), at: Self.packetCenter))
        SessionFixture.simulate(session, seconds: 3)
        #expect(session.imageAnchors.isEmpty)
    }
}
