import SproutInteraction
import SproutMath
import SproutScene
import SproutSession

/// The engine's own speed, without GL: the session (frames a second of `Session.update`,
/// microseconds per raycast) and the interaction (touch events a second, microseconds per
/// object hit test). `sprout bench` prints these; build with -c release to measure.
public struct EngineBenchmark {
    /// The stage the session runs on and the objects are placed in.
    public let stage: Stage
    /// Simulated frames per session run.
    public var frames: Int
    /// Raycasts (and object hit tests) per run.
    public var raycasts: Int
    /// Touch events per interaction run.
    public var events: Int

    /// A benchmark on `stage`; the counts set how much work each measurement does.
    public init(stage: Stage, frames: Int = 20_000, raycasts: Int = 20_000, events: Int = 200_000) {
        self.stage = stage
        self.frames = frames
        self.raycasts = raycasts
        self.events = events
    }

    /// A box the size of a potted plant, as a placeable object.
    private func pot(_ i: Int) -> VirtualObject {
        let model = Entity(
            name: "pot \(i) model", transform: Transform(translation: Vec3(0, 0.1, 0)),
            model: ModelComponent(mesh: MeshFactory.box(size: Vec3(0.2, 0.2, 0.2)), material: Material()))
        return VirtualObject(name: "pot \(i)", model: model)
    }

    /// Touch events per second through the recognizers and object interaction (drags and
    /// twists over 100 placed objects); hit-test microseconds over 1,000 objects with nothing
    /// moving, and with one object hit-test microseconds with nothing moving, and with one object
    /// moved before each query.
    public func measureInteraction() -> (eventsPerSecond: Double, hitTestMicroseconds: Double, hitTestAfterMoveMicroseconds: Double) {
        let engine = InteractionEngine(session: Session(stage: stage, seed: 1), scene: Scene())
        for _ in 0..<180 { engine.update(deltaTime: 1.0 / 60) }
        var random = SeededRandom(seed: 3)
        let center = stage.camera.lookAt
        // 100 objects on a 2 x 2 m patch of floor around the look-at point.
        for i in 0..<100 {
            let object = pot(i)
            object.transform.translation = Vec3(center.x + random.float(in: -1...1), 0, center.z + random.float(in: -1...1))
            engine.adopt(object)
        }
        let viewport = engine.session.device.viewport
        // Gestures: a drag of 20 moves, then a two-finger twist of 20 moves, from random points.
        var batches: [[TouchEvent]] = []
        var t = 0.0
        while batches.count < events {
            let p = Vec2(random.float(in: 100...(viewport.width - 100)), random.float(in: 100...(viewport.height - 100)))
            batches.append([TouchEvent(id: 1, location: p, phase: .began, timestamp: t)])
            for i in 1...20 { t += 1.0 / 60; batches.append([TouchEvent(id: 1, location: p + Vec2(Float(i) * 4, 0), phase: .moved, timestamp: t)]) }
            batches.append([TouchEvent(id: 1, location: p + Vec2(80, 0), phase: .ended, timestamp: t)])
            batches.append([
                TouchEvent(id: 1, location: p - Vec2(40, 0), phase: .began, timestamp: t),
                TouchEvent(id: 2, location: p + Vec2(40, 0), phase: .began, timestamp: t)
            ])
            for i in 1...20 {
                t += 1.0 / 60
                let a = Float(i) * 0.05, d = Vec2(cos(a), sin(a)) * 40
                batches.append([
                    TouchEvent(id: 1, location: p - d, phase: .moved, timestamp: t), TouchEvent(id: 2, location: p + d, phase: .moved, timestamp: t)
                ])
            }
            let d = Vec2(cos(1), sin(1)) * 40
            batches.append([TouchEvent(id: 1, location: p - d, phase: .ended, timestamp: t), TouchEvent(id: 2, location: p + d, phase: .ended, timestamp: t)])
        }
        let eventCount = batches.reduce(0) { $0 + $1.count }
        let clock = Stopwatch()
        for batch in batches { engine.handle(batch) }
        let eps = Double(eventCount) / (clock.milliseconds / 1000)

        // 1,000 objects on a 6 x 6 m floor for the hit test.
        for i in 100..<1000 {
            let object = pot(i)
            object.transform.translation = Vec3(random.float(in: -3...3), 0, random.float(in: -3...3))
            engine.adopt(object)
        }
        let points = (0..<raycasts).map { _ in Vec2(random.float(in: 0...viewport.width), random.float(in: 0...viewport.height)) }
        _ = engine.interaction.virtualObject(at: points[0])   // fills the box cache
        var hits = 0
        let hitClock = Stopwatch()
        for p in points where engine.interaction.virtualObject(at: p) != nil { hits += 1 }
        let us = hitClock.milliseconds * 1000 / Double(points.count)
        precondition(hits > 0, "bench: no object hit")
        // The same after one object moved each time (a drag in progress): stale boxes are found
        // by their transform versions.
        let moving = engine.objects[0]
        let movedClock = Stopwatch()
        for (i, p) in points.enumerated() {
            moving.transform.translation.x = Float(i % 100) * 0.01
            if engine.interaction.virtualObject(at: p) != nil { hits += 1 }
        }
        return (eps, us, movedClock.milliseconds * 1000 / Double(points.count))
    }

    /// Frames a second of `Session.update` while the device circles the stage's camera target,
    /// microseconds per raycast from random screen points, and the planes found.
    public func measureSession() -> (framesPerSecond: Double, raycastMicroseconds: Double, planes: Int) {
        let images = stage.images.map { ReferenceImage(name: $0.name, physicalWidth: $0.physicalSize.x) }
        let session = Session(stage: stage, seed: 1)
        session.run(SessionConfiguration(detectionImages: images, isCodeTrackingEnabled: true))
        let center = stage.camera.lookAt
        let offset = stage.camera.position - center
        let radius = length(Vec2(offset.x, offset.z)), height = offset.y
        // A circle every 40 s: 0.25 m/s at 1.6 m, well inside the motion limits.
        func pose(_ i: Int) -> Vec3 {
            let angle = Float(i) / 60 / 40 * 2 * .pi
            return center + Vec3(radius * sin(angle), height, radius * cos(angle))
        }
        let clock = Stopwatch()
        for i in 0..<frames {
            session.device.look(from: pose(i), at: center)
            session.update(deltaTime: 1.0 / 60)
        }
        let fps = Double(frames) / (clock.milliseconds / 1000)
        var random = SeededRandom(seed: 2)
        let viewport = session.device.viewport
        let points = (0..<raycasts).map { _ in Vec2(random.float(in: 0...viewport.width), random.float(in: 0...viewport.height)) }
        let all = Set(RaycastTarget.allCases)
        var hits = 0
        let raycastClock = Stopwatch()
        for p in points { hits &+= session.raycast(from: p, allowing: all).count }
        let us = raycastClock.milliseconds * 1000 / Double(raycasts)
        precondition(hits > 0, "bench: no raycast hit anything")
        return (fps, us, session.planeAnchors.count)
    }

}
