import SproutInteraction
import SproutMath

/// Writes what happens in a window, frame by frame, as a script that `sprout play` replays to
/// the same result: the window steps the simulation by exactly one script frame per loop, and
/// each frame becomes its actions (place, reset), the device pose when it changed (an instant
/// `device` step), and its touches (one `touches` step) or a `wait` for frames without any.
public final class ScriptRecorder {
    /// What a recorded frame did besides touches: a placement or a restart.
    public enum Action: Sendable {
        case place(String)
        case reset
        /// A placed object drawn in a material variant (nil: its default materials).
        case variant(object: String, name: String?)
    }

    private let header: [String]
    private var lines: [String] = []
    private var pendingWaitFrames = 0
    private var lastPose: Pose
    private let fps: Int

    /// A device pose as a script writes it (position and unit quaternion). The window sets its
    /// device to `matrix` whenever it moves it, so the replay builds the very same floats.
    public struct Pose: Equatable, Sendable {
        /// The device's position, stage metres.
        public var position: Vec3
        /// The device's orientation.
        public var rotation: Quaternion

        /// The pose of the device transform `m` (device to stage); its scale is dropped.
        public init(_ m: Matrix4) {
            position = m.translation
            rotation = Transform(matrix: m).rotation
        }

        /// The device transform this pose stands for, as a replay builds it.
        public var matrix: Matrix4 { Transform(translation: position, rotation: rotation).matrix }
    }

    /// A recorder whose script starts with these settings and the device at `startPose`.
    /// - Parameters:
    ///   - stage: how the script names the stage (a built-in name or a path).
    ///   - fps: script frames a second; every recorded frame is 1 / `fps` seconds.
    ///   - viewport: the window's size, points.
    ///   - objects: the script's `objects:` (name -> model path).
    public init(stage: String, seed: UInt64, fps: Int, viewport: Vec2, objects: [String: String], startPose: Pose) {
        self.fps = fps
        lastPose = startPose
        let c = startPose.position, f = -startPose.matrix.columns.2.xyz
        var header = [
            "# Recorded by sprout record; replay with sprout play.",
            "stage: \(Self.quote(stage))", "seed: \(seed)", "fps: \(fps)",
            "viewport: [\(Self.number(viewport.x)), \(Self.number(viewport.y))]",
            "camera: { position: \(Self.vector(c)), lookAt: \(Self.vector(c + f)) }"
        ]
        if !objects.isEmpty {
            header.append("objects:")
            for (name, path) in objects.sorted(by: { $0.key < $1.key }) { header.append("  \(Self.quote(name)): \(Self.quote(path))") }
        }
        header.append("steps:")
        self.header = header
        // The camera line fixes the position and view direction; the exact start orientation follows.
        lines.append("  - device: { rotation: \(Self.quaternion(startPose.rotation)) }")
    }

    /// One frame of the window: what was done, where the device is now, and the touches.
    public func frame(actions: [Action], devicePose: Pose, touches: [TouchEvent]) {
        if !actions.isEmpty || devicePose != lastPose || !touches.isEmpty { flushWait() }
        for action in actions {
            switch action {
            case .place(let name): lines.append("  - place: \(Self.quote(name))")
            case .reset: lines.append("  - reset: {}")
            case .variant(let object, let name):
                lines.append("  - variant: { object: \(Self.quote(object))" + (name.map { ", name: \(Self.quote($0))" } ?? "") + " }")
            }
        }
        if devicePose != lastPose {
            lines.append("  - device: { moveTo: \(Self.vector(devicePose.position)), rotation: \(Self.quaternion(devicePose.rotation)) }")
            lastPose = devicePose
        }
        if touches.isEmpty {
            pendingWaitFrames += 1
        } else {
            let items = touches.map { "{ id: \($0.id), phase: \($0.phase.rawValue), at: [\(Self.number($0.location.x)), \(Self.number($0.location.y))] }" }
            lines.append("  - touches: [" + items.joined(separator: ", ") + "]")
        }
    }

    /// The script so far.
    public var text: String {
        var body = lines
        if pendingWaitFrames > 0 { body.append(waitLine(pendingWaitFrames)) }
        return (header + body).joined(separator: "\n") + "\n"
    }

    private func flushWait() {
        if pendingWaitFrames > 0 { lines.append(waitLine(pendingWaitFrames)) }
        pendingWaitFrames = 0
    }

    /// Whole frames, written with enough digits that `round(seconds x fps)` gives them back.
    private func waitLine(_ frames: Int) -> String {
        "  - wait: \(JSONValue.format(Double(frames) / Double(fps)))"
    }

    // Poses are written with the full precision of a Float so replay matches bit for bit.
    static func number(_ x: Float) -> String { x == 0 ? "0" : "\(x)" }
    static func vector(_ v: Vec3) -> String { "[\(number(v.x)), \(number(v.y)), \(number(v.z))]" }
    static func quaternion(_ q: Quaternion) -> String { "[\(number(q.vector.x)), \(number(q.vector.y)), \(number(q.vector.z)), \(number(q.vector.w))]" }
    static func quote(_ s: String) -> String { JSONValue.quote(s) }
}
