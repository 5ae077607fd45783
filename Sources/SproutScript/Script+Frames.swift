import SproutDocument

extension Script {
    /// The most steps a script may have: the trace keeps a record of the world after each.
    public static let maximumSteps = 10_000
    /// The most frames a script may ask for unless the runner is told otherwise (about 4.6
    /// hours at 60 fps; `sprout play --max-frames` raises it).
    public static let defaultMaximumFrames = 1_000_000

    /// Frames a step advances: the length of the frames `ScriptRunner` plays (`ActionFrames`).
    public func frames(of action: Action) -> Int { action.frames(fps: fps).count }

    /// Frames the whole script advances.
    public var frameCount: Int { steps.reduce(0) { $0 + frames(of: $1.action) } }

    /// Refuses a script longer than `maximumFrames`, naming the step that crosses the limit.
    public func checkLength(maximumFrames: Int) throws(DocumentError) {
        var total = 0
        for step in steps {
            total += frames(of: step.action)
            if total > maximumFrames {
                throw DocumentError(
                    file: source, line: step.line, field: step.field,
                    message: "the script reaches \(total) frames here (at \(fps) fps), more than the limit of \(maximumFrames); "
                        + "shorten it or raise the limit (sprout play --max-frames)")
            }
        }
    }
}
