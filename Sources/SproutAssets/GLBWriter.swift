#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SproutMath
import SproutScene

/// Writes binary glTF 2.0 itself (not through Assimp's exporter) for generated models, whose
/// materials are factors only: one mesh of one primitive per part on a node `root`, morph
/// targets with their names, and an animation of the targets' weights. `extensionsUsed` lists
/// exactly what the file uses (KHR_materials_emissive_strength where an emissive factor exceeds
/// 1, else nothing); nothing is required. Deterministic: the same parts give the same bytes.
/// (Levels of detail go into files of their own beside it: `ModelExporter`.)
struct GLBWriter {
    private var binary: [UInt8] = []
    private var bufferViews: [[String: JSON]] = []
    private var accessors: [[String: JSON]] = []
    private var extensionsUsed = Set<String>()
    /// The view of zeros targets that move nothing read (its index and length), grown when a larger one is needed.
    private var zeros: (view: Int, bytes: Int)?

    /// The document's values (written with sorted keys and shortest round-trip numbers: `GLTFJSON.glb`).
    typealias JSON = GLTFJSON

    /// Whether the writer can write every part: factor materials only (textures go through Assimp).
    static func canWrite(_ parts: [ModelPart]) -> Bool {
        parts.allSatisfy { part in TextureSlot.allCases.allSatisfy { part.material.texture($0) == nil } }
    }

    /// The file's bytes: `parts` on `root`, the morph weights animated by `animation` (name and a
    /// sampler of one weight per target). `levels` on child nodes `root_LOD1`, ... is the older
    /// layout Sprout's importer still reads; Sprout writes its levels as files of their own.
    static func bytes(parts: [ModelPart], levels: [[ModelPart]] = [], targetNames: [String], animation: (name: String, sampler: AnimationSampler)?) throws
        -> [UInt8]
    {
        var writer = GLBWriter()
        var materials: [JSON] = [], meshes: [JSON] = [], nodes: [JSON] = []
        var animatedNodes: [Int] = []
        for (levelIndex, level) in ([parts] + levels).enumerated() {
            var primitives: [JSON] = []
            let targetCount = level.first?.mesh.morphTargets.count ?? 0
            if targetCount > 0 { animatedNodes.append(levelIndex) }
            for part in level {
                guard part.mesh.morphTargets.count == targetCount else {
                    throw ModelExporter.Failure(path: "", reason: "every primitive of a glTF mesh needs the same number of morph targets (\(targetCount))")
                }
                materials.append(writer.material(part.material))
                primitives.append(writer.primitive(part.mesh, material: materials.count - 1))
            }
            var mesh: [String: JSON] = ["primitives": .array(primitives), "name": .string(levelIndex == 0 ? "root" : "root_LOD\(levelIndex)")]
            if targetCount > 0 {
                mesh["weights"] = .array(Array(repeating: .number(0), count: targetCount))
                // Blender and three.js name shape keys from here.
                if targetNames.count == targetCount { mesh["extras"] = .object(["targetNames": .array(targetNames.map(JSON.string))]) }
            }
            meshes.append(.object(mesh))
            var node: [String: JSON] = ["name": .string(levelIndex == 0 ? "root" : "root_LOD\(levelIndex)"), "mesh": .number(Double(levelIndex))]
            if levelIndex == 0, !levels.isEmpty { node["children"] = .array((1...levels.count).map { .number(Double($0)) }) }
            nodes.append(.object(node))
        }
        var document: [String: JSON] = [
            "asset": .object(["version": .string("2.0"), "generator": .string("Sprout")]),
            "scene": .number(0), "scenes": .array([.object(["nodes": .array([.number(0)])])]),
            "nodes": .array(nodes), "meshes": .array(meshes), "materials": .array(materials)
        ]
        if let animation, !animatedNodes.isEmpty {
            let input = writer.accessor(floats: animation.sampler.times, type: "SCALAR", components: 1, bounds: true)
            let output = writer.accessor(floats: animation.sampler.values, type: "SCALAR", components: 1, bounds: false)
            let interpolation =
                switch animation.sampler.interpolation {
                case .step: "STEP";
                case .linear: "LINEAR";
                case .cubicSpline: "CUBICSPLINE"
                }
            document["animations"] = .array([
                .object([
                    "name": .string(animation.name),
                    "samplers": .array([.object(["input": .number(Double(input)), "output": .number(Double(output)), "interpolation": .string(interpolation)])]
                    ),
                    // Every node whose mesh has the targets, so a viewer that draws any level moves it alike.
                    "channels": .array(
                        animatedNodes.map { .object(["sampler": .number(0), "target": .object(["node": .number(Double($0)), "path": .string("weights")])]) })
                ])
            ])
        }
        document["accessors"] = .array(writer.accessors.map(JSON.object))
        document["bufferViews"] = .array(writer.bufferViews.map(JSON.object))
        document["buffers"] = .array([.object(["byteLength": .number(Double(writer.binary.count))])])
        if !writer.extensionsUsed.isEmpty { document["extensionsUsed"] = .array(writer.extensionsUsed.sorted().map(JSON.string)) }

        return try GLTFJSON.glb(.object(document), binary: writer.binary)
    }

