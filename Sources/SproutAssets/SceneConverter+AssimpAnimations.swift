internal import CAssimp
import SproutMath
import SproutScene

/// Another format's node animations (FBX, COLLADA) as Sprout's clips: each `aiNodeAnim`'s
/// position, rotation and scaling keys drive the entity of its node, interpolated linearly
/// (Assimp 5.2 keeps no other interpolation). glTF's clips are read from the file's own JSON
/// instead (`GLTFAnimations`); skins and morph animations of other formats stay unplayed.
extension SceneConverter {
    /// The clips of the scene's animations under `root` (the model's wrapper entity), and how
    /// many channels could not be played (keys out of order or not finite, or a node Sprout
    /// does not draw). More than `maximumChannels` channels in all refuse the file.
    func assimpClips(under root: Entity, maximumChannels: Int) throws(ModelImportError) -> (clips: [AnimationClip], dropped: Int) {
        var clips: [AnimationClip] = []
        var dropped = 0, total = 0
        let byName = root.firstEntitiesByName()
        for a in 0..<Int(scene.pointee.mNumAnimations) {
            guard let animation = scene.pointee.mAnimations[a]?.pointee else { continue }
            // Assimp: 0 when the file does not say; its own importers then assume 25 ticks a second.
            let ticksPerSecond = animation.mTicksPerSecond > 0 && animation.mTicksPerSecond.isFinite ? animation.mTicksPerSecond : 25
            var channels: [AnimationChannel] = []
            for c in 0..<Int(animation.mNumChannels) {
                guard let node = animation.mChannels[c]?.pointee else { continue }
                guard let entity = byName[string(node.mNodeName)], let path = EntityPath.down(from: root, to: entity) else {
                    dropped += 1
                    continue
                }
                let keySets: [(AnimationChannel.Property, AnimationSampler?)] = [
                    (.translation, Self.sampler(node.mPositionKeys, count: node.mNumPositionKeys, ticksPerSecond: ticksPerSecond) { [$0.x, $0.y, $0.z] }),
                    (.rotation, Self.sampler(node.mRotationKeys, count: node.mNumRotationKeys, ticksPerSecond: ticksPerSecond) { [$0.x, $0.y, $0.z, $0.w] }),
                    (.scale, Self.sampler(node.mScalingKeys, count: node.mNumScalingKeys, ticksPerSecond: ticksPerSecond) { [$0.x, $0.y, $0.z] })
                ]
                for (property, sampler) in keySets {
                    guard let sampler else { dropped += 1; continue }
                    if sampler.times.isEmpty { continue }
                    channels.append(AnimationChannel(target: path, property: property, sampler: sampler))
                    total += 1
                }
                guard total <= maximumChannels else {
                    throw .exceedsLimit(path: modelPath, what: "more than \(maximumChannels) animation channels")
                }
            }
            clips.append(AnimationClip(name: animation.mName.length > 0 ? string(animation.mName) : "animation \(a)", channels: channels))
        }
        return (clips, dropped)
    }

    /// Keys as a linear sampler in seconds: empty without keys; nil when a time or value is not
    /// finite or the times go backwards (the clip would not be a function of time).
    private static func sampler<Key: AssimpKey>(
        _ keys: UnsafeMutablePointer<Key>?, count: UInt32, ticksPerSecond: Double, values: (Key.Value) -> [Float]
    ) -> AnimationSampler? {
        guard let keys, count > 0 else { return AnimationSampler(interpolation: .linear, times: [], values: [], width: 1) }
        var times: [Float] = [], flat: [Float] = []
        var width = 0
        for k in 0..<Int(count) {
            let time = Float(keys[k].mTime / ticksPerSecond), v = values(keys[k].mValue)
            guard time.isFinite, v.allSatisfy(\.isFinite), times.last.map({ $0 <= time }) ?? true else { return nil }
            times.append(time)
            flat += v
            width = v.count
        }
        return AnimationSampler(interpolation: .linear, times: times, values: flat, width: width)
    }
}

/// An Assimp animation key: a time in ticks and a value.
protocol AssimpKey {
    associatedtype Value
    var mTime: Double { get }
    var mValue: Value { get }
}

extension aiVectorKey: AssimpKey {}
extension aiQuatKey: AssimpKey {}
