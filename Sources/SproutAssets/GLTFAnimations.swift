import SproutMath
import SproutScene

/// What Sprout reads of a glTF file's animations and skins from the file itself (Assimp 5.2
/// drops STEP and spline tangents and renames times): clips of node transforms and morph
/// weights, and through KHR_animation_pointer of material values and lights
/// (`GLTFAnimationPointer`); each skin's joints and inverse bind matrices, and nodes' own morph weights.
struct GLTFAnimations {
    let json: GLTFJSON
    let buffers: GLTFBuffers
    /// The entity made of each glTF node.
    let entities: [Int: Entity]
    /// The imported model's root: clips' paths start here.
    let root: Entity
    /// The parts drawn with each glTF material, by its index (what a material pointer drives).
    let partsOfMaterial: [Int: [(entity: Entity, part: PartReference)]]
    /// What could not be read, one line each (the caller prefixes the file).
    private(set) var warnings: [String] = []

    init(
        json: GLTFJSON, buffers: GLTFBuffers, entities: [Int: Entity], root: Entity,
        partsOfMaterial: [Int: [(entity: Entity, part: PartReference)]] = [:]
    ) {
        self.json = json
        self.buffers = buffers
        self.entities = entities
        self.root = root
        self.partsOfMaterial = partsOfMaterial
    }

    /// Every animation as a clip (a channel that cannot be read is left out and counted in
    /// `warnings`); more than `maximumChannels` channels in all refuse the file (`path` names it).
    mutating func clips(maximumChannels: Int = ModelLimits.standard.maximumAnimationChannels, path: String = "") throws(ModelImportError) -> [AnimationClip] {
        var dropped = 0, unplaced = 0, notAnimated: [String] = []
        var clips: [AnimationClip] = []
        var total = 0
        let carriers = PointerCarriers(json: json)
        for (index, animation) in (json["animations"]?.array ?? []).enumerated() {
            var channels: [AnimationChannel] = []
            for channel in animation["channels"]?.array ?? [] {
                let target = channel["target"]
                guard let samplerIndex = channel["sampler"]?.int, let samplerJSON = animation["samplers"]?[samplerIndex] else {
                    dropped += 1
                    continue
                }
                var made: [AnimationChannel]
                if target?["path"]?.string == "pointer" {
                    let text = target?["extensions"]?["KHR_animation_pointer"]?["pointer"]?.string
                    guard let pointer = text.flatMap(GLTFAnimationPointer.init) else { dropped += 1; continue }
                    if case .notAnimated = pointer {
                        notAnimated.append(text!)
                        continue
                    }
                    guard let found = pointerChannels(pointer, sampler: samplerJSON, carriers: carriers) else { dropped += 1; continue }
                    made = found
                } else {
                    guard let node = target?["node"]?.int else { unplaced += 1; continue }
                    guard let property = target?["path"]?.string.flatMap({ Self.nodeProperties[$0] }) else { dropped += 1; continue }
                    if property == .morphWeights, isLevelOfDetail(node) { continue }
                    guard let found = nodeChannel(node: node, property: property, sampler: samplerJSON) else { dropped += 1; continue }
                    made = found
                }
                if made.isEmpty { unplaced += 1 }
                total += made.count
                guard total <= maximumChannels else {
                    let what = "more than \(maximumChannels) animation channels (a material's KHR_animation_pointer channel counts once per part drawn with it)"
                    throw .exceedsLimit(path: path, what: what)
                }
                channels += made
            }
            clips.append(AnimationClip(name: animation["name"]?.string ?? "animation \(index)", channels: channels))
        }
        if dropped > 0 { warnings.append("has \(dropped) animation channel(s) Sprout cannot read (a bad sampler, accessor or path), which do not play") }
        if unplaced > 0 { warnings.append("has \(unplaced) animation channel(s) on no node Sprout draws, which do not play") }
        if let first = notAnimated.first {
            warnings.append(
                "has \(notAnimated.count) KHR_animation_pointer channel(s) on what Sprout does not animate (the first: \(String(first.prefix(200)))), which do not play"
            )
        }
        return clips
    }

    /// A plain channel's `target.path` values (glTF's node properties).
    static let nodeProperties: [String: AnimationChannel.Property] = [
        "translation": .translation, "rotation": .rotation, "scale": .scale, "weights": .morphWeights
    ]

    /// The channel of `property` of glTF node `node`: empty when the node is not drawn, nil when
    /// the sampler cannot be read.
    private func nodeChannel(node: Int, property: AnimationChannel.Property, sampler json: GLTFJSON) -> [AnimationChannel]? {
        guard let entity = entities[node], let path = EntityPath.down(from: root, to: entity) else { return [] }
        return Self.sampler(json, property: property, buffers: buffers).map { [AnimationChannel(target: path, property: property, sampler: $0)] }
    }

    /// Whether glTF node `node` is a level of detail (`NAME_LOD1` ...) Sprout draws with its
    /// model's weights, so its own weights channel is not needed.
    private func isLevelOfDetail(_ node: Int) -> Bool {
        entities[node] == nil && json["nodes"]?[node]?["name"]?.string.flatMap(SceneConverter.levelNumber) != nil
    }

    /// The glTF nodes carrying each KHR_lights_punctual light and each camera, by its index
    /// (a light or camera several nodes share is driven on each).
    private struct PointerCarriers {
        var lights: [Int: [Int]] = [:]
        var cameras: [Int: [Int]] = [:]

