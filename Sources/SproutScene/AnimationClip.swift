import SproutMath

/// Keyframes of one property (glTF `animation.sampler`): `times` ascending, `values` holding
/// `width` floats per key (three per key and tangent for cubic splines: in-tangent, value,
/// out-tangent, glTF Appendix C).
public struct AnimationSampler: Sendable {
    /// How values between keys are found.
    public enum Interpolation: String, Sendable {
        /// The value of the key at or before the time (glTF `STEP`).
        case step
        /// Straight between keys; rotations along the shorter arc (glTF `LINEAR`).
        case linear
        /// Cubic Hermite between keys with stored tangents (glTF `CUBICSPLINE`).
        case cubicSpline
    }

    /// How values between keys are found.
    public var interpolation: Interpolation
    /// Key times in seconds, ascending.
    public var times: [Float]
    /// `width` floats per key (three times that for `cubicSpline`).
    public var values: [Float]
    /// Floats per value: 3 for translation and scale, 4 for a rotation, the target count for weights.
    public var width: Int

    /// A sampler; traps when `values` does not hold `width` floats per key (three sets for splines).
    public init(interpolation: Interpolation, times: [Float], values: [Float], width: Int) {
        precondition(
            width > 0 && values.count == times.count * width * (interpolation == .cubicSpline ? 3 : 1),
            "AnimationSampler: \(width) floats per key\(interpolation == .cubicSpline ? ", three sets" : "")")
        self.interpolation = interpolation
        self.times = times
        self.values = values
        self.width = width
    }

    /// The last key's time (0 without keys).
    public var duration: Float { times.last ?? 0 }

    /// The value at `time` seconds: the first key's before it, the last key's after it.
    /// `isRotation` slerps linear keys (glTF's reference `slerp`) and normalises the result.
    public func sample(at time: Float, isRotation: Bool = false) -> [Float] {
        guard !times.isEmpty else { return Array(repeating: 0, count: width) }
        let last = times.count - 1
        if time <= times[0] || last == 0 { return value(key: 0, isRotation: isRotation) }
        if time >= times[last] { return value(key: last, isRotation: isRotation) }
        // The key at or before `time` (binary search: clips can have thousands of keys).
        var low = 0, high = last
        while high - low > 1 {
            let mid = (low + high) / 2
            if times[mid] <= time { low = mid } else { high = mid }
        }
        let k = low
        let span = times[k + 1] - times[k]
        let t = span > 0 ? (time - times[k]) / span : 0
        switch interpolation {
        case .step:
            return value(key: k, isRotation: isRotation)
        case .linear:
            let a = value(key: k, isRotation: false), b = value(key: k + 1, isRotation: false)
            if isRotation, width == 4 {
                let q = Quaternion.slerp(Quaternion(vector: Vec4(a[0], a[1], a[2], a[3])), Quaternion(vector: Vec4(b[0], b[1], b[2], b[3])), t: t)
                return [q.vector.x, q.vector.y, q.vector.z, q.vector.w]
            }
            return (0..<width).map { a[$0] + (b[$0] - a[$0]) * t }
        case .cubicSpline:
            // glTF Appendix C: p(t) = (2t³ - 3t² + 1) v_k + td (t³ - 2t² + t) b_k + (-2t³ + 3t²) v_k+1 + td (t³ - t²) a_k+1.
            let t2 = t * t, t3 = t2 * t
            let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
            let base0 = k * 3 * width, base1 = (k + 1) * 3 * width
            var result = (0..<width).map { c in
                h00 * values[base0 + width + c] + span * h10 * values[base0 + 2 * width + c]
                    + h01 * values[base1 + width + c] + span * h11 * values[base1 + c]
            }
            if isRotation { result = normalized(result) }
            return result
        }
    }

    /// Key `k`'s value (the middle of a spline key's three).
    private func value(key k: Int, isRotation: Bool) -> [Float] {
        let start = interpolation == .cubicSpline ? (k * 3 + 1) * width : k * width
        let v = Array(values[start..<start + width])
        return isRotation ? normalized(v) : v
    }

    private func normalized(_ v: [Float]) -> [Float] {
        let length = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return length > 0 ? v.map { $0 / length } : v
    }
}

