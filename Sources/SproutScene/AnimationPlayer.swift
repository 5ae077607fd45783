extension Entity {
    /// The first entity of this subtree (this one first) that holds animation clips: an
    /// imported model's root, wherever a placement or a holder put it. nil when none does.
    public var animatedEntity: Entity? { firstEntity { !$0.animationClips.isEmpty } }
}

/// Plays an entity's animation clips on the injected clock: `Scene.update(deltaTime:)` (or the
/// caller) advances it, and nothing else moves it, so a frame at a given time is always the same
/// pose. RealityKit's `AnimationPlaybackController` and three.js's `AnimationMixer` in one: play,
/// pause, loop, speed, and a cross-fade from the clip playing to the next.
public final class AnimationPlayer {
    /// The entity the clips' paths start from (a model's root: the imported file's entity).
    public let root: Entity
    /// The clips it can play: `root.animationClips` by default.
    public let clips: [AnimationClip]
    /// The index in `clips` of the clip playing, nil before `play`.
    public private(set) var clipIndex: Int?
    /// Seconds into the clip playing.
    public private(set) var time: Double = 0
    /// Multiplies the clock's steps (2 plays twice as fast; 0 holds the pose; negative plays backwards).
    public var speed: Double = 1
    /// Whether the clip starts again after its end (and before its start, played backwards), or holds its last pose.
    public var isLooping = true
    /// Whether `advance` leaves the time where it is.
    public var isPaused = false
    /// The clip faded out of, its time, and the fade's length and progress, while a cross-fade runs.
    private var fade: (clip: Int, time: Double, duration: Double, elapsed: Double)?
    /// Where the targets were before anything played: a property only one of two blended clips drives blends with it.
    private let rest: AnimationPose

    /// A player of `clips` (those of `root` by default), playing nothing yet.
    public init(root: Entity, clips: [AnimationClip]? = nil) {
        self.root = root
        self.clips = clips ?? root.animationClips
        rest = AnimationPose.rest(of: root, for: self.clips)
    }

    /// The clip playing.
    public var clip: AnimationClip? { clipIndex.map { clips[$0] } }

    /// The index of the clip named `name`, or `name` read as an index ("0", "1", ...); nil when neither.
    public func index(ofClip name: String) -> Int? {
        if let i = clips.firstIndex(where: { $0.name == name }) { return i }
        if let i = Int(name), clips.indices.contains(i) { return i }
        return nil
    }

    /// The clips by index and name, for messages: `0: 'Survey', 1: 'Walk'`.
    public var clipList: String {
        clips.enumerated().map { "\($0.offset): '\($0.element.name)'" }.joined(separator: ", ")
    }

    /// Starts clip `index` at `time` seconds, faded in from the clip playing over `fadeDuration`
    /// seconds (0: at once), and poses the entities. Traps on an index outside `clips`.
    public func play(_ index: Int, from time: Double = 0, fadeDuration: Double = 0) {
        precondition(clips.indices.contains(index), "AnimationPlayer: no clip \(index) (\(clips.count) clips)")
        precondition(fadeDuration >= 0 && fadeDuration.isFinite, "AnimationPlayer: fade duration must be finite and >= 0")
        if let current = clipIndex, fadeDuration > 0, current != index {
            fade = (current, self.time, fadeDuration, 0)
        } else {
            fade = nil
        }
        clipIndex = index
        self.time = wrapped(time, in: clips[index])
        isPaused = false
        apply()
    }

    /// Moves the clip playing to `time` seconds (wrapped or held as `isLooping` says) and poses the entities.
    public func seek(to time: Double) {
        guard let clip else { return }
        self.time = wrapped(time, in: clip)
        apply()
    }

    /// The scene time the player last moved to (`Scene.update()` advances it by the time since).
    var sceneTime: Double?

    /// Advances the clock by `deltaTime` seconds (times `speed`; nothing while paused) and poses the entities.
    public func advance(by deltaTime: Double) {
        guard let clip, !isPaused else { return }
        let step = deltaTime * speed
        time = wrapped(time + step, in: clip)
        if var f = fade {
            f.elapsed += deltaTime
            f.time = wrapped(f.time + step, in: clips[f.clip])
            fade = hasReached(f.elapsed, f.duration) ? nil : f
        }
        apply()
    }

    /// Poses the entities as the clip (and a fade) has them now.
    public func apply() {
        guard let clip else { return }
        var pose = clip.pose(at: time)
        if let f = fade {
            pose = AnimationPose.blend(clips[f.clip].pose(at: f.time), pose, t: Float(min(f.elapsed / f.duration, 1)), rest: rest)
        }
        pose.apply(to: root)
        root.contentChanged()
    }

    /// `time` within the clip: looped into 0..<duration, or held within 0...duration.
    private func wrapped(_ time: Double, in clip: AnimationClip) -> Double {
        let duration = clip.duration
        guard duration > 0, time.isFinite else { return 0 }
        guard isLooping else { return min(max(time, 0), duration) }
        let r = time.truncatingRemainder(dividingBy: duration)
        return r < 0 ? r + duration : r
    }
}
