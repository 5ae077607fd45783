internal import CAssimp
import SproutMath
import SproutScene

/// A file's cameras: for glTF, each node with a `camera` (read from the JSON: Assimp 5.2 makes
/// one `aiCamera` per glTF camera, named after the last node using it, and keeps neither the
/// vertical field of view nor an orthographic camera's height); for other formats, each
/// `aiCamera` at the entity of its node.
extension SceneConverter {
    /// Each camera of the file at its node's entity.
    mutating func cameras(in root: Entity) -> [ModelCamera] {
        gltf != nil ? gltfCameras() : assimpCameras(in: root)
    }

    /// Each `aiCamera` with the node of its name (FBX, Collada).
    private func assimpCameras(in root: Entity) -> [ModelCamera] {
        var result: [ModelCamera] = []
        let byName = root.firstEntitiesByName()
        for i in 0..<Int(scene.pointee.mNumCameras) {
            guard let c = scene.pointee.mCameras[i]?.pointee else { continue }
            let name = string(c.mName)
            guard let node = byName[name] else { continue }
            // The vertical angle whose tangent is the horizontal one's over the aspect; Assimp's
            // orthographic width is half the view's, and its aspect gives the height.
            let aspect = c.mAspect > 0 ? c.mAspect : 1
            let fovY = c.mHorizontalFOV > 0 ? 2 * atan(tan(c.mHorizontalFOV / 2) / aspect) : nil
            node.cameraLens =
                c.mOrthographicWidth > 0 && c.mOrthographicWidth.isFinite && c.mClipPlaneFar > c.mClipPlaneNear
                ? .orthographic(halfHeight: c.mOrthographicWidth / aspect, near: c.mClipPlaneNear, far: c.mClipPlaneFar)
                : .perspective(fovY: fovY.map(Self.clampedFieldOfView))
            result.append(
                ModelCamera(name: name, node: node, position: vector(c.mPosition), lookAt: vector(c.mPosition) + vector(c.mLookAt), up: vector(c.mUp)))
        }
        return result
    }

    /// Each glTF node with a `camera`, named by the node, at its origin looking down -Z with +Y
    /// up (glTF 3.10.1): `yfov` itself, or an orthographic camera's `ymag`, `znear` and `zfar`.
    /// An orthographic camera the specification forbids (ymag zero, znear negative, zfar not
    /// beyond it) is noted and drawn in perspective.
    private mutating func gltfCameras() -> [ModelCamera] {
        guard let gltf else { return [] }
        var result: [ModelCamera] = []
        for (index, json) in (gltf["nodes"]?.array ?? []).enumerated() {
            guard let cameraIndex = json["camera"]?.int, let camera = gltf["cameras"]?[cameraIndex],
                let aiNode = nodeMap.aiNodes[index], let node = entities[aiNode]
            else { continue }
            var lens = CameraLens.perspective(fovY: nil)
            if camera["type"]?.string == "orthographic" {
                let o = camera["orthographic"]
                if let ymag = o?["ymag"]?.float, ymag != 0, ymag.isFinite, let near = o?["znear"]?.float, near >= 0,
                    let far = o?["zfar"]?.float, far > near, far.isFinite
                {
                    lens = .orthographic(halfHeight: abs(ymag), near: near, far: far)
                } else if !invalidOrthographicCameras.contains("cameras[\(cameraIndex)]") {
                    invalidOrthographicCameras.append("cameras[\(cameraIndex)]")
                }
            } else if let yfov = camera["perspective"]?["yfov"]?.float, yfov > 0, yfov.isFinite {
                lens = .perspective(fovY: Self.clampedFieldOfView(yfov))
            }
            node.cameraLens = lens
            // Assimp 5.2 also copies a TRS node's translation into its camera's position, which
            // the node's own transform then applies a second time: the node's origin it is.
            result.append(ModelCamera(name: node.name, node: node, position: .zero, lookAt: -.unitZ, up: .unitY))
        }
        return result
    }

    /// A vertical field of view within 1 and 179 degrees, radians.
    private static func clampedFieldOfView(_ radiansAngle: Float) -> Float {
        min(max(radiansAngle, radians(fromDegrees: 1)), radians(fromDegrees: 179))
    }
}
