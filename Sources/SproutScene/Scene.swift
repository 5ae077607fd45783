import SproutMath

/// What exists: a root entity, the lighting, and the running animations.
/// How it is seen (camera, viewport) is the renderer's `View`; where it goes is a render target.
public final class Scene {
    /// The parent of all virtual content: anchors, placed objects, the focus square.
    public let root = Entity(name: "root")
    /// The real world as the camera feed shows it (a stage): drawn first, behind the virtual
    /// content under `root`, which it hides or not as the view's options say (scene-depth
    /// occlusion, or plain compositing over the camera image). It receives and casts shadows.
    public let backdrop = Entity(name: "backdrop")
    /// The light on the backdrop; the virtual content gets it scaled by `contentLightIntensity` / 1000.
    public var lighting: Lighting
    /// The intensity, in SceneKit's lumens, of the lights on the virtual content (P18's "key"
    /// and "fill" lights): content under `root` is lit by `lighting` scaled by this / 1000, the
    /// backdrop by `lighting` alone. P18 sets it to the frame's light estimate every frame, and
    /// 1000 without one (spec 1.5); the interaction engine does the same.
    public var contentLightIntensity: Float = 1000
    /// Drawn where nothing else is (the view's clear colour without one).
    public var sky: Sky?
    /// An HDR environment lighting the scene (image-based light); it stands where the sky
    /// would in the environment probe, and replaces `lighting.ambient` for surfaces that read it.
    public var environment: EnvironmentLight?
    /// Where the content's environment is captured from: the backdrop and sky seen from here
    /// light and are reflected by the virtual content (realistic shading). ARKit's automatic
    /// environment probes sit by the virtual content, and the interaction engine puts it at the
    /// selected or last placed object. Nil: the ambient light stands for the environment.
    public var environmentProbePosition: Vec3?
    /// The running animations, in the order they started; `update()` drops finished ones.
    public private(set) var animations: [TransformAnimation] = []
    /// The animation players `update()` advances, in the order they were added.
    public private(set) var animationPlayers: [AnimationPlayer] = []
    /// Seconds of scene time: the frame's time, set by `beginFrame(at:)` (or moved on by
    /// `update(deltaTime:)`). Animations begun now count from it.
    public private(set) var time: Double = 0

    /// An empty scene with `lighting`, no backdrop content, no sky and no animations.
    public init(lighting: Lighting = .standard) {
        self.lighting = lighting
    }

    /// Adds `entity` under `root`.
    public func addChild(_ entity: Entity) { root.addChild(entity) }

    /// The anchor entities directly under `root` (the ones `update()` synchronises).
    public var anchorEntities: [AnchorEntity] { root.children.compactMap { $0 as? AnchorEntity } }

    /// Moves `deltaTime` seconds on (`beginFrame(at: time + deltaTime)`) and `update()`s: for a
    /// scene on its own. An engine that owns the clock calls `beginFrame(at:)` and `update()`.
    public func update(deltaTime: Double) {
        precondition(deltaTime >= 0 && deltaTime.isFinite, "Scene.update: deltaTime must be finite and >= 0")
        beginFrame(at: time + deltaTime)
        update()
    }

    /// Moves the scene's clock to a frame's `time` (not earlier than now) before anything of the
    /// frame happens, so an animation begun in the frame starts at the frame's time (progress 0
    /// there). Nothing is evaluated until `update()`.
    public func beginFrame(at time: Double) {
        precondition(time >= self.time && time.isFinite, "Scene.beginFrame: time must be finite and not go back")
        self.time = time
    }

    /// Evaluates every animation at the scene's time (an animation begun at `t0` with duration
    /// `d` is at `(time - t0) / d` and ends on the frame where that reaches 1), advances the
    /// clip players by the time since they last moved, and pulls anchor poses.
    public func update() {
        for a in anchorEntities { a.synchronize() }
        for a in animations { a.evaluate(at: time) }
        // A player whose model has left the scene stops with it.
        animationPlayers.removeAll { !root.isAncestor(of: $0.root) }
        for p in animationPlayers {
            p.advance(by: time - (p.sceneTime ?? time))
            p.sceneTime = time
        }
        let finished = animations.filter(\.isFinished)
        animations.removeAll { $0.isFinished }
        for a in finished { a.end() }
    }

    /// Moves `entity` to `target` (local transform) over `duration` seconds; replaces any running
    /// animation of the same entity, starting from where it is drawn now. `style` says whether
    /// `transform` moves (RealityKit) or is the target at once while `presentation` moves (SceneKit).
    @discardableResult
    public func animate(
        _ entity: Entity, to target: Transform, duration: Double,
        timing: TimingFunction = .linear, style: TransformAnimation.Style = .move
    ) -> TransformAnimation {
        // The new animation starts where the entity is drawn: take that before the old one ends.
        let drawn = entity.presentedTransform
        stopAnimating(entity)
        let animation = TransformAnimation(entity: entity, from: drawn, to: target, duration: duration, timing: timing, style: style, startTime: time)
        animations.append(animation)
        return animation
    }

    /// Plays `entity`'s clip `clipIndex` (its first by default) on the scene's clock, looping,
    /// replacing a player already on `entity`; returns the player (nil when `entity` has no clips).
    @discardableResult
    public func playAnimation(of entity: Entity, clip clipIndex: Int = 0, from time: Double = 0) -> AnimationPlayer? {
        guard entity.animationClips.indices.contains(clipIndex) else { return nil }
        let player = animationPlayer(of: entity) ?? AnimationPlayer(root: entity)
        if animationPlayer(of: entity) == nil { animationPlayers.append(player) }
        player.play(clipIndex, from: time)
        player.sceneTime = self.time
        return player
    }

    /// The player of `entity`'s clips, if one plays.
    public func animationPlayer(of entity: Entity) -> AnimationPlayer? { animationPlayers.first { $0.root === entity } }

    /// Stops `entity`'s clips where they are (the pose stays).
    public func stopAnimationPlayer(of entity: Entity) { animationPlayers.removeAll { $0.root === entity } }

    /// True while an animation of `entity` runs.
    public func isAnimating(_ entity: Entity) -> Bool { animations.contains { $0.entity === entity } }

    /// The animation running on `entity`, if any.
    public func animation(of entity: Entity) -> TransformAnimation? { animations.first { $0.entity === entity } }

    /// Stops `entity`'s animation: a move where it is, a transaction at its target (the model
    /// value). A new direct placement wins over an old animation.
    public func stopAnimating(_ entity: Entity) {
        let stopped = animations.filter { $0.entity === entity }
        animations.removeAll { $0.entity === entity }
        for a in stopped { a.end() }
    }

    /// Entities with a model whose bounds or triangles the ray hits, nearest first; disabled and
    /// unselectable ones (`Entity.isSelectable`), with their descendants, are passed through.
    public func hitTest(_ ray: Ray, mode: HitTestMode = .boundingBox) -> [HitTestResult] {
        HitTester(mode: mode).hits(ray, in: root)
    }
}
