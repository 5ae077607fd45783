import SproutScene

/// Poses a loaded model by one of its animation clips at a time: what a scene file's
/// `animation: { clip, time }` and `sprout render --animation --time` do.
public enum ModelPose {
    /// A player of `model`'s clips (those of the first entity of its subtree that has clips)
    /// playing `clip` (a name or an index as text; nil: the first) held at `time` seconds, not
    /// looping: after the clip's end the last pose stays. Throws naming the clips there are.
    @discardableResult
    public static func apply(clip: String?, time: Double, to model: Entity, modelName: String) throws -> AnimationPlayer {
        guard let holder = model.animatedEntity else {
            throw AppError("\(modelName) has no animations to pose it by")
        }
        let player = AnimationPlayer(root: holder)
        guard let index = clip.map({ player.index(ofClip: $0) }) ?? 0 else {
            throw AppError("\(modelName) has no clip '\(clip ?? "")'; its clips are \(player.clipList)")
        }
        player.isLooping = false
        player.play(index, from: time)
        return player
    }
}
