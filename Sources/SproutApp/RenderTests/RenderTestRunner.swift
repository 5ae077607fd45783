import SproutDocument
import SproutRender
import SproutScene
import SproutSceneFile
import SproutGolden

/// Runs render-test cases in this process, one after another: a scene is drawn once and
/// compared with its golden; a script is played with its snapshots compared with theirs and its
/// expectations (pixel ones included) checked. The offscreen surface is kept between scenes of
/// the same size. `sprout test` runs one of these in each worker process.
public final class RenderTestRunner {
    /// How pictures are compared, updated and reported.
    public let goldenCheck: GoldenCheck
    /// Folders besides each case's own that its model files may come from (`--models-from`):
    /// a case reads models only inside its folder or these.
    public var modelRoots: [String] = []
    private var surface: (key: [Int], surface: OffscreenSurface, renderer: Renderer)?

    /// - Parameter goldenCheck: updating or comparing, and where failures' pictures go.
    public init(goldenCheck: GoldenCheck) {
        self.goldenCheck = goldenCheck
    }

    /// Runs one case; errors become the result's problems (nothing is thrown). The pictures an
    /// earlier run left for this case in the results folder are removed first.
    public func run(_ test: RenderTestCase) -> RenderTestResult {
        let clock = Stopwatch()
        goldenCheck.clearResults(ofCase: test.name)
        // The case's folder bounds its goldens (a test folder is untrusted input).
        var goldenCheck = goldenCheck
        goldenCheck.confinedTo = Document.folder(of: test.path)
        var outcomes: [GoldenOutcome] = []
        var problems: [String] = []
        do {
            switch test.kind {
            case .unreadable:
                problems.append(test.problem ?? "\(test.path): cannot be read")
            case .scene:
                let view = try SceneView(path: test.path, modelRoots: [Document.folder(of: test.path)] + modelRoots)
                let image = try view.render(with: try renderer(for: view.file), into: surface!.surface)
                let tolerance = view.file.tolerance
                outcomes.append(
                    goldenCheck.check(
                        image, golden: test.goldens + "/" + test.name + ".png", tolerance: tolerance?.tolerance ?? .strict,
                        reason: tolerance?.reason, name: test.name))
            case .script:
                let player = try ScriptPlayer(path: test.path, modelRoots: [Document.folder(of: test.path)] + modelRoots)
                player.goldenCheck = goldenCheck
                player.checkSnapshots(against: test.goldens)
                player.runner.traceSink = nil   // a test needs its verdict, not a trace
                let failures = try player.run()
                outcomes = player.goldenOutcomes
                // A picture's failure is its outcome already; the rest are problems of their own.
                problems = failures.filter { failure in
                    !outcomes.contains { $0.isFailure && $0.summary == failure.actual }
                }.map(\.description)
                if outcomes.isEmpty && player.script.steps.allSatisfy({ if case .expect = $0.action { return false } else { return true } }) {
                    problems.append("\(test.path): checks nothing: add `snapshot:` steps (compared with \(test.goldens)/NAME.png) or `expect:` steps")
                }
            }
        } catch {
            problems.append("\(error)")
        }
        return RenderTestResult(test: test, outcomes: outcomes, problems: problems, seconds: clock.milliseconds / 1000)
    }

    private func renderer(for file: SceneFile) throws -> Renderer {
        let key = [file.width, file.height, file.msaa]
        if let surface, surface.key == key { return surface.renderer }
        surface = nil
        let made = try OffscreenSurface(width: file.width, height: file.height, samples: file.msaa)
        let renderer = try Renderer(context: made.context)
        surface = (key, made, renderer)
        return renderer
    }
}