/// One animated property of one entity (glTF `animation.channel`).
public struct AnimationChannel: Sendable {
    /// Which property the sampler drives.
    public enum Property: Hashable, Sendable {
        /// The local translation (3 floats).
        case translation
        /// The local rotation, a quaternion x, y, z, w (4 floats).
        case rotation
        /// The local scale (3 floats).
        case scale
        /// The model's `morphWeights` (one float per target).
        case morphWeights
        /// A value of one part's material (glTF KHR_animation_pointer; `MaterialProperty.width` floats).
        case material(PartReference, MaterialProperty)
        /// A value of the entity's punctual light (KHR_animation_pointer; `LightProperty.width` floats).
        case light(LightProperty)
        /// A value of the camera the entity carries (KHR_animation_pointer; one float).
        case camera(CameraProperty)
        /// Whether the entity and its descendants are drawn: `isEnabled` (KHR_node_visibility's
        /// `visible` through KHR_animation_pointer; 1 float, 0 hidden, 1 shown, blends at 0.5).
        case visibility
    }

    /// The entity, from the entity the clip plays on.
    public var target: EntityPath
    /// The property driven.
    public var property: Property
    /// The keyframes.
    public var sampler: AnimationSampler

    /// A channel driving `property` of the entity at `target` with `sampler`.
    public init(target: EntityPath, property: Property, sampler: AnimationSampler) {
        self.target = target
        self.property = property
        self.sampler = sampler
    }
}

/// A named set of channels played together (a glTF `animation`: "Walk", "Survey").
public struct AnimationClip: Sendable {
    /// The clip's name from its file ("" when it has none).
    public var name: String
    /// Its channels.
    public var channels: [AnimationChannel]

    /// A clip of `channels`.
    public init(name: String, channels: [AnimationChannel]) {
        self.name = name
        self.channels = channels
    }

    /// The latest key of any channel, in seconds.
    public var duration: Double { Double(channels.map(\.sampler.duration).max() ?? 0) }

    /// What every channel gives at `time` seconds (held at the first and last keys outside the clip).
    public func pose(at time: Double) -> AnimationPose {
        var pose = AnimationPose()
        let t = Float(time)
        for channel in channels {
            let v = channel.sampler.sample(at: t, isRotation: channel.property == .rotation)
            pose.set(channel.property, of: channel.target, to: v)
        }
        return pose
    }

    /// Poses the entities under `root` as this clip has them at `time` seconds.
    public func apply(to root: Entity, at time: Double) {
        pose(at: time).apply(to: root)
    }
}

/// The values a clip (or a blend of two) gives its targets at one time.
public struct AnimationPose: Sendable {
    /// One target's animated values; a property no channel drives is nil.
    public struct Values: Sendable, Equatable {
        /// The local translation, if driven.
        public var translation: Vec3?
        /// The local rotation, if driven.
        public var rotation: Quaternion?
        /// The local scale, if driven.
        public var scale: Vec3?
        /// The morph weights, if driven.
        public var morphWeights: [Float]?
        /// Material, light and visibility values (`Property.material`, `.light`, `.visibility`),
        /// by property, where driven.
        public var otherValues: [AnimationChannel.Property: [Float]] = [:]
    }

    /// Each target's values, by its path from the entity the clip plays on.
    public var targets: [EntityPath: Values] = [:]

    /// An empty pose.
    public init() {}

    mutating func set(_ property: AnimationChannel.Property, of target: EntityPath, to v: [Float]) {
        var values = targets[target] ?? Values()
        switch property {
        case .translation: values.translation = Vec3(v[0], v[1], v[2])
        case .rotation: values.rotation = Quaternion(vector: Vec4(v[0], v[1], v[2], v[3]))
        case .scale: values.scale = Vec3(v[0], v[1], v[2])
        case .morphWeights: values.morphWeights = v
        case .material, .light, .camera, .visibility: values.otherValues[property] = v
        }
        targets[target] = values
    }

    /// Writes the pose into the entities under `root` (targets that cannot be found are skipped).
    public func apply(to root: Entity) {
        for (path, values) in targets {
            guard let entity = path.resolve(from: root) else { continue }
            if values.translation != nil || values.rotation != nil || values.scale != nil {
                var t = entity.transform
                if let v = values.translation { t.translation = v }
                if let v = values.rotation { t.rotation = v }
                if let v = values.scale { t.scale = v }
                if t != entity.transform { entity.transform = t }
            }
            if let weights = values.morphWeights, entity.model != nil, entity.model?.morphWeights != weights {
                entity.model?.morphWeights = weights
            }
            for (property, v) in values.otherValues { Self.write(v, to: property, of: entity) }
        }
    }