    private mutating func material(_ m: Material) -> JSON {
        let c = m.baseColor
        var json: [String: JSON] = [
            "name": .string(m.name),
            "pbrMetallicRoughness": .object([
                "baseColorFactor": .array([c.x, c.y, c.z, c.w].map { .number(Double($0)) }),
                "metallicFactor": .number(Double(m.metallic)), "roughnessFactor": .number(Double(m.roughness))
            ])
        ]
        if m.isDoubleSided { json["doubleSided"] = .bool(true) }
        if m.blending == .transparent { json["alphaMode"] = .string("BLEND") }
        if let cutoff = m.alphaCutoff { json["alphaMode"] = .string("MASK"); json["alphaCutoff"] = .number(Double(cutoff)) }
        let e = m.emissive, strongest = max(e.x, e.y, e.z)
        if strongest > 0 {
            // glTF's factor is at most 1; what is above goes into KHR_materials_emissive_strength.
            let strength = max(strongest, 1)
            json["emissiveFactor"] = .array([e.x, e.y, e.z].map { .number(Double($0 / strength)) })
            if strength > 1 {
                json["extensions"] = .object(["KHR_materials_emissive_strength": .object(["emissiveStrength": .number(Double(strength))])])
                extensionsUsed.insert("KHR_materials_emissive_strength")
            }
        }
        return .object(json)
    }

    private mutating func primitive(_ mesh: Mesh, material: Int) -> JSON {
        var attributes: [String: JSON] = [
            "POSITION": .number(
                Double(accessor(floats: mesh.positions.flatMap { [$0.x, $0.y, $0.z] }, type: "VEC3", components: 3, bounds: true, target: true))),
            "NORMAL": .number(Double(accessor(floats: mesh.normals.flatMap { [$0.x, $0.y, $0.z] }, type: "VEC3", components: 3, bounds: false, target: true)))
        ]
        if !mesh.uvs.isEmpty {
            attributes["TEXCOORD_0"] = .number(
                Double(accessor(floats: mesh.uvs.flatMap { [$0.x, $0.y] }, type: "VEC2", components: 2, bounds: false, target: true)))
        }
        if !mesh.colors.isEmpty {
            attributes["COLOR_0"] = .number(
                Double(accessor(floats: mesh.colors.flatMap { [$0.x, $0.y, $0.z, $0.w] }, type: "VEC4", components: 4, bounds: false, target: true)))
        }
        var json: [String: JSON] = [
            "attributes": .object(attributes), "material": .number(Double(material)), "mode": .number(Self.mode(of: mesh.primitive)),
            "indices": .number(Double(indexAccessor(mesh.indices)))
        ]
        if !mesh.morphTargets.isEmpty {
            json["targets"] = .array(
                mesh.morphTargets.map { target in
                    var members: [String: JSON] = ["POSITION": .number(Double(targetAccessor(target.positionOffsets, bounds: true)))]
                    // The normals' offsets, where the target turns them (the file has no tangents to turn).
                    if !target.normalOffsets.isEmpty { members["NORMAL"] = .number(Double(targetAccessor(target.normalOffsets, bounds: false))) }
                    return .object(members)
                })
        }
        return .object(json)
    }

