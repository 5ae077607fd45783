import SproutMath

/// How a skinned model's vertices follow its joints (glTF `skins`): each vertex is moved by up
/// to eight joints (`Mesh.joints`, `Mesh.weights`), each joint by its entity's world transform
/// times its inverse bind matrix. The skinned entity's own transform is not applied to the
/// vertices (glTF 2.0, 3.7.3.3): the palette is expressed in the entity's space so that the
/// renderer's usual model matrix can be kept.
public struct Skin: Sendable {
    /// The most joints one skin may have: the palette is a 16 KiB uniform block of 4x4 matrices
    /// (OpenGL's guaranteed minimum `GL_MAX_UNIFORM_BLOCK_SIZE`, 16,384 bytes / 64).
    public static let maximumJoints = 256

    /// Each joint, from the skinned entity.
    public var joints: [EntityPath]
    /// Each joint's inverse bind matrix: model space to the joint's space at bind time.
    public var inverseBindMatrices: [Matrix4]
    /// Each joint's box around the vertices it moves, in the mesh's space as bound (empty for a
    /// joint that moves none): a skinned vertex is a weighted mean of its joints' matrices
    /// applied to it, so the posed mesh lies within the union of these boxes carried by the palette.
    public var jointBounds: [BoundingBox]

    /// A skin of `joints` with their inverse bind matrices (one each) and bounds (empty: none known).
    public init(joints: [EntityPath], inverseBindMatrices: [Matrix4], jointBounds: [BoundingBox] = []) {
        precondition(joints.count == inverseBindMatrices.count, "Skin: one inverse bind matrix per joint")
        self.joints = joints
        self.inverseBindMatrices = inverseBindMatrices
        self.jointBounds = jointBounds.count == joints.count ? jointBounds : Array(repeating: .empty, count: joints.count)
    }

    /// Each joint's box around the vertices of `meshes` it moves (a weight above 0).
    public mutating func computeJointBounds(of meshes: [Mesh]) {
        var boxes = [BoundingBox](repeating: .empty, count: joints.count)
        for mesh in meshes {
            for v in 0..<mesh.vertexCount {
                for (joint, weight) in mesh.influences(ofVertex: v) where weight > 0 && joint < boxes.count {
                    boxes[joint].formUnion(mesh.positions[v])
                }
            }
        }
        jointBounds = boxes
    }

    /// The palette for the skinned entity `skinned` as it is drawn now: for each joint,
    /// inverse(world of `skinned`) x world of the joint x its inverse bind matrix. nil when a
    /// joint cannot be found (the model's tree was changed) or `skinned` has no inverse.
    public func jointMatrices(for skinned: Entity) -> [Matrix4]? {
        guard let toLocal = skinned.presentedWorldMatrix.inverse else { return nil }
        var result: [Matrix4] = []
        result.reserveCapacity(joints.count)
        for (path, inverseBind) in zip(joints, inverseBindMatrices) {
            guard let joint = path.resolve(from: skinned) else { return nil }
            result.append(toLocal * joint.presentedWorldMatrix * inverseBind)
        }
        return result
    }
}

/// One morph target of a mesh (glTF `targets`): what it adds to each vertex at weight 1.
public struct MorphTarget: Sendable {
    /// Added to each position, one per vertex.
    public var positionOffsets: [Vec3]
    /// Added to each normal (then normalised), one per vertex, or empty.
    public var normalOffsets: [Vec3]
    /// Added to each tangent's direction (glTF's `TANGENT` target: xyz, the bitangent's sign
    /// unchanged), one per vertex, or empty.
    public var tangentOffsets: [Vec3]
    /// The box of `positionOffsets` (with the origin), for posed bounds.
    public let offsetBounds: BoundingBox

    /// A target from its offsets.
    public init(positionOffsets: [Vec3], normalOffsets: [Vec3] = [], tangentOffsets: [Vec3] = []) {
        self.positionOffsets = positionOffsets
        self.normalOffsets = normalOffsets
        self.tangentOffsets = tangentOffsets
        var box = BoundingBox(points: positionOffsets)
        box.formUnion(Vec3.zero)
        offsetBounds = box
    }

    /// The target with each of its offset lists passed through `vertices` (a mesh's vertices
    /// split, copied or reordered the same way; an empty list stays empty).
    public func remapped(_ vertices: ([Vec3]) -> [Vec3]) -> MorphTarget {
        MorphTarget(
            positionOffsets: vertices(positionOffsets), normalOffsets: normalOffsets.isEmpty ? [] : vertices(normalOffsets),
            tangentOffsets: tangentOffsets.isEmpty ? [] : vertices(tangentOffsets))
    }
}