    /// `a` blended towards `b` by `t` (0 is `a`, 1 is `b`): translations, scales and weights
    /// linearly, rotations by slerp. A value only one pose drives blends with `rest`'s.
    public static func blend(_ a: AnimationPose, _ b: AnimationPose, t: Float, rest: AnimationPose) -> AnimationPose {
        var result = AnimationPose()
        for path in Set(a.targets.keys).union(b.targets.keys) {
            let r = rest.targets[path] ?? Values()
            let x = a.targets[path] ?? r, y = b.targets[path] ?? r
            var v = Values()
            if let p = x.translation ?? r.translation, let q = y.translation ?? r.translation { v.translation = mix(p, q, t: t) }
            if let p = x.rotation ?? r.rotation, let q = y.rotation ?? r.rotation { v.rotation = Quaternion.slerp(p, q, t: t) }
            if let p = x.scale ?? r.scale, let q = y.scale ?? r.scale { v.scale = mix(p, q, t: t) }
            if let p = x.morphWeights ?? r.morphWeights, let q = y.morphWeights ?? r.morphWeights {
                v.morphWeights = (0..<max(p.count, q.count)).map { i in
                    mix(i < p.count ? p[i] : 0, i < q.count ? q[i] : 0, t: t)
                }
            }
            for property in Set(x.otherValues.keys).union(y.otherValues.keys) {
                guard let p = x.otherValues[property] ?? r.otherValues[property],
                    let q = y.otherValues[property] ?? r.otherValues[property], p.count == q.count
                else { continue }
                v.otherValues[property] = zip(p, q).map { mix($0, $1, t: t) }
            }
            result.targets[path] = v
        }
        return result
    }

    /// The values `root`'s entities have now for every target of `clips`: what a player returns
    /// to where no clip drives a property.
    public static func rest(of root: Entity, for clips: [AnimationClip]) -> AnimationPose {
        var pose = AnimationPose()
        for clip in clips {
            for channel in clip.channels {
                guard let e = channel.target.resolve(from: root) else { continue }
                if pose.targets[channel.target] == nil {
                    pose.targets[channel.target] = Values(
                        translation: e.transform.translation, rotation: e.transform.rotation,
                        scale: e.transform.scale, morphWeights: e.model?.morphWeights)
                }
                if let value = read(channel.property, of: e) { pose.targets[channel.target]?.otherValues[channel.property] = value }
            }
        }
        return pose
    }

    /// The value of a material, light or visibility `property` of `entity` now; nil for a
    /// transform or weights, or where the entity has no such part or light.
    static func read(_ property: AnimationChannel.Property, of entity: Entity) -> [Float]? {
        switch property {
        case .material(let part, let p): entity.model?.material(of: part).map { p.value(in: $0) }
        case .light(let p): entity.light.map { p.value(in: $0) }
        case .camera(let p): entity.cameraLens.map { p.value(in: $0) }
        case .visibility: [entity.isEnabled ? 1 : 0]
        default: nil
        }
    }

    /// Writes a material, light or visibility value (`read`'s) into `entity`; skipped where it
    /// has no such part or light.
    static func write(_ v: [Float], to property: AnimationChannel.Property, of entity: Entity) {
        switch property {
        case .material(let part, let p):
            guard v.count == p.width, var material = entity.model?.material(of: part) else { return }
            p.set(v, in: &material)
            entity.model?.setMaterial(material, of: part)
        case .light(let p):
            guard v.count == p.width, var light = entity.light else { return }
            p.set(v, in: &light)
            if light != entity.light { entity.light = light }
        case .camera(let p):
            guard var lens = entity.cameraLens else { return }
            p.set(v, in: &lens)
            entity.cameraLens = lens
        case .visibility:
            guard let shown = v.first else { return }
            entity.isEnabled = shown >= 0.5
        default: break
        }
    }
}

extension ModelComponent {
    /// The material of `part`, if the model has it.
    public func material(of part: PartReference) -> Material? {
        if let level = part.level {
            guard levelsOfDetail.indices.contains(level), levelsOfDetail[level].parts.indices.contains(part.index) else { return nil }
            return levelsOfDetail[level].parts[part.index].material
        }
        return parts.indices.contains(part.index) ? parts[part.index].material : nil
    }

    /// Gives `part` `material` (nothing when the model has no such part).
    public mutating func setMaterial(_ material: Material, of part: PartReference) {
        if let level = part.level {
            guard levelsOfDetail.indices.contains(level), levelsOfDetail[level].parts.indices.contains(part.index) else { return }
            levelsOfDetail[level].parts[part.index].material = material
        } else if parts.indices.contains(part.index) {
            parts[part.index].material = material
        }
    }
}
