import ArgumentParser
import SproutApp
import SproutSession

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the session (frames/s of session.update, us per raycast) and the interaction (touch events/s, us per object hit test).",
        discussion: """
        Build with -c release. Session: the device walks a slow circle around the stage's camera \
        target (so the view changes every frame) at a fixed 60 Hz step; raycasts go from seeded random \
        screen points against every target kind once planes exist. Interaction: one-finger drags \
        (began, 20 moves, ended) and two-finger twists over 100 placed objects, fed to the recognizers \
        and the object interaction; hit tests from random screen points over 1,000 objects. Reports \
        median (min-max) over --runs.
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

    @Option(help: "Touch events per interaction run.")
    var events = 200_000

    func validate() throws {
        guard frames >= 100, raycasts >= 100, events >= 100, runs >= 1 else {
            throw ValidationError("--frames, --raycasts and --events need at least 100, --runs at least 1")
        }
    }

    func run() throws {
        let clock = Stopwatch()
        let bench = EngineBenchmark(stage: try Assets.stage(stage), frames: frames, raycasts: raycasts, events: events)
        let world = bench.stage
        print("stage '\(world.name)': \(world.surfaces.count) surfaces, \(world.images.count) reference images; \(frames) frames and \(raycasts) raycasts per run, \(runs) runs")
        if let geometry = world.geometry {
            let loaded = clock.milliseconds / 1000
            let vertices = geometry.bvh.vertices
            let bvh = Stopwatch(); _ = TriangleBVH(vertices: vertices); let bvhSeconds = bvh.milliseconds / 1000
            let planar = Stopwatch(); _ = PlanarRegions(vertices: vertices); let planarSeconds = planar.milliseconds / 1000
            print("model: \(geometry.bvh.triangleCount) triangles, stage loaded in \(format3("%.2f", loaded)) s (import, planes, BVH); "
                  + "BVH build \(format3("%.2f", bvhSeconds)) s, plane regions \(format3("%.2f", planarSeconds)) s")
        }
        let session = (0..<runs).map { _ in bench.measureSession() }
        print("session.update: \(summary(session.map(\.framesPerSecond), "%.0f")) frames/s (\(session.last!.planes) planes found)")
        print("raycast:        \(summary(session.map(\.raycastMicroseconds), "%.2f")) us per query")
        let interaction = (0..<runs).map { _ in bench.measureInteraction() }
        print("touch events:   \(summary(interaction.map(\.eventsPerSecond), "%.0f")) events/s through recognizers and object interaction, 100 objects")
        print("object hit test: \(summary(interaction.map(\.hitTestMicroseconds), "%.2f")) us per query, 1000 objects")
        print("object hit test: \(summary(interaction.map(\.hitTestAfterMoveMicroseconds), "%.2f")) us per query, 1000 objects, one moved before each query")
    }

    private func summary(_ values: [Double], _ format: String) -> String {
        let sorted = values.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return format3(format, median) + " (" + format3(format, sorted.first!) + "-" + format3(format, sorted.last!) + ")"
    }
}