        init(json: GLTFJSON) {
            for (node, value) in (json["nodes"]?.array ?? []).enumerated() {
                if let light = value["extensions"]?["KHR_lights_punctual"]?["light"]?.int { lights[light, default: []].append(node) }
                if let camera = value["camera"]?.int { cameras[camera, default: []].append(node) }
            }
        }
    }

    /// The channels a KHR_animation_pointer target drives: one per part drawn with the material,
    /// or per entity carrying the light or camera (`carriers`); nil when the sampler cannot be read.
    private func pointerChannels(_ pointer: GLTFAnimationPointer, sampler json: GLTFJSON, carriers: PointerCarriers) -> [AnimationChannel]? {
        switch pointer {
        case .node(let node, let property):
            return nodeChannel(node: node, property: property, sampler: json)
        case .material(let material, let value):
            guard let sampler = materialSampler(json, material: material, value: value) else { return nil }
            let property: MaterialProperty = if case .direct(let p) = value { p } else { .emissive }
            return (partsOfMaterial[material] ?? []).compactMap { entity, part in
                EntityPath.down(from: root, to: entity).map { AnimationChannel(target: $0, property: .material(part, property), sampler: sampler) }
            }
        case .light(let light, let property):
            guard let sampler = Self.sampler(json, width: property.width, buffers: buffers) else { return nil }
            return channels(on: carriers.lights[light] ?? [], property: .light(property), sampler: sampler)
        case .camera(let camera, let property):
            guard let sampler = Self.sampler(json, width: property.width, buffers: buffers) else { return nil }
            return channels(on: carriers.cameras[camera] ?? [], property: .camera(property), sampler: sampler)
        case .notAnimated:
            return []
        }
    }

    /// One channel of `property` per glTF node of `nodes` that became an entity.
    private func channels(on nodes: [Int], property: AnimationChannel.Property, sampler: AnimationSampler) -> [AnimationChannel] {
        nodes.compactMap { node in
            entities[node].flatMap { EntityPath.down(from: root, to: $0) }.map { AnimationChannel(target: $0, property: property, sampler: sampler) }
        }
    }

    /// A material value's keys; Sprout's emissive is the factor times the strength, so a
    /// factor's keys are scaled by the material's strength and a strength's become the
    /// material's factor times each key (both linear, so splines' tangents scale alike).
    private func materialSampler(_ json: GLTFJSON, material: Int, value: GLTFAnimationPointer.MaterialValue) -> AnimationSampler? {
        let materialJSON = self.json["materials"]?[material]
        switch value {
        case .direct(let property):
            return Self.sampler(json, width: property.width, buffers: buffers)
        case .emissiveFactor:
            guard var sampler = Self.sampler(json, width: value.width, buffers: buffers) else { return nil }
            let strength = max(materialJSON?["extensions"]?["KHR_materials_emissive_strength"]?["emissiveStrength"]?.float ?? 1, 0)
            sampler.values = sampler.values.map { $0 * strength }
            return sampler
        case .emissiveStrength:
            guard let sampler = Self.sampler(json, width: value.width, buffers: buffers) else { return nil }
            let factor = materialJSON?["emissiveFactor"]?.floats(count: 3) ?? [0, 0, 0]
            return AnimationSampler(
                interpolation: sampler.interpolation, times: sampler.times, values: sampler.values.flatMap { v in factor.map { $0 * v } }, width: 3)
        }
    }

    /// A sampler's keys: times ascending and finite, values finite, as many as the times ask.
    static func sampler(_ json: GLTFJSON, property: AnimationChannel.Property, buffers: GLTFBuffers) -> AnimationSampler? {
        let width: Int? =
            switch property {
            case .translation, .scale: 3
            case .rotation: 4
            case .visibility: 1
            case .morphWeights: nil
            case .material(_, let value): value.width
            case .light(let value): value.width
            case .camera(let value): value.width
            }
        return sampler(json, width: width, buffers: buffers)
    }

    /// A sampler's keys of `width` floats each (nil: any number of single floats per key, as
    /// morph weights have): times ascending and finite, values finite, as many as the times ask.
    static func sampler(_ json: GLTFJSON, width fixedWidth: Int?, buffers: GLTFBuffers) -> AnimationSampler? {
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
        if let fixedWidth {
            width = fixedWidth
        } else {
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
        for animation in json["animations"]?.array ?? [] {
            for channel in animation["channels"]?.array ?? [] {
                guard let index = channel["sampler"]?.int, let sampler = animation["samplers"]?[index] else { continue }
                let target = channel["target"]
                if target?["path"]?.string == "pointer" {
                    switch target?["extensions"]?["KHR_animation_pointer"]?["pointer"]?.string.flatMap(GLTFAnimationPointer.init) {
                    case .node(_, let property)?: _ = Self.sampler(sampler, property: property, buffers: buffers)
                    case .material(_, let value)?: _ = Self.sampler(sampler, width: value.width, buffers: buffers)
                    case .light(_, let property)?: _ = Self.sampler(sampler, width: property.width, buffers: buffers)
                    case .camera(_, let property)?: _ = Self.sampler(sampler, width: property.width, buffers: buffers)
                    case .notAnimated?, nil: break
                    }
                } else if let property = target?["path"]?.string.flatMap({ Self.nodeProperties[$0] }) {
                    _ = Self.sampler(sampler, property: property, buffers: buffers)
                }
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
