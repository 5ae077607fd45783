import SproutMath
import SproutScene

/// What Sprout reads of a glTF file's animations and skins from the file itself (Assimp 5.2
/// drops STEP and spline tangents and renames times): clips of node transforms and morph
/// weights, each skin's joints and inverse bind matrices, and nodes' own morph weights.
struct GLTFAnimations {
    let json: GLTFJSON
    let buffers: GLTFBuffers
    /// The entity made of each glTF node.
    let entities: [Int: Entity]
    /// The imported model's root: clips' paths start here.
    let root: Entity
    /// What could not be read, one line each (the caller prefixes the file).
    private(set) var warnings: [String] = []

    init(json: GLTFJSON, buffers: GLTFBuffers, entities: [Int: Entity], root: Entity) {
        self.json = json
        self.buffers = buffers
        self.entities = entities
        self.root = root
    }

    /// Every animation as a clip (a channel that cannot be read is left out and counted in `warnings`).
    mutating func clips() -> [AnimationClip] {
        var dropped = 0, unplaced = 0
        var clips: [AnimationClip] = []
        for (index, animation) in (json["animations"]?.array ?? []).enumerated() {
            var channels: [AnimationChannel] = []
            for channel in animation["channels"]?.array ?? [] {
                guard let node = channel["target"]?["node"]?.int else { unplaced += 1; continue }
                guard let entity = entities[node], let path = EntityPath.down(from: root, to: entity) else {
                    // A level of detail (NAME_LOD1 ...) is drawn with its model's weights: its own channel is not needed.
                    if channel["target"]?["path"]?.string == "weights", let name = json["nodes"]?[node]?["name"]?.string,
                        SceneConverter.levelNumber(name) != nil
                    {
                        continue
                    }
                    unplaced += 1
                    continue
                }
                let property: AnimationChannel.Property
                switch channel["target"]?["path"]?.string {
                case "translation": property = .translation
                case "rotation": property = .rotation
                case "scale": property = .scale
                case "weights": property = .morphWeights
                default: dropped += 1; continue
                }
                guard let samplerIndex = channel["sampler"]?.int, let sampler = animation["samplers"]?[samplerIndex],
                    let made = Self.sampler(sampler, property: property, buffers: buffers)
                else { dropped += 1; continue }
                channels.append(AnimationChannel(target: path, property: property, sampler: made))
            }
            clips.append(AnimationClip(name: animation["name"]?.string ?? "animation \(index)", channels: channels))
        }
        if dropped > 0 { warnings.append("has \(dropped) animation channel(s) Sprout cannot read (a bad sampler, accessor or path), which do not play") }
        if unplaced > 0 { warnings.append("has \(unplaced) animation channel(s) on no node Sprout draws, which do not play") }
        return clips
    }

    /// A sampler's keys: times ascending and finite, values finite, as many as the times ask.
    static func sampler(_ json: GLTFJSON, property: AnimationChannel.Property, buffers: GLTFBuffers) -> AnimationSampler? {
        guard let input = json["input"]?.int, let output = json["output"]?.int,
            let times = buffers.floats(accessor: input), times.components == 1, !times.values.isEmpty,
            let values = buffers.floats(accessor: output)
        else { return nil }
        let interpolation: AnimationSampler.Interpolation
        switch json["interpolation"]?.string ?? "LINEAR" {
        case "STEP": interpolation = .step
        case "LINEAR": interpolation = .linear
        case "CUBICSPLINE": interpolation = .cubicSpline
        default: return nil
        }
        guard times.values.allSatisfy(\.isFinite), zip(times.values, times.values.dropFirst()).allSatisfy({ $0 <= $1 }),
            values.values.allSatisfy(\.isFinite)
        else { return nil }
        let sets = interpolation == .cubicSpline ? 3 : 1
        let width: Int
        switch property {
        case .translation, .scale: width = 3
        case .rotation: width = 4
        case .morphWeights:
            guard values.components == 1, values.values.count % (times.values.count * sets) == 0 else { return nil }
            width = values.values.count / (times.values.count * sets)
        }
        guard width > 0, values.values.count == times.values.count * width * sets else { return nil }
        return AnimationSampler(interpolation: interpolation, times: times.values, values: values.values, width: width)
    }

