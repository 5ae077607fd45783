import SproutMath
import SproutScene

/// A plant moving in a light wind, as morph targets and a looping clip of their weights (so
/// other glTF viewers play it too): the stem bends by height (a tip moves 3 % of the plant's
/// height, the base stays), the leaves flutter. Written by `sprout grow` into the .glb; played
/// where a model's first clip is played (the preview window), never in scripts unless asked.
public enum PlantSway {
    /// The targets' names, in order (glTF `mesh.extras.targetNames`): bends towards +X, -X, +Z
    /// and -Z, then the leaves lifting. Each direction has its own target so that every weight
    /// stays within 0...1: glTF allows negative weights (KhronosGroup/glTF#931), but Blender's
    /// importer clamps shape keys at 0, and the plant would lean one way only there.
    public static let targetNames = ["bend +x", "bend -x", "bend +z", "bend -z", "leaves lift"]
    /// The clip's name.
    public static let clipName = "sway"
    /// The clip's length in seconds: two bends along x, three along z and eight flutters fit it,
    /// so it loops without a seam.
    public static let duration: Float = 8
    /// Keys per second of the clip (LINEAR between them: 0.5 % of the bend at most off a sine).
    public static let keysPerSecond = 8
    /// How far a tip bends at weight 1, as a fraction of the plant's height.
    public static let bend: Float = 0.03
    /// How far a leaf point rises at weight 1, as a fraction of its distance from the stem's axis.
    public static let lift: Float = 0.08

    /// `parts` with the five targets on every mesh: bends for all, the lift for the leaves
    /// (materials named "leaves"); `height` is the plant's (full detail), so every level bends alike.
    public static func addingTargets(to parts: [ModelPart], height: Float) -> [ModelPart] {
        let h = max(height, 1e-3)
        return parts.map { part in
            let mesh = part.mesh
            let isLeaves = part.material.name == "leaves"
            func bendTarget(_ direction: Vec3) -> MorphTarget {
                // Quadratic in height: the stem's base stays put and its tip leans the most.
                MorphTarget(
                    positionOffsets: mesh.positions.map { p in
                        let s = max(p.y, 0) / h
                        return direction * (bend * h * s * s)
                    })
            }
            let leaves = MorphTarget(
                positionOffsets: mesh.positions.map { p in
                    isLeaves ? Vec3(0, lift * (p.x * p.x + p.z * p.z).squareRoot(), 0) : .zero
                })
            let targets = [bendTarget(Vec3(1, 0, 0)), bendTarget(Vec3(-1, 0, 0)), bendTarget(Vec3(0, 0, 1)), bendTarget(Vec3(0, 0, -1)), leaves]
            return ModelPart(
                mesh: Mesh(
                    name: mesh.name, positions: mesh.positions, normals: mesh.normals, uvs: mesh.uvs, uvs1: mesh.uvs1,
                    colors: mesh.colors, tangents: mesh.tangents, indices: mesh.indices, morphTargets: targets),
                material: part.material)
        }
    }

    /// The weights at `time` seconds: a bend of two cycles along x (up to 1) and three along z
    /// (up to 0.6) over the clip, each split into its + and - target, and eight leaf flutters (0...1).
    public static func weights(at time: Float) -> [Float] {
        let phase = 2 * Float.pi * time / duration
        let x = sin(2 * phase), z = 0.6 * sin(3 * phase + 1)
        return [max(x, 0), max(-x, 0), max(z, 0), max(-z, 0), 0.5 + 0.5 * sin(8 * phase)]
    }

    /// The weights' keyframes over the clip, LINEAR, ending where they began.
    public static var sampler: AnimationSampler {
        let count = Int(duration) * keysPerSecond + 1
        let times = (0..<count).map { Float($0) / Float(keysPerSecond) }
        // The last key is the first (sines of whole cycles are 0 only to rounding), so the loop has no seam.
        let values = times.flatMap { weights(at: $0 == duration ? 0 : $0) }
        return AnimationSampler(interpolation: .linear, times: times, values: values, width: targetNames.count)
    }
}
