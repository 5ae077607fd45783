import SproutInteraction
import SproutMath
import SproutScene
import SproutSession
import SproutTesting
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SproutSeedShop

@Suite struct SeedShopFlowTests {
    static let packet = Vec3(0.15, 0.7405, 0.12)

    /// The tabletop stage's catalog: the packet's code says https://seedshop.example/sunfl.
    static func catalog() throws -> Catalog {
        let dir = try Fixtures.temporaryDirectory("flow")
        try Fixtures.write("o", to: dir + "/sunflower.obj")
        try Fixtures.write("png", to: dir + "/sunflower.png")
        try Fixtures.write(
            """
            associatedDomains: [seedshop.example]
            testURL: https://seedshop.example/sunfl
            experiences: [ { url: "https://seedshop.example/", title: "Seed Shop" } ]
            products: [ { key: sunfl, name: Mammoth Sunflower, model: sunflower.obj, packet: sunflower.png, height: 3.0 } ]
            """, to: dir + "/catalog.yaml")
        return try Catalog.load(path: dir + "/catalog.yaml")
    }

    /// A stand-in plant: a 3 m column on its base.
    static func tallPlant() -> Entity {
        Entity(
            name: "sunflower", transform: Transform(translation: Vec3(0, 1.5, 0)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.3, 3, 0.3)), material: Material()))
    }

    /// The engine over the tabletop with the device `height` above the packet, and the flow.
    static func flow(height: Float) throws -> (InteractionEngine, SeedShopFlow) {
        let stage = try StageLoader.builtIn("tabletop", assetsDirectory: Fixtures.assetsDirectory)
        let session = Session(stage: stage, seed: 2)
        session.device.look(from: packet + Vec3(0, height, 0.05), at: packet)
        let engine = InteractionEngine(session: session, scene: Scene())
        let flow = SeedShopFlow(engine: engine, catalog: try catalog()) { _ in tallPlant() }
        flow.start()
        return (engine, flow)
    }

    static func run(_ engine: InteractionEngine, _ flow: SeedShopFlow, seconds: Double, each: (Double) -> Void = { _ in }) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            flow.handle(engine.update(deltaTime: 1.0 / 60))
            each(engine.session.time)
        }
    }

    @Test func scanningTheCodeGrowsThePlantOnItsPacketToItsRealHeight() throws {
        let (engine, flow) = try Self.flow(height: 0.5)
        #expect(flow.coachingText == "Scan code to start" && flow.isCoachingVisible)
        var texts: [(Double, String)] = []
        Self.run(engine, flow, seconds: 2) { t in
            let text = flow.isCoachingVisible ? flow.coachingText : ""
            if texts.last?.1 != text { texts.append((t, text)) }
        }
        #expect(flow.decodedURLs == ["https://seedshop.example/sunfl"])
        // The code is noticed when tracking is normal (0.75 s): the coaching text goes. It is
        // decoded 0.5 s later (1.25 s), the packet becomes a reference image and, seen this
        // well, is recognised 0.25 s after (1.5 s, counting the frame it was added in): the
        // plant grows at once. The sample's timer still sets and shows "View the seed packet."
        // 500 ms after the packet became a reference image (ProductKeyProcessing L51-54: no
        // check), and nothing hides it again.
        #expect(texts.map(\.1) == ["Scan code to start", "", "View the seed packet."])
        #expect(abs(texts[1].0 - 0.75) < 1e-9)
        #expect(abs(texts[2].0 - 1.75) < 1e-9)
        let plant = try #require(flow.presented["sunfl"])
        #expect(engine.objects.contains { $0 === plant })
        // Growing: 1/1000 of its size at the start, its real size after 3 s, at the packet's centre.
        #expect(plant.transform.scale.x < 0.5)
        Self.run(engine, flow, seconds: SeedShopFlow.growDuration)
        #expect(plant.transform.scale == Vec3(1, 1, 1))
        let bounds = plant.visualBounds()
        #expect(abs(bounds.extents.y - 3.0) / 3.0 < 0.02)
        #expect(distance(Vec3(plant.worldPosition.x, 0, plant.worldPosition.z), Vec3(Self.packet.x, 0, Self.packet.z)) < 1e-4)
        #expect(abs(bounds.min.y - Self.packet.y) < 1e-3)
    }

    @Test func theGrowAnimationTurnsHalfATurnOverThreeSeconds() throws {
        let (engine, flow) = try Self.flow(height: 0.5)
        var start: (time: Double, yaw: Float, scale: Float)?
        var middle: Float?
        Self.run(engine, flow, seconds: 6) { t in
            guard let plant = flow.presented["sunfl"] else { return }
            if start == nil { start = (t, plant.transform.rotation.yaw, plant.transform.scale.x) }
            if let s = start, abs(t - s.time - 1.5) < 1e-6 { middle = plant.transform.scale.x }
        }
        let plant = try #require(flow.presented["sunfl"])
        let s = try #require(start)
        #expect(s.scale < 0.01)
        #expect(abs(abs(wrapAngle(s.yaw - plant.transform.rotation.yaw)) - .pi) < 0.05)
        #expect(abs(try #require(middle) - 0.5) < 0.03)   // ease-in-ease-out is halfway at half time
    }

    @Test func theHintAsksForThePacketWhenItIsNotInView() throws {
        let (engine, flow) = try Self.flow(height: 0.5)
        engine.session.device.look(from: Vec3(0, 1.5, 0.5), at: Vec3(0, 1.5, -2))   // at the wall
        Self.run(engine, flow, seconds: 1)
        flow.process("https://seedshop.example/sunfl")
        Self.run(engine, flow, seconds: 0.45)
        #expect(flow.coachingText == "Scan code to start")
        Self.run(engine, flow, seconds: 0.1)
        #expect(flow.coachingText == "View the seed packet." && flow.isCoachingVisible)
        #expect(engine.session.configuration?.detectionImages == [ReferenceImage(name: "sunfl", physicalWidth: 0.08)])
    }

    @Test func aCodeThatFailsFallsBackToTheTestURLOnce() throws {
        // 0.75 m away the code is 25 points across: noticed, never readable; failed after 2 s.
        let (engine, flow) = try Self.flow(height: 0.75)
        Self.run(engine, flow, seconds: 4)
        #expect(flow.decodedURLs == ["https://seedshop.example/sunfl"])
        #expect(flow.presented["sunfl"] != nil)
    }

    @Test func withoutTheTestURLAFailureSaysSo() throws {
        let (engine, flow) = try Self.flow(height: 0.75)
        flow.useTestURL = false
        Self.run(engine, flow, seconds: 4)
        #expect(flow.decodedURLs.isEmpty)
        #expect(flow.infoText == "Decoding failure. Trying scanning a code again.")
        #expect(flow.presented.isEmpty)
    }

    @Test func theGrownPlantCanBeTwistedLikeAnyObject() throws {
        let (engine, flow) = try Self.flow(height: 0.5)
        Self.run(engine, flow, seconds: 6)
        let plant = try #require(flow.presented["sunfl"])
        let before = plant.objectRotation
        // Step back to see the 3 m plant, and put two fingers on its stem.
        engine.session.device.look(from: Vec3(0.15, 1.5, 2.0), at: Vec3(0.15, 1.2, 0.12))
        let center = try #require(engine.session.device.mapping.project(Vec3(0.15, 1.0, 0.12)))
        var t = engine.session.time
        engine.handle([
            TouchEvent(id: 1, location: center - Vec2(20, 0), phase: .began, timestamp: t),
            TouchEvent(id: 2, location: center + Vec2(20, 0), phase: .began, timestamp: t)
        ])
        for i in 1...6 {
            t += 1.0 / 60
            let a = Float(i) * .pi / 24, d = Vec2(cos(a), sin(a)) * 20
            engine.handle([
                TouchEvent(id: 1, location: center - d, phase: .moved, timestamp: t), TouchEvent(id: 2, location: center + d, phase: .moved, timestamp: t)
            ])
            flow.handle(engine.update(deltaTime: 1.0 / 60))
        }
        #expect(abs(wrapAngle(plant.objectRotation - (before - .pi / 4))) < 1e-4)
    }
}

