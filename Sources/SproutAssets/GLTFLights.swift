internal import CAssimp
import SproutMath
import SproutScene

/// KHR_lights_punctual: the file's lights, read from its own JSON (exact types, units, ranges and
/// cones), placed at the nodes Assimp gives them (Assimp names each light after its node).
enum GLTFLights {
    /// The lights the JSON declares, in order; a malformed one becomes the extension's defaults
    /// where a value is missing or out of range (a negative intensity is 0, cone angles are
    /// kept within 0 <= inner < outer <= pi/2).
    static func declared(in gltf: GLTFJSON?) -> [PunctualLight] {
        guard let lights = gltf?["extensions"]?["KHR_lights_punctual"]?["lights"]?.array else { return [] }
        return lights.map { json in
            var kind = PunctualLight.Kind.point
            switch json["type"]?.string {
            case "directional": kind = .directional
            case "spot":
                let outer = min(max(json["spot"]?["outerConeAngle"]?.float ?? .pi / 4, 1e-4), .pi / 2)
                let inner = min(max(json["spot"]?["innerConeAngle"]?.float ?? 0, 0), outer * 0.9999)
                kind = .spot(innerConeAngle: inner, outerConeAngle: outer)
            default: kind = .point
            }
            let color = json["color"]?.floats(count: 3).map { Vec3($0[0], $0[1], $0[2]) } ?? .one
            let range = json["range"]?.float.flatMap { $0 > 0 ? $0 : nil }
            return PunctualLight(
                name: json["name"]?.string ?? "", kind: kind,
                color: Vec3(max(color.x, 0), max(color.y, 0), max(color.z, 0)),
                intensity: max(json["intensity"]?.float ?? 1, 0), range: range)
        }
    }

    /// Puts each of `scene`'s lights on the entity of its node under `root`: light i of Assimp
    /// is light i of the JSON. Returns how many found no node.
    static func attach(_ declared: [PunctualLight], scene: UnsafePointer<aiScene>, under root: Entity) -> Int {
        var lost = 0
        let count = min(Int(scene.pointee.mNumLights), declared.count)
        let byName = root.firstEntitiesByName()
        for i in 0..<count {
            guard let light = scene.pointee.mLights[i]?.pointee else { lost += 1; continue }
            let nodeName = string(light.mName)
            guard let entity = byName[nodeName], entity.light == nil else { lost += 1; continue }
            var placed = declared[i]
            if placed.name.isEmpty { placed.name = nodeName }
            entity.light = placed
        }
        return lost + declared.count - count
    }
}
