import SproutMath
import SproutScene

/// EXT_mesh_gpu_instancing: a node's mesh drawn once per instance, each at the node's transform
/// times the instance's own translation, rotation and scale (the extension's TRANSLATION,
/// ROTATION and SCALE attributes; those an application names with a leading underscore, such
/// as `_ID`, carry its own data and are not read). The node's children are not instanced.
enum GLTFInstancing {
    /// What a node asks for.
    enum Request: Equatable {
        /// The node has no instancing.
        case none
        /// Each instance's transform, in order.
        case instances([Transform])
        /// Why the extension cannot be read, naming the attribute.
        case malformed(String)
        /// More instances than the import may make: nothing was read.
        case tooMany(Int)
    }

    /// The attributes Sprout reads and the components each has (the extension's VEC3 and VEC4).
    private static let transformAttributes = [("TRANSLATION", 3), ("ROTATION", 4), ("SCALE", 3)]

    /// What `node` (one of `gltf`'s nodes) asks for, its attributes read through `buffers`.
    /// An attribute's accessor declaring more than `maximumInstances` is not read at all (one
    /// declaring 999,999,999 without a buffer view made 48 GB of zeros, found by mutation).
    static func request(of node: GLTFJSON, in gltf: GLTFJSON, buffers: GLTFBuffers, maximumInstances: Int) -> Request {
        guard let instancing = node["extensions"]?["EXT_mesh_gpu_instancing"] else { return .none }
        guard case .object(let attributes)? = instancing["attributes"] else { return .malformed("attributes is not an object") }
        let declared = attributes.values.compactMap { $0.int.flatMap { gltf["accessors"]?[$0]?["count"]?.int } }
        if let most = declared.max(), most > maximumInstances { return .tooMany(most) }
        var columns: [String: [Float]] = [:]
        var counts: [(name: String, count: Int)] = []
        for name in attributes.keys.sorted() {
            guard let index = attributes[name]?.int, index >= 0 else { return .malformed("attributes.\(name) is not an accessor index") }
            guard let width = transformAttributes.first(where: { $0.0 == name })?.1 else {
                // An application's own attribute: only its count says how many instances there are.
                guard let count = gltf["accessors"]?[index]?["count"]?.int, count >= 0 else {
                    return .malformed("attributes.\(name): accessor \(index) has no count")
                }
                counts.append((name, count))
                continue
            }
            guard let read = buffers.floats(accessor: index) else { return .malformed("attributes.\(name): accessor \(index) cannot be read") }
            guard read.components == width else { return .malformed("attributes.\(name): accessor \(index) is not a VEC\(width)") }
            guard read.values.allSatisfy(\.isFinite) else { return .malformed("attributes.\(name): accessor \(index) has a value that is not finite") }
            columns[name] = read.values
            counts.append((name, read.values.count / width))
        }
        guard let count = counts.first?.count else { return .malformed("attributes names no accessor") }
        if let other = counts.first(where: { $0.count != count }) {
            return .malformed("attributes.\(counts[0].name) has \(count) instances but attributes.\(other.name) \(other.count)")
        }
        let translations = columns["TRANSLATION"], rotations = columns["ROTATION"], scales = columns["SCALE"]
        let transforms = (0..<count).map { i in
            Transform(
                translation: translations.map { Vec3($0[3 * i], $0[3 * i + 1], $0[3 * i + 2]) } ?? .zero,
                // Normalised: a quaternion stored as normalised bytes or shorts is only nearly unit.
                rotation: rotations.map { Quaternion(x: $0[4 * i], y: $0[4 * i + 1], z: $0[4 * i + 2], w: $0[4 * i + 3]).normalized } ?? .identity,
                scale: scales.map { Vec3($0[3 * i], $0[3 * i + 1], $0[3 * i + 2]) } ?? .one)
        }
        return .instances(transforms)
    }
}
