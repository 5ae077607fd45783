internal import CAssimp
import SproutMath
import SproutScene

/// Another format's skins (FBX, COLLADA) as Sprout's: Assimp gives each mesh its bones, each
/// named after the node it follows, with an offset matrix taking the mesh's space to the
/// bone's at bind time, which is a glTF inverse bind matrix (both skin as joint world x offset,
/// the skinned node's own transform left out). A node's skin joins the bones of all its meshes,
/// by name, in the order first met; glTF's skins are read from the file's `skins` instead.
struct AssimpSkins {
    /// A skinned node, its joints' names and each joint's offset matrix.
    private var nodes: [(node: UnsafeMutablePointer<aiNode>, names: [String], offsets: [Matrix4])] = []

    /// Notes `node`'s skin, if its meshes have bones, and gives each of those meshes the skin's
    /// joint names (`jointNamesByMesh`, which orders a vertex's influences). A skin of more than
    /// `Skin.maximumJoints` joints, an offset that is not a number, or a mesh another node drew
    /// with other bones: not noted, its meshes keep no influences (`SceneConverter` warns).
    mutating func gather(node: UnsafeMutablePointer<aiNode>, scene: UnsafePointer<aiScene>, jointNamesByMesh: inout [Int: [String]]) {
        var names: [String] = [], offsets: [Matrix4] = [], jointOfName: [String: Int] = [:]
        var skinnedMeshes: [Int] = []
        for i in 0..<Int(node.pointee.mNumMeshes) {
            let index = Int(node.pointee.mMeshes[i])
            guard index < Int(scene.pointee.mNumMeshes), let mesh = scene.pointee.mMeshes[index]?.pointee, mesh.mNumBones > 0 else { continue }
            skinnedMeshes.append(index)
            for b in 0..<Int(mesh.mNumBones) {
                guard let bone = mesh.mBones[b]?.pointee else { continue }
                let name = string(bone.mName)
                guard jointOfName[name] == nil else { continue }
                jointOfName[name] = names.count
                names.append(name)
                offsets.append(matrix(bone.mOffsetMatrix))
                if names.count > Skin.maximumJoints { return }
            }
        }
        guard !names.isEmpty else { return }
        guard offsets.allSatisfy(Self.isFinite), skinnedMeshes.allSatisfy({ jointNamesByMesh[$0].map { $0 == names } ?? true }) else { return }
        for index in skinnedMeshes { jointNamesByMesh[index] = names }
        nodes.append((node, names, offsets))
    }

    /// Gives each noted node's entity its skin, the joints found by name under `root` (the
    /// first in the tree's order, as `firstEntitiesByName`). Returns how many skinned nodes were
    /// left in their bind pose, a bone naming no entity.
    func attach(entities: [UnsafeMutablePointer<aiNode>: Entity], under root: Entity) -> Int {
        var broken = 0
        var found: [String: EntityPath?] = [:]
        let byName = nodes.isEmpty ? [:] : root.firstEntitiesByName()
        for (node, names, offsets) in nodes {
            guard let entity = entities[node], let model = entity.model, let down = EntityPath.down(from: root, to: entity) else { continue }
            var joints: [EntityPath] = []
            for name in names {
                let path = found[name] ?? byName[name].flatMap { EntityPath.down(from: root, to: $0) }
                found[name] = path
                guard let path else { break }
                joints.append(EntityPath(levelsUp: down.childIndices.count, childIndices: path.childIndices))
            }
            guard joints.count == names.count else { broken += 1; continue }
            var skin = Skin(joints: joints, inverseBindMatrices: offsets)
            skin.computeJointBounds(of: model.parts.map(\.mesh))
            entity.model?.skin = skin
        }
        return broken
    }

    /// Whether every entry of `m` is a number (Assimp passes a file's `nan` through).
    private static func isFinite(_ m: Matrix4) -> Bool {
        (0..<4).allSatisfy { column in (0..<4).allSatisfy { m[column][$0].isFinite } }
    }
}
