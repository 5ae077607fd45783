import SproutMath
import SproutScene
import SproutTesting
@testable import SproutSession

/// Shared set-up for the session suites: the built-in stage, small hand-made stages, and a
/// fixed-step driver.
enum SessionFixture {
    static let assets = Fixtures.assetsDirectory
    static let step = 1.0 / 60

    static func tabletop() throws -> Stage { try StageLoader.builtIn("tabletop", assetsDirectory: assets) }

    /// A session on `stage` already running, the device placed before the first frame (so
    /// there is no motion spike from where the stage's camera was).
    static func running(
        _ stage: Stage, seed: UInt64 = 7, configuration: SessionConfiguration = .worldTracking,
        device: DeviceCamera? = nil
    ) -> Session {
        let session = Session(stage: stage, seed: seed)
        if let device { session.device = device }
        session.run(configuration)
        return session
    }

    /// Runs `seconds` of frames at 60 Hz, handing each frame to `body`.
    @discardableResult
    static func simulate(_ session: Session, seconds: Double, body: (Frame) -> Void = { _ in }) -> Frame {
        var last: Frame?
        for _ in 0..<max(1, Int((seconds / step).rounded())) {
            last = session.update(deltaTime: step)
            body(last!)
        }
        return last!
    }

    static func device(from eye: Vec3, at target: Vec3) -> DeviceCamera {
        var d = DeviceCamera(stageCamera: StageCamera())
        d.look(from: eye, at: target)
        return d
    }

    /// A plain floor, detail 1, with nothing else.
    static func floorStage(size: Float = 6) -> Stage {
        Stage(name: "floor", surfaces: [StageSurface(name: "floor", alignment: .horizontal, position: .zero, size: Vec2(size, size), detail: 1)])
    }
}
