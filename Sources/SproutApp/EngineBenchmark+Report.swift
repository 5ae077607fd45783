import SproutSession

extension EngineBenchmark {
    /// `sprout bench`: the stage's size (and, for a room model, how long its BVH and plane regions
    /// take to build), then `runs` runs of the session and of the interaction, each figure as
    /// `median (min-max)`, a line each to `say`.
    public func report(runs: Int, loadedSeconds: Double, say: (String) -> Void) {
        say(
            "stage '\(stage.name)': \(stage.surfaces.count) surfaces, \(stage.images.count) reference images; \(frames) frames and \(raycasts) raycasts per run, \(runs) runs"
        )
        if let geometry = stage.geometry {
            let vertices = geometry.bvh.vertices
            let bvh = Stopwatch(); _ = TriangleBVH(vertices: vertices); let bvhSeconds = bvh.milliseconds / 1000
            let planar = Stopwatch(); _ = PlanarRegions(vertices: vertices); let planarSeconds = planar.milliseconds / 1000
            say(
                "model: \(geometry.bvh.triangleCount) triangles, stage loaded in \(Printf.format("%.2f", loadedSeconds)) s (import, planes, BVH); "
                    + "BVH build \(Printf.format("%.2f", bvhSeconds)) s, plane regions \(Printf.format("%.2f", planarSeconds)) s")
        }
        let session = (0..<runs).map { _ in measureSession() }
        say("session.update: \(Self.spread(session.map(\.framesPerSecond), "%.0f")) frames/s (\(session.last!.planes) planes found)")
        say("raycast:        \(Self.spread(session.map(\.raycastMicroseconds), "%.2f")) us per query")
        let interaction = (0..<runs).map { _ in measureInteraction() }
        say("touch events:   \(Self.spread(interaction.map(\.eventsPerSecond), "%.0f")) events/s through recognizers and object interaction, 100 objects")
        say("object hit test: \(Self.spread(interaction.map(\.hitTestMicroseconds), "%.2f")) us per query, 1000 objects")
        say("object hit test: \(Self.spread(interaction.map(\.hitTestAfterMoveMicroseconds), "%.2f")) us per query, 1000 objects, one moved before each query")
    }

    /// `median (min-max)` of `values` in the printf `format`.
    public static func spread(_ values: [Double], _ format: String) -> String {
        let sorted = values.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return Printf.format(format, median) + " (" + Printf.format(format, sorted.first!) + "-" + Printf.format(format, sorted.last!) + ")"
    }
}
