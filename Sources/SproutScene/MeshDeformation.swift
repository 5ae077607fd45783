import SproutMath

/// How a deformable model is posed this frame: its skin's joint palette and its morph weights.
/// The renderer applies it on the GPU; `Mesh.deformedPositions` is the same arithmetic on the
/// CPU, for hit tests and tests.
public struct MeshDeformation: Equatable, Sendable {
    /// One matrix per skin joint (`Skin.jointMatrices(for:)`), or empty when not skinned.
    public var jointMatrices: [Matrix4]
    /// One weight per morph target, or empty.
    public var morphWeights: [Float]

    /// A pose from its palette and weights.
    public init(jointMatrices: [Matrix4] = [], morphWeights: [Float] = []) {
        self.jointMatrices = jointMatrices
        self.morphWeights = morphWeights
    }

    /// Every float of the pose, palette first: what a cache compares (shadow inputs).
    public var flattened: [Float] { jointMatrices.flatMap(\.flat) + morphWeights }
}

extension Mesh {
    /// Each position morphed (targets weighted, glTF 3.7.2.2) then skinned (the weighted sum of
    /// the joints' matrices, glTF 3.7.3.3), in the mesh's space.
    public func deformedPositions(by deformation: MeshDeformation) -> [Vec3] {
        var result = positions
        for (target, weight) in zip(morphTargets, deformation.morphWeights) where weight != 0 {
            for v in result.indices { result[v] += target.positionOffsets[v] * weight }
        }
        guard skinSets > 0, !deformation.jointMatrices.isEmpty else { return result }
        let palette = deformation.jointMatrices
        for v in result.indices {
            var skinned = Vec3.zero
            for (joint, weight) in influences(ofVertex: v) where weight != 0 && joint < palette.count {
                skinned += palette[joint].transformPoint(result[v]) * weight
            }
            result[v] = skinned
        }
        return result
    }

    /// A box around the mesh as `deformation` poses it, without visiting its vertices: the
    /// morph targets' offset boxes added as weighted, then, with a skin, each joint's box
    /// (`Skin.jointBounds`) carried by its matrix. It contains the posed mesh and may be larger.
    public func bounds(deformedBy deformation: MeshDeformation, skin: Skin?) -> BoundingBox {
        var box = bounds
        for (target, weight) in zip(morphTargets, deformation.morphWeights) where weight != 0 && !target.offsetBounds.isEmpty {
            let a = target.offsetBounds.min * weight, b = target.offsetBounds.max * weight
            box.min += pointwiseMin(a, b)
            box.max += pointwiseMax(a, b)
        }
        guard skinSets > 0, let skin, skin.jointBounds.count == deformation.jointMatrices.count, !deformation.jointMatrices.isEmpty else { return box }
        // Morph offsets grow each joint's box (in the mesh's space, as bound) as they grow the mesh's.
        let growth = (min: bounds.min - box.min, max: box.max - bounds.max)
        var posed = BoundingBox.empty
        for (jointBox, matrix) in zip(skin.jointBounds, deformation.jointMatrices) where !jointBox.isEmpty {
            posed.formUnion(BoundingBox(min: jointBox.min - growth.min, max: jointBox.max + growth.max).transformed(by: matrix))
        }
        return posed.isEmpty ? box : posed
    }
}

extension Entity {
    /// The pose of this entity's deformable model now (its skin's palette from the joints as
    /// drawn, its morph weights); nil when the model is not deformable or a joint is missing.
    public var deformation: MeshDeformation? {
        guard let model, model.isDeformable else { return nil }
        var result = MeshDeformation(morphWeights: model.morphWeights)
        if let skin = model.skin {
            guard let palette = skin.jointMatrices(for: self) else { return model.morphWeights.isEmpty ? nil : result }
            result.jointMatrices = palette
        }
        return result
    }
}