    /// A morph target's accessor of `offsets`: targets that move nothing share one view of zeros
    /// (an accessor without a view would be zeros too, glTF 3.6.2.1, but Assimp 5.2 refuses to
    /// read one); POSITION's carries its bounds, as glTF asks.
    private mutating func targetAccessor(_ offsets: [Vec3], bounds: Bool) -> Int {
        guard offsets.contains(where: { $0 != .zero }) else {
            var json: [String: JSON] = [
                "bufferView": .number(Double(zeroView(bytes: offsets.count * 12))), "componentType": .number(5126),
                "count": .number(Double(offsets.count)), "type": .string("VEC3")
            ]
            if bounds { (json["min"], json["max"]) = (.array([0, 0, 0].map(JSON.number)), .array([0, 0, 0].map(JSON.number))) }
            accessors.append(json)
            return accessors.count - 1
        }
        return accessor(floats: offsets.flatMap { [$0.x, $0.y, $0.z] }, type: "VEC3", components: 3, bounds: bounds, target: true)
    }

    /// A view of at least `bytes` zero bytes, shared.
    private mutating func zeroView(bytes: Int) -> Int {
        if let zeros, zeros.bytes >= bytes { return zeros.view }
        let index = view(Array(repeating: 0, count: bytes), target: 34962)
        zeros = (index, bytes)
        return index
    }

    /// Appends a view of `bytes` (aligned to 4) and returns its index.
    private mutating func view(_ bytes: [UInt8], target: Int?) -> Int {
        binary += Array(repeating: 0, count: (4 - binary.count % 4) % 4)
        var json: [String: JSON] = ["buffer": .number(0), "byteOffset": .number(Double(binary.count)), "byteLength": .number(Double(bytes.count))]
        if let target { json["target"] = .number(Double(target)) }
        binary += bytes
        bufferViews.append(json)
        return bufferViews.count - 1
    }

    /// A FLOAT accessor of `floats`; `bounds` writes min and max (required for POSITION and animation input).
    private mutating func accessor(floats: [Float], type: String, components: Int, bounds: Bool, target: Bool = false) -> Int {
        let bytes = floats.withUnsafeBytes { Array($0) }
        var json: [String: JSON] = [
            "bufferView": .number(Double(view(bytes, target: target ? 34962 : nil))),   // ARRAY_BUFFER
            "componentType": .number(5126), "count": .number(Double(floats.count / components)), "type": .string(type)
        ]
        if bounds, !floats.isEmpty {
            var lo = Array(floats[0..<components]), hi = lo
            for i in stride(from: 0, to: floats.count, by: components) {
                for c in 0..<components { lo[c] = min(lo[c], floats[i + c]); hi[c] = max(hi[c], floats[i + c]) }
            }
            json["min"] = .array(lo.map { .number(Double($0)) })
            json["max"] = .array(hi.map { .number(Double($0)) })
        }
        accessors.append(json)
        return accessors.count - 1
    }

    /// glTF's `mode` of a primitive (POINTS 0, LINES 1, TRIANGLES 4).
    private static func mode(of primitive: Mesh.Primitive) -> Double {
        switch primitive {
        case .triangles: 4
        case .lines: 1
        case .points: 0
        }
    }

    private mutating func indexAccessor(_ indices: [UInt32]) -> Int {
        let bytes = indices.withUnsafeBytes { Array($0) }
        accessors.append([
            "bufferView": .number(Double(view(bytes, target: 34963))),   // ELEMENT_ARRAY_BUFFER
            "componentType": .number(5125), "count": .number(Double(indices.count)), "type": .string("SCALAR")
        ])
        return accessors.count - 1
    }
}
