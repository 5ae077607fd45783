import ArgumentParser
import SproutApp

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
        bench.report(runs: runs, loadedSeconds: clock.milliseconds / 1000) { print($0) }
    }
}