/// Seed 004: every invocation updates the clip; the bare registered URL is always handled.
@Suite struct SeedShopInvocationTests {
    @Test func eachInvocationIsPersistedFirstThenRecordedWithWhatItDid() throws {
        let (engine, flow) = try SeedShopFlowTests.flow(height: 3)   // the packet far out of sight
        var saved: [String] = []
        flow.persist = { saved.append($0) }
        flow.invoke("https://seedshop.example/sunfl")
        SeedShopFlowTests.run(engine, flow, seconds: 0.5)
        flow.invoke("https://seedshop.example")
        flow.invoke("https://elsewhere.example/sunfl")
        #expect(saved == ["https://seedshop.example/sunfl", "https://seedshop.example", "https://elsewhere.example/sunfl"])
        #expect(
            flow.invocations.map(\.outcome) == [
                "preloaded sunfl",   // the first invocation is the launch
                "catalog",
                "refused: https://elsewhere.example/sunfl: elsewhere.example is not an associated domain of the Seed Shop (seedshop.example); refused"
            ])
        #expect(flow.invocations.map { ($0.time * 60).rounded() } == [0, 30, 30])
        #expect(flow.infoText == "https://elsewhere.example/sunfl: elsewhere.example is not an associated domain of the Seed Shop (seedshop.example); refused")
    }

    @Test func aLaterProductURLLearnsItsPacketAndTheBareURLShowsTheCatalog() throws {
        let (engine, flow) = try SeedShopFlowTests.flow(height: 3)
        flow.invoke("https://seedshop.example/")
        #expect(engine.session.configuration?.detectionImages == [])
        flow.invoke("https://seedshop.example/sunfl")   // a later invocation: its packet is learnt
        #expect(engine.session.configuration?.detectionImages == [ReferenceImage(name: "sunfl", physicalWidth: 0.08)])
        #expect(flow.invocations.map(\.outcome) == ["catalog", "switched to sunfl"])
        flow.invoke("https://seedshop.example/")
        #expect(flow.infoText == "Mammoth Sunflower\n")
        #expect(flow.catalogText == "Mammoth Sunflower\n")
    }

    @Test func aFailureToPersistIsShownAndTheInvocationProceeds() throws {
        let (_, flow) = try SeedShopFlowTests.flow(height: 3)
        struct Full: Error, CustomStringConvertible { var description: String { "state: no space left" } }
        flow.persist = { _ in throw Full() }
        flow.invoke("https://seedshop.example/sunfl")
        flow.invoke("https://seedshop.example/sunfl")
        #expect(flow.invocations.map(\.outcome) == ["preloaded sunfl", "switched to sunfl"])
        #expect(flow.infoText == "state: no space left")
    }

    @Test func theLaunchURLOnlyPreloads() throws {
        let (engine, _) = try SeedShopFlowTests.flow(height: 3)
        let flow = SeedShopFlow(engine: engine, catalog: try SeedShopFlowTests.catalog()) { _ in SeedShopFlowTests.tallPlant() }
        flow.start(launchURL: "https://seedshop.example/sunfl")
        #expect(flow.invocations.map(\.outcome) == ["preloaded sunfl"])
        #expect(engine.session.configuration?.detectionImages == [])   // AC viewDidLoad: initializePreview false
    }
}

extension SeedShopFlowTests {
    /// ProductKeyProcessing L84-90: whole percent, rounded down, until the load completes.
    @Test func theProgressTextIsTheSamples() {
        #expect(SeedShopFlow.progressText(0.45) == "Loading your preview\n 45%" && SeedShopFlow.progressText(0.999) == "Loading your preview\n 99%")
        #expect(SeedShopFlow.progressText(1) == nil)
    }

    /// The 3 s growth (Utilities.swift) begins on the frame the plant appears and ends exactly
    /// 180 frames later (summed steps ended it a frame late, at 3.017 s).
    @Test func theGrowthEndsOnTheFrame180FramesAfterThePlantAppears() throws {
        let (engine, flow) = try Self.flow(height: 0.5)
        var appearedAt: Int?, grownAt: Int?
        Self.run(engine, flow, seconds: 6) { _ in
            guard let plant = flow.presented["sunfl"] else { return }
            let k = engine.session.clock.frame
            if appearedAt == nil { appearedAt = k }
            if grownAt == nil, !engine.scene.isAnimating(plant) { grownAt = k }
        }
        let appeared = try #require(appearedAt)
        #expect(grownAt == appeared + 180)
    }
}
