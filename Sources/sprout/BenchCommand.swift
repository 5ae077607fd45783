import ArgumentParser
import SproutMath
import SproutRender
import SproutScene
import SproutSession

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the simulated session: frames per second of session.update and microseconds per raycast.",
        discussion: """
        Build with -c release. The device walks a slow circle around the stage's camera target \
        (so the view changes every frame) at a fixed 60 Hz step; raycasts go from seeded random \
        screen points against every target kind once planes exist. Reports median (min-max) over --runs.
        """
    )

    @Option(help: "A built-in stage name or a stage file.")
    var stage = "living-room"

    @Option(help: "Simulated frames per run.")
    var frames = 20_000

    @Option(help: "Raycasts per run.")
    var raycasts = 20_000

    @Option(help: "Runs; the median is reported.")
    var runs = 5

    func validate() throws {
        guard frames >= 100, raycasts >= 100, runs >= 1 else { throw ValidationError("--frames and --raycasts need at least 100, --runs at least 1") }
    }

    func run() throws {
        let world = try StageLoader.resolve(stage, assetsDirectory: ResourceLocator.assetsDirectory)
        print("stage '\(world.name)': \(world.surfaces.count) surfaces, \(world.images.count) reference images; \(frames) frames and \(raycasts) raycasts per run, \(runs) runs")
        var framesPerSecond: [Double] = [], microseconds: [Double] = [], planes = 0
        for _ in 0..<runs {
            let (fps, us, found) = measure(world)
            framesPerSecond.append(fps)
            microseconds.append(us)
            planes = found
        }
        print("session.update: \(summary(framesPerSecond, "%.0f")) frames/s (\(planes) planes found)")
        print("raycast:        \(summary(microseconds, "%.2f")) us per query")
    }

    private func measure(_ stage: Stage) -> (Double, Double, Int) {
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

    private func summary(_ values: [Double], _ format: String) -> String {
        let sorted = values.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return format3(format, median) + " (" + format3(format, sorted.first!) + "-" + format3(format, sorted.last!) + ")"
    }
}
