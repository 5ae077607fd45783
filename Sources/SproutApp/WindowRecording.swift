import SproutMath
import SproutScript
import SproutWorld

/// Records what a person does in the preview window as a script `sprout play` replays frame
/// for frame: the runner steps one script frame (1/60 s) per drawn frame, and each frame's
/// actions, device pose and touches are written. The pose is written rounded and the live
/// device re-set to exactly what is written, so the replay is bit-identical.
public final class WindowRecording {
    /// Frames a second of the recorded script: one script frame per drawn frame.
    public static let fps = 60
    /// The recorder the frames are written to.
    public let recorder: ScriptRecorder

    /// Takes over `runner`'s `fixedStep`, `onInput`, `onDeviceMoved` and `afterStep`.
    /// - Parameters:
    ///   - stage: how the script names the stage (a built-in name or an absolute path).
    ///   - objects: the script's `objects:` (the plant's absolute path).
    public init(runner: WindowRunner, controls: PreviewControls, stage: String, seed: UInt64, objects: [String: String]) {
        let world = runner.loop.world
        var pose = ScriptRecorder.Pose(world.session.device.transform)
        world.session.device.transform = pose.matrix
        let viewport = world.session.device.viewport
        let recorder = ScriptRecorder(
            stage: stage, seed: seed, fps: Self.fps, viewport: Vec2(viewport.width, viewport.height),
            objects: objects, startPose: pose)
        self.recorder = recorder
        runner.fixedStep = 1.0 / Double(Self.fps)
        var actions: [ScriptRecorder.Action] = []
        runner.onInput = { input in actions = try controls.apply(input) }
        runner.onDeviceMoved = {
            pose = ScriptRecorder.Pose(world.session.device.transform)
            world.session.device.transform = pose.matrix
        }
        runner.afterStep = { input in recorder.frame(actions: actions, devicePose: pose, touches: input.touches) }
    }

    /// The script so far (YAML).
    public var text: String { recorder.text }
}