    /// Puts each skinned node's skin (joints as paths, inverse bind matrices, joint boxes) on its
    /// entity's model, and each node's own morph weights over its mesh's.
    mutating func attachSkinsAndWeights() {
        let nodes = json["nodes"]?.array ?? []
        var tooMany = 0, broken = 0
        for (index, node) in nodes.enumerated() {
            guard let entity = entities[index], entity.model != nil else { continue }
            if let weights = node["weights"]?.array.compactMap(\.float), !weights.isEmpty {
                entity.model?.morphWeights = weights
            }
            guard let skinIndex = node["skin"]?.int else { continue }
            guard let skinJSON = json["skins"]?[skinIndex] else { broken += 1; continue }
            let jointNodes = (skinJSON["joints"]?.array ?? []).compactMap(\.int)
            guard jointNodes.count <= Skin.maximumJoints else { tooMany += 1; continue }
            guard let levelsUp = depth(of: entity) else { broken += 1; continue }
            let paths = jointNodes.compactMap { entities[$0].flatMap { EntityPath.down(from: root, to: $0) } }
                .map { EntityPath(levelsUp: levelsUp, childIndices: $0.childIndices) }
            guard paths.count == jointNodes.count, !paths.isEmpty else { broken += 1; continue }
            guard let inverseBinds = Self.inverseBindMatrices(of: skinJSON, jointCount: paths.count, buffers: buffers) else { broken += 1; continue }
            var skin = Skin(joints: paths, inverseBindMatrices: inverseBinds)
            skin.computeJointBounds(of: entity.model?.parts.map(\.mesh) ?? [])
            entity.model?.skin = skin
        }
        if tooMany > 0 { warnings.append("has \(tooMany) skinned node(s) with more than \(Skin.maximumJoints) joints, which Sprout draws in their bind pose") }
        if broken > 0 { warnings.append("has \(broken) skinned node(s) whose skin cannot be read, which Sprout draws in their bind pose") }
    }

    /// A skin's inverse bind matrices (identity without the accessor); nil when the accessor is
    /// not `jointCount` finite 4x4 matrices.
    static func inverseBindMatrices(of skin: GLTFJSON, jointCount: Int, buffers: GLTFBuffers) -> [Matrix4]? {
        guard let accessor = skin["inverseBindMatrices"]?.int else { return Array(repeating: .identity, count: jointCount) }
        guard let m = buffers.floats(accessor: accessor), m.components == 16, m.values.count == 16 * jointCount,
            m.values.allSatisfy(\.isFinite)
        else { return nil }
        return (0..<jointCount).map { j in
            let c = Array(m.values[(j * 16)..<(j * 16 + 16)])
            return Matrix4(Vec4(c[0], c[1], c[2], c[3]), Vec4(c[4], c[5], c[6], c[7]), Vec4(c[8], c[9], c[10], c[11]), Vec4(c[12], c[13], c[14], c[15]))
        }
    }

    /// Reads every sampler and skin of `json` as an import would, without a scene to put them
    /// in (the preflight's and the fuzzer's path through this code).
    static func readAll(_ json: GLTFJSON, buffers: GLTFBuffers) {
        let properties: [String: AnimationChannel.Property] = ["translation": .translation, "rotation": .rotation, "scale": .scale, "weights": .morphWeights]
        for animation in json["animations"]?.array ?? [] {
            for channel in animation["channels"]?.array ?? [] {
                guard let property = channel["target"]?["path"]?.string.flatMap({ properties[$0] }), let index = channel["sampler"]?.int,
                    let sampler = animation["samplers"]?[index]
                else { continue }
                _ = Self.sampler(sampler, property: property, buffers: buffers)
            }
        }
        for skin in json["skins"]?.array ?? [] {
            _ = inverseBindMatrices(of: skin, jointCount: skin["joints"]?.array.count ?? 0, buffers: buffers)
        }
    }

    /// How many parents up `entity` is from the model's root.
    private func depth(of entity: Entity) -> Int? {
        var levels = 0
        var e = entity
        while e !== root {
            guard let parent = e.parent else { return nil }
            e = parent
            levels += 1
        }
        return levels
    }
}
